import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { hashUnhashedPhotos, removeUnusedPhotos } from './photos.ts';
import { PHOTO_CACHE_CONTROL, PHOTO_KEY, type PhotoStore, PhotoStoreUnavailableError } from './store.ts';

// The photo store for the routes (docs/photos.md), the files under /photos/… for browsers, and the
// hourly sweep that removes photos nothing holds (uploaded and never attached for 24 hours), and
// the perceptual hashes of photos stored before they were kept.

declare module 'fastify' {
  interface FastifyInstance {
    photoStore: PhotoStore;
  }
}

/** How often the sweep runs (and once at start-up). */
export const PHOTO_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function registerPhotos(app: FastifyInstance, store: PhotoStore) {
  app.decorate('photoStore', store);
  // One line when the bucket goes away and one when it answers again, not one per request.
  store.onAvailability?.((away) => {
    if (away) app.log.warn({ cause: away }, 'the photo store cannot be reached: uploads and photos answer 503');
    else app.log.info('the photo store answers again');
  });

  // Served from whichever store holds them: a file never changes once written (its key names its
  // content), so browsers and proxies may keep it for a year.
  app.get<{ Params: { id: string; file: string } }>('/photos/:id/:file', async (request, reply) => {
    const key = `${request.params.id}/${request.params.file}`;
    const notFound = () => sendError(reply, 'photo_not_found');
    if (!PHOTO_KEY.test(key)) return notFound();
    const etag = `"${key.replace('/', '-')}"`;
    if (request.headers['if-none-match'] === etag) {
      return reply.code(304).header('etag', etag).header('cache-control', PHOTO_CACHE_CONTROL).send();
    }
    const file = await store.read(key).catch((error) => {
      // The bucket is away: 503 with Retry-After, which browsers and proxies do not keep.
      if (error instanceof PhotoStoreUnavailableError) throw new AppError('photo_store_away_read');
      throw error;
    });
    if (!file) return notFound();
    reply.header('content-type', file.type).header('cache-control', PHOTO_CACHE_CONTROL).header('etag', etag);
    if (file.size !== undefined) reply.header('content-length', file.size);
    return reply.send(file.body);
  });

  const sweep = () =>
    removeUnusedPhotos({ db: app.db, store })
      .then((removed) => {
        if (removed) app.log.info({ removed }, 'removed photos no listing holds');
      })
      .catch((error) => app.log.warn({ err: error }, 'the photo sweep failed; it runs again within the hour'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    // Photos stored before perceptual hashes were kept get theirs, once (docs/photos.md#perceptual-hash).
    void hashUnhashedPhotos({ db: app.db, store })
      .then((hashed) => {
        if (hashed) app.log.info({ hashed }, 'gave older photos their perceptual hash');
      })
      .catch((error) => app.log.warn({ err: error }, 'hashing older photos failed; it runs again at the next start'));
    timer = setInterval(sweep, PHOTO_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
