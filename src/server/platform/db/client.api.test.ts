import { createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { adminDatabaseUrl } from '../../test/env.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { outageCause } from '../outage.ts';
import { openDatabase } from './client.ts';

// PGlite queues every query inside its one instance; the PostgreSQL pool is what could be ended
// under a request still at work (the app's shutdown: src/server/server.ts).
describe.runIf(inject('dbKind') === 'postgres')('closing the PostgreSQL database', () => {
  it('lets the queries under way finish, and one a handler starts just after, then closes', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const slow = database.db.execute(sql`select pg_sleep(0.2), 1 as one`);
      await sleep(10);
      const closing = database.close();
      await sleep(20);
      const late = database.db.execute(sql`select 2 as two`);

      await expect(slow).resolves.toMatchObject({ rows: [{ one: 1 }] });
      await expect(late).resolves.toMatchObject({ rows: [{ two: 2 }] });
      await closing;
      await expect(database.db.execute(sql`select 3`)).rejects.toThrow();
    } finally {
      await drop();
    }
  });
});

describe.runIf(inject('dbKind') === 'postgres')('a PostgreSQL that does not answer', () => {
  it('fails the start-up as a timeout outage instead of waiting forever', async () => {
    // Accepts the connection and never says a word, as a hung server or a half-open route does.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const started = Date.now();
      const error = await openDatabase({
        kind: 'postgres',
        url: `postgres://postgres@127.0.0.1:${port}/nothing`,
        connectTimeoutMs: 300,
      }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(outageCause(error)).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('fails a query that waits too long for a free connection, and the next one runs', async () => {
    // No table is needed: the server's own database will do.
    const database = await openDatabase({
      kind: 'postgres',
      url: adminDatabaseUrl,
      poolSize: 1,
      connectTimeoutMs: 200,
    });
    try {
      // Drizzle runs a query when it is awaited: start this one now.
      const holding = Promise.resolve(database.db.execute(sql`select pg_sleep(0.6), 1 as one`));
      await sleep(20);
      const waiting = database.db.execute(sql`select 2 as two`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(outageCause(await waiting)).toBe('timeout');
      await expect(holding).resolves.toMatchObject({ rows: [{ one: 1 }] });
      await expect(database.db.execute(sql`select 3 as three`)).resolves.toMatchObject({ rows: [{ three: 3 }] });
    } finally {
      await database.close();
    }
  });
});
