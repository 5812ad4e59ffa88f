import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { photoFileKeys } from '../../shared/photo-files.ts';
import { photoIdOf } from '../features/photos/processing.ts';
import { adminDatabaseUrl, databaseUrlFor } from './env.ts';
import { photoLike } from './photos.ts';
import type { S3Server } from './s3-server.ts';

// What the photo store's fault tests share: a server process on a fresh PostgreSQL database with its
// photos in an S3 stand-in, uploads over HTTP, and what the database and the bucket hold afterwards.

export interface PhotoFaultRig {
  /** The server's environment: a fresh database, the bucket, limits out of the way. */
  env: Record<string, string>;
  /** A client of the database, to read what it holds. */
  db: pg.Client;
  close(): Promise<void>;
}

export async function photoFaultRig(s3: S3Server, label: string): Promise<PhotoFaultRig> {
  const name = `lh_test_${label}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const db = new pg.Client({ connectionString: databaseUrlFor(name) });
  await db.connect();
  const dataDir = mkdtempSync(join(tmpdir(), `lh-${label}-`));
  return {
    env: {
      DATABASE_URL: databaseUrlFor(name),
      DATA_DIR: dataDir,
      SEED: 'none',
      AUTH_RATE_LIMIT_PER_IP: '10000',
      WRITE_RATE_LIMIT_PER_USER: '10000',
      PHOTO_UPLOADS_PER_USER: '10000',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
    db,
    async close() {
      await db.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let shade = 0;
/** A small photo unlike any other this process made (the pattern shifts), and the id it will get. */
export async function distinctPhoto(): Promise<{ bytes: Buffer; id: string }> {
  shade += 1;
  const bytes = await photoLike(640, 480)
    .linear(1, shade % 200)
    .jpeg({ quality: 70 + Math.floor(shade / 200) })
    .toBuffer();
  return { bytes, id: photoIdOf(bytes) };
}

/** POST /api/photos as the browser sends it. */
export function uploadOver(url: string, cookie: string, bytes: Buffer) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return fetch(`${url}/api/photos`, { method: 'POST', headers: { origin: url, cookie }, body: form });
}

/** Every key the bucket holds. */
export async function bucketKeys(s3: S3Server): Promise<Set<string>> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const keys = new Set<string>();
  try {
    let token: string | undefined;
    do {
      const out = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
      for (const o of out.Contents ?? []) if (o.Key) keys.add(o.Key);
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return keys;
}

/**
 * The bucket beside the database: `missing`, the files of photo rows that the bucket lacks (empty
 * when everything referred to was stored whole), and `unreferenced`, files no row refers to (left by
 * an upload that failed or was cut short between its files: harmless, written over if the same photo
 * is uploaded again).
 */
export async function bucketBesideRows(db: pg.Client, s3: S3Server) {
  const keys = await bucketKeys(s3);
  const { rows } = await db.query<{ id: string; width: number; widths: number[] }>(
    'select id, width, widths from photo',
  );
  const referred = new Set(rows.flatMap((r) => photoFileKeys(r.id, r)));
  return {
    missing: [...referred].filter((k) => !keys.has(k)),
    unreferenced: [...keys].filter((k) => !referred.has(k)),
  };
}
