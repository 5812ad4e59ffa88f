import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_LIMITS } from '../../../shared/photo-files.ts';
import { photoSchema } from '../../../shared/photos.ts';
import { AppError } from '../../platform/errors.ts';
import { perUser } from '../../platform/http/rate-limits.ts';
import { signedIn } from '../auth/access.ts';
import { storePhoto } from './photos.ts';
import { processPhoto } from './processing.ts';

const missing = () => new AppError('photo_missing', {}, { photo: { code: 'photo_missing' } });
const malformed = () => new AppError('photo_malformed', {}, { photo: { code: 'photo_malformed' } });

const TOO_LARGE = { max_mb: PHOTO_LIMITS.maxBytes / 1024 / 1024 };

/** Seconds to wait before trying again: a photo takes about one to process. */
const RETRY_AFTER = { seller: 5, busy: 10 };

/**
 * The multipart parser's limits stand (413); anything else it throws is a body that is not
 * well-formed multipart (cut short, a bad boundary, a part without its headers): the client's
 * mistake, a 400, not our 500 with a stack in the log.
 */
function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('photo_too_large', TOO_LARGE, { photo: { code: 'photo_too_large', ...TOO_LARGE } });
  }
  return (error as { statusCode?: number }).statusCode === 413 ? error : malformed();
}

// POST /api/photos (docs/photos.md): one photo per request, multipart field `photo`. Only this
// route's scope parses multipart bodies; the file is read into memory up to 15 MB (the limit is
// enforced while it streams in), checked and processed, and only the processed files are kept.
// A seller has at most PHOTO_LIMITS.uploadsAtOnce uploads in progress (429 beyond, before the body
// is read); an upload whose sender goes away stops and stores nothing.
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: PHOTO_LIMITS.maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  /** Uploads in progress per seller, in this process. */
  const inProgress = new Map<string, number>();

  app.post(
    '/photos',
    {
      schema: { response: { 201: photoSchema } },
      bodyLimit: PHOTO_LIMITS.maxBytes + 64 * 1024,
      config: {
        access: 'seller',
        // Each photo costs a second of CPU: fewer than the general write limit allows.
        rateLimit: perUser(app.config.photoUploadsPerUser, 10 * 60_000, 'photos'),
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw missing();
      const actor = signedIn(request);
      const mine = inProgress.get(actor.id) ?? 0;
      if (mine >= PHOTO_LIMITS.uploadsAtOnce) {
        reply.header('retry-after', String(RETRY_AFTER.seller));
        throw new AppError('photo_uploads_at_once', { max: PHOTO_LIMITS.uploadsAtOnce });
      }
      inProgress.set(actor.id, mine + 1);
      // The answer's connection closing before the answer is written: its sender has gone (or the
      // server cut a request that took too long), and nobody will take the photo.
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.once('close', onClose);
      try {
        const { bytes, declared } = await readPhoto(request);
        const processed = await processPhoto(bytes, declared, { signal: gone.signal }).catch((error) => {
          if (error instanceof AppError && error.code === 'unavailable')
            reply.header('retry-after', String(RETRY_AFTER.busy));
          throw error;
        });
        // Nobody is left to read the answer: whatever it says, nothing is stored.
        if (gone.signal.aborted) throw malformed();
        const photo = await storePhoto({ db: app.db, store: app.photoStore, actor, processed });
        return reply.code(201).send(photo);
      } finally {
        reply.raw.off('close', onClose);
        const left = (inProgress.get(actor.id) ?? 1) - 1;
        if (left > 0) inProgress.set(actor.id, left);
        else inProgress.delete(actor.id);
      }
    },
  );
};

/** The uploaded file's bytes, and the name and type its sender gave it. */
async function readPhoto(request: FastifyRequest) {
  try {
    const file = await request.file();
    if (!file) throw missing();
    if (file.fieldname !== 'photo') {
      // Read to the end (and dropped): the answer waits for the body otherwise.
      file.file.resume();
      await finished(file.file);
      throw missing();
    }
    return { bytes: await file.toBuffer(), declared: { name: file.filename, type: file.mimetype } };
  } catch (error) {
    throw multipartError(error);
  }
}
