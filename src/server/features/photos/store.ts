import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { PHOTO_FORMATS, PHOTO_WIDTHS } from '../../../shared/photo-files.ts';
import type { Config } from '../../platform/config.ts';
import { type OutageCause, outageCause } from '../../platform/outage.ts';

// Where photo files live (docs/photos.md#storage): a directory under DATA_DIR by default, or an
// S3-compatible bucket that several instances share. Keys are `{photo id}/{width}.{format}`;
// files never change once written (their key names their content), so they are cached for a year.

export interface StoredFile {
  body: Readable;
  size: number | undefined;
  type: string;
}

/** The S3 store's methods reject with PhotoStoreUnavailableError when the bucket cannot be reached. */
export interface PhotoStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, type: string): Promise<void>;
  /** Removes these keys; keys that are not there are no error. */
  remove(keys: string[]): Promise<void>;
  /** The file, or undefined when there is none (the app serves /photos/… from it). */
  read(key: string): Promise<StoredFile | undefined>;
  /** The address a browser fetches the file from. */
  url(key: string): string;
  /**
   * Calls `listener` when the store goes away (with the cause) and when it answers again
   * (undefined), once each time: for the log. The local store has no outages of its own.
   */
  onAvailability?(listener: (away: OutageCause | undefined) => void): void;
}

/**
 * The store could not be reached (refused, timed out, cut off, or the bucket answered 5xx): an
 * outage, not a bug. Callers answer 503; `cause` holds the driver's error for the log.
 */
export class PhotoStoreUnavailableError extends Error {
  constructor(
    readonly outage: OutageCause,
    options: { cause: unknown },
  ) {
    super(`the photo store cannot be reached: ${outage}`, options);
    this.name = 'PhotoStoreUnavailableError';
  }
}

/**
 * How long the S3 client waits before it gives up on a bucket that is away: a connection in 2 s,
 * an answer's headers in 5 s, and 5 s of silence while a body streams; one retry after a failure
 * (the SDK's backoff, a few hundred ms at most). A call therefore fails in well under a second when
 * the bucket refuses connections and in about 10 s when it hangs, instead of Node's minutes.
 */
export const S3_TIMEOUTS = {
  connectionMs: 2_000,
  requestMs: 5_000,
  socketMs: 5_000,
  maxAttempts: 2,
} as const;

/** The S3 error names (and statuses) that mean the bucket is away for now, not refusing for good. */
const S3_AWAY: Record<string, OutageCause> = {
  TimeoutError: 'timeout',
  RequestTimeout: 'timeout',
  ServiceUnavailable: 'unreachable',
  SlowDown: 'unreachable',
  InternalError: 'unreachable',
};

/** Why an S3 call's failure is an outage, or undefined when it is something else (a bug, a refusal). */
export function s3OutageCause(error: unknown): OutageCause | undefined {
  const known = outageCause(error);
  if (known) return known;
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: number } } | undefined;
  if (typeof e?.name === 'string' && Object.hasOwn(S3_AWAY, e.name)) return S3_AWAY[e.name];
  const status = e?.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return 'unreachable';
  return undefined;
}

/**
 * Calls to one bucket, with an outage's failure told as PhotoStoreUnavailableError. While the bucket
 * is away (the last call failed as an outage), one call at a time tries it and the others fail at
 * once: a bucket that hangs holds one caller for its timeouts (and, for an upload, one database
 * connection), not every caller. The first call that gets an answer ends it.
 */
function bucketCalls(tell: (away: OutageCause | undefined) => void) {
  let away: OutageCause | undefined;
  let trying = false;
  const become = (now: OutageCause | undefined) => {
    if ((now === undefined) !== (away === undefined)) tell(now);
    away = now;
  };
  return async function reaching<T>(work: () => Promise<T>): Promise<T> {
    const tries = away !== undefined;
    if (tries) {
      if (trying) throw new PhotoStoreUnavailableError(away!, { cause: undefined });
      trying = true;
    }
    try {
      const out = await work();
      become(undefined);
      return out;
    } catch (error) {
      const outage = s3OutageCause(error);
      become(outage);
      if (outage) throw new PhotoStoreUnavailableError(outage, { cause: error });
      throw error;
    } finally {
      if (tries) trying = false;
    }
  };
}

/**
 * A key as the store writes it, at any of the widths photos are stored at (PHOTO_WIDTHS holds those
 * of older photos too); anything else under /photos/ is refused before the store sees it. A width a
 * photo was not stored at is the store's 404.
 */
export const PHOTO_KEY = new RegExp(`^[a-f0-9]{32}/(?:${PHOTO_WIDTHS.join('|')})\\.(?:${PHOTO_FORMATS.join('|')})$`);

export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp' };
const typeOf = (key: string) => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** Files under `root`, served by the app at /photos/{key}. */
export function localPhotoStore(root: string): PhotoStore {
  const pathOf = (key: string) => {
    if (!PHOTO_KEY.test(key)) throw new Error(`not a photo key: ${key}`);
    return join(root, key);
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const partial = `${path}.${randomUUID()}.part`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async remove(keys) {
      const dirs = new Set<string>();
      for (const key of keys) {
        await rm(pathOf(key), { force: true });
        dirs.add(dirname(pathOf(key)));
      }
      // A photo's directory goes with its last file.
      for (const dir of dirs) await rmdir(dir).catch(() => {});
    },
    async read(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { body: createReadStream(path), size: info.size, type: typeOf(key) };
    },
    url: (key) => `/photos/${key}`,
  };
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** Where browsers fetch the files (a CDN in front of the bucket); unset: through the app. */
  publicUrl?: string;
  /** S3_TIMEOUTS unless given (tests shorten them). */
  timeouts?: Partial<Record<keyof typeof S3_TIMEOUTS, number>>;
}

/** An S3-compatible bucket (AWS, R2, MinIO, …), addressed by path so any endpoint works. */
export async function s3PhotoStore(options: S3Options): Promise<PhotoStore> {
  const { S3Client, PutObjectCommand, DeleteObjectsCommand, GetObjectCommand } = await import('@aws-sdk/client-s3');
  const timeouts = { ...S3_TIMEOUTS, ...options.timeouts };
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: stores other than AWS do not all read the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that is away fails the request in seconds (S3_TIMEOUTS), not after Node's minutes.
    maxAttempts: timeouts.maxAttempts,
    requestHandler: {
      connectionTimeout: timeouts.connectionMs,
      requestTimeout: timeouts.requestMs,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.socketMs,
    },
  });
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const listeners: ((away: OutageCause | undefined) => void)[] = [];
  const reaching = bucketCalls((away) => {
    for (const listener of listeners) listener(away);
  });
  return {
    kind: 's3',
    onAvailability(listener) {
      listeners.push(listener);
    },
    async put(key, bytes, type) {
      await reaching(() =>
        client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: key,
            Body: bytes,
            ContentType: type,
            CacheControl: PHOTO_CACHE_CONTROL,
          }),
        ),
      );
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const out = await reaching(() =>
          client.send(
            new DeleteObjectsCommand({
              Bucket: options.bucket,
              Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
            }),
          ),
        );
        // A bucket may refuse some keys (permissions) and still answer 200: that is a failure here.
        const refused = out.Errors ?? [];
        if (refused.length)
          throw new Error(`S3 refused to delete ${refused.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`);
      }
    },
    async read(key) {
      return reaching(async () => {
        try {
          const out = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
          return { body: out.Body as Readable, size: out.ContentLength, type: out.ContentType ?? typeOf(key) };
        } catch (error) {
          if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
          throw error;
        }
      });
    },
    url: (key) => (publicUrl ? `${publicUrl}/${key}` : `/photos/${key}`),
  };
}

/** The photo store the configuration names: its S3 bucket, or DATA_DIR/photos. */
export function photoStoreFor(config: Pick<Config, 's3' | 'dataDir'>): Promise<PhotoStore> | PhotoStore {
  return config.s3 ? s3PhotoStore(config.s3) : localPhotoStore(join(config.dataDir, 'photos'));
}
