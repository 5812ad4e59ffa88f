import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';

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
