import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { OPENAPI_PATH } from '../features/operations/api-docs.ts';
import type { PageRenderer } from '../features/pages/pages.ts';
import type { AlertWorkerOptions } from '../features/saved-searches/worker.ts';
import type { Config } from '../platform/config.ts';
import { type Database, openDatabase } from '../platform/db/client.ts';
import { adminDatabaseUrl, databaseUrlFor, testConfig } from './env.ts';
import {
  conformanceProblems,
  type OpenApiDocument,
  type RecordedAnswer,
  recordingFetch,
} from './openapi-conformance.ts';
import { freePort } from './ports.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** http://127.0.0.1:PORT */
  url: string;
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

let copies = 0;

/** A fresh copy of the seeded test database for this file, on the project's engine. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (inject('dbKind') === 'pglite') {
    const blob = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    const database = await openDatabase({ kind: 'pglite', loadDataDir: blob });
    return { database, drop: async () => {} };
  }
  copies += 1;
  const template = inject('pgTemplate');
  const name = `${template}_${process.pid}_${copies}`.replace('_tpl_', '_');
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: databaseUrlFor(name), poolSize: 5 });
  return {
    database,
    drop: async () => {
      const a = new pg.Client({ connectionString: adminDatabaseUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

async function documentOf(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject(OPENAPI_PATH);
  return res.json() as OpenApiDocument;
}

/** Starts the real app on a free port over a fresh database copy. */
export async function startTestApp(
  options: {
    config?: Partial<Config>;
    webDir?: string;
    pages?: PageRenderer;
    database?: Database;
    alerts?: Partial<AlertWorkerOptions>;
  } = {},
): Promise<TestApp> {
  const fresh = options.database ? undefined : await openTestDatabase();
  const database = options.database ?? fresh!.database;
  // The port is chosen first: the local sign-in provider needs to know its own address.
  const port = options.config?.port ?? (await freePort());
  // A data directory of its own (photos are written under it), removed on close.
  const dataDir = options.config?.dataDir ?? mkdtempSync(join(tmpdir(), 'lh-test-data-'));
  const app = await buildApp({
    config: testConfig({ port, dataDir, ...options.config }),
    database,
    webDir: options.webDir,
    pages: options.pages,
    logger: false,
    alerts: options.alerts,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  // Every answer is checked against the API reference when the app closes (openapi-conformance.ts).
  const answers: RecordedAnswer[] = [];
  const reading: Promise<unknown>[] = [];
  return {
    app,
    database,
    url,
    request: recordingFetch(url, answers, reading),
    async close() {
      await Promise.all(reading);
      const problems = answers.length ? conformanceProblems(await documentOf(app), answers) : [];
      await app.close();
      // A database handed in is its owner's to close (two apps may share one).
      if (fresh) {
        await database.close();
        await fresh.drop();
      }
      if (!options.config?.dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (problems.length)
        throw new Error(`answers that differ from the API reference (${OPENAPI_PATH}):\n${problems.join('\n')}`);
    },
  };
}
