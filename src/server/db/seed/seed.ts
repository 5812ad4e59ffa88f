import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts } from '../schema/auth.ts';
import { articles, services } from '../schema/content.ts';
import { laptops } from '../schema/laptops.ts';
import { users } from '../schema/users.ts';
import { DEMO_PASSWORD, demoAccounts, demoArticles, demoLaptops, demoServices } from './demo-data.ts';
import { makeLaptop, makeUser, newId } from './factories.ts';

const SEED_LOCK = 7_133_002;
const DAY_MS = 86_400_000;

async function isEmpty(tx: Db): Promise<boolean> {
  const [row] = await tx
    .select({
      n: sql<number>`(select count(*) from ${users}) + (select count(*) from ${laptops})
      + (select count(*) from ${services}) + (select count(*) from ${articles})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row?.n === 0;
}

/**
 * Loads the demo data (README.md#demo-data) into an empty database and returns true; leaves a
 * database that holds anything untouched and returns false. Concurrent callers seed once.
 */
export async function seedDemoIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return false;

    const people = demoAccounts.map((a) =>
      makeUser({ name: a.name, email: a.email, role: a.role, verified: a.verified }),
    );
    await tx.insert(users).values(people);
    // Demo accounts sign in with e-mail and password, as better-auth stores them.
    const hash = await hashPassword(DEMO_PASSWORD);
    await tx
      .insert(accounts)
      .values(
        people.map((p) => ({ id: newId(), userId: p.id, accountId: p.id, providerId: 'credential', password: hash })),
      );
    const idByEmail = new Map(people.map((a) => [a.email, a.id]));

    await tx.insert(laptops).values(
      demoLaptops.map(({ sellerEmail, daysAgo, ...row }) => {
        const sellerId = idByEmail.get(sellerEmail);
        if (!sellerId) throw new Error(`demo laptop '${row.name}' names unknown seller ${sellerEmail}`);
        return makeLaptop({ ...row, sellerId, postedAt: new Date(now.getTime() - daysAgo * DAY_MS) });
      }),
    );
    await tx.insert(services).values(
      demoServices.map((s, i) => ({
        id: newId(),
        name: s.name,
        description: s.description,
        icon: s.icon,
        position: i,
      })),
    );
    await tx
      .insert(articles)
      .values(demoArticles.map((a, i) => ({ id: newId(), question: a.question, answer: a.answer, position: i })));
    return true;
  });
}
