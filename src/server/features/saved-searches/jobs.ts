import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { type NotificationDelivery, recordNotifications } from '../notifications/notifications.ts';
import type { Matcher } from './matching.ts';
import { alertJobs } from './schema.ts';

// Alerts of saved searches (docs/decisions/0042-alerts-from-a-job-table.md): a listing published or
// made cheaper leaves a job in `alert_job`, written in the transaction that made the change, so a
// change that commits always has its job and one rolled back never does. A worker in every instance
// claims due jobs with `FOR UPDATE SKIP LOCKED` (instances never wait on each other nor take the
// same job), matches the listing (matching.ts), writes the notifications and deletes the job in one
// transaction, and sends the notifications to open pages after it commits. An attempt that fails is
// rolled back and tried again later, each time waiting twice as long, up to MAX_ATTEMPTS.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type AlertReason = 'published' | 'price_dropped';

/** Attempts at a job before it is left failed (`failed_at`) for an operator to look at. */
export const MAX_ATTEMPTS = 8;
/** The longest wait between two attempts. */
const MAX_BACKOFF_S = 300;

/** Leaves a job to match the listing against the saved searches, in the caller's transaction. */
export async function enqueueAlert(tx: Db | Tx, laptopId: string, reason: AlertReason): Promise<void> {
  await tx.insert(alertJobs).values({ laptopId, reason });
}

/** An attempt at a job failed; it is tried again later, or never (`gaveUp`). */
export interface FailedAttempt {
  jobId: number;
  laptopId: string;
  attempts: number;
  gaveUp: boolean;
  error: unknown;
}

/** What one turn did: a job done, a job's attempt failed, or nothing due. */
export type Turn = 'done' | 'failed' | 'idle';

/**
 * Claims one due job, matches its listing and writes the new matches' notifications. A failure of
 * the matching rolls back to before it (a savepoint: the job stays claimed) and the job is put off.
 */
export async function runOneJob(
  db: Db,
  matcher: Matcher,
  log: { attemptFailed: (report: FailedAttempt) => void },
): Promise<{ turn: Turn; deliveries: NotificationDelivery[] }> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: alertJobs.id, laptopId: alertJobs.laptopId, attempts: alertJobs.attempts })
      .from(alertJobs)
      .where(and(isNull(alertJobs.failedAt), lte(alertJobs.runAfter, sql`now()`)))
      .orderBy(asc(alertJobs.runAfter), asc(alertJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return { turn: 'idle' as const, deliveries: [] };
    try {
      const deliveries = await tx.transaction(async (attempt) => {
        const matches = await matcher(attempt, job.laptopId);
        const told = await recordNotifications(
          attempt,
          matches.map((m) => ({
            userId: m.userId,
            kind: 'saved_search_match' as const,
            laptopId: job.laptopId,
            laptopName: m.laptopName,
            amount: m.price,
            note: m.searchName,
          })),
        );
        await attempt.delete(alertJobs).where(eq(alertJobs.id, job.id));
        return told;
      });
      return { turn: 'done' as const, deliveries };
    } catch (error) {
      const attempts = job.attempts + 1;
      const gaveUp = attempts >= MAX_ATTEMPTS;
      const waitS = Math.min(2 ** attempts, MAX_BACKOFF_S);
      await tx
        .update(alertJobs)
        .set({
          attempts,
          runAfter: sql`now() + make_interval(secs => ${waitS})`,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
          ...(gaveUp ? { failedAt: sql`now()` } : {}),
        })
        .where(eq(alertJobs.id, job.id));
      log.attemptFailed({ jobId: job.id, laptopId: job.laptopId, attempts, gaveUp, error });
      return { turn: 'failed' as const, deliveries: [] };
    }
  });
}
