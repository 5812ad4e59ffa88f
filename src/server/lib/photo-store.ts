import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';

// Where photo files live (docs/photos.md#storage): a directory under DATA_DIR by default, or an
// S3-compatible bucket that several instances share. Keys are `{photo id}/{width}.{format}`;
// files never change once written (their key names their content), so they are cached for a year.

export interface StoredFile {
  body: Readable;
  size: number | undefined;
  type: string;
}

export interface PhotoStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, type: string): Promise<void>;
  /** Removes these keys; keys that are not there are no error. */
  remove(keys: string[]): Promise<void>;
  /** The file, or undefined when there is none (the app serves /photos/… from it). */
  read(key: string): Promise<StoredFile | undefined>;
  /** The address a browser fetches the file from. */
  url(key: string): string;
}

/** A key as the store writes it; anything else under /photos/ is refused before the store sees it. */
export const PHOTO_KEY = /^[a-f0-9]{32}\/(?:320|640|1280)\.(?:avif|webp)$/;

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
}

/** An S3-compatible bucket (AWS, R2, MinIO, …), addressed by path so any endpoint works. */
export async function s3PhotoStore(options: S3Options): Promise<PhotoStore> {
  const { S3Client, PutObjectCommand, DeleteObjectsCommand, GetObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: stores other than AWS do not all read the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  return {
    kind: 's3',
    async put(key, bytes, type) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: bytes,
          ContentType: type,
          CacheControl: PHOTO_CACHE_CONTROL,
        }),
      );
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const out = await client.send(
          new DeleteObjectsCommand({
            Bucket: options.bucket,
            Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        );
        // A bucket may refuse some keys (permissions) and still answer 200: that is a failure here.
        const refused = out.Errors ?? [];
        if (refused.length)
          throw new Error(`S3 refused to delete ${refused.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`);
      }
    },
    async read(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return { body: out.Body as Readable, size: out.ContentLength, type: out.ContentType ?? typeOf(key) };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    url: (key) => (publicUrl ? `${publicUrl}/${key}` : `/photos/${key}`),
  };
}

/** The photo store the configuration names: its S3 bucket, or DATA_DIR/photos. */
export function photoStoreFor(config: Pick<Config, 's3' | 'dataDir'>): Promise<PhotoStore> | PhotoStore {
  return config.s3 ? s3PhotoStore(config.s3) : localPhotoStore(join(config.dataDir, 'photos'));
}
