import type { Db } from '../../platform/db/client.ts';
import type { NotificationDelivery } from '../notifications/notifications.ts';
import { type FailedAttempt, runOneJob, type Turn } from './jobs.ts';
import { type Matcher, matchListing } from './matching.ts';

// The alert worker of one instance (docs/decisions/0042-alerts-from-a-job-table.md): it works through
// the due jobs (jobs.ts), then waits for the poll interval or until woken by a change on this
// instance that has just committed a job. Jobs left by other instances are found by polling.

/** What the worker reports to the operator. */
export interface AlertLog {
  attemptFailed: (report: FailedAttempt) => void;
  /** The jobs could not be read (the database is away): said once until they can again. */
  unreachable: (error: unknown) => void;
  back: () => void;
}

export interface AlertWorkerOptions {
  /** How often the worker looks for due jobs when nothing wakes it. */
  pollMs: number;
  /** Matches a listing (tests hand one that fails once; the worker's own is `matchListing`). */
  matcher?: Matcher;
}

/** Works through the due jobs, then waits `pollMs` or until woken; stops with the app. */
export class AlertWorker {
  private stopped = true;
  private running: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private readonly matcher: Matcher;

  constructor(
    private readonly db: Db,
    private readonly publish: (deliveries: NotificationDelivery[]) => void,
    private readonly log: AlertLog,
    private readonly options: AlertWorkerOptions,
  ) {
    this.matcher = options.matcher ?? matchListing;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  /** Looks for due jobs now (a job was just committed here). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Finishes the job under way and stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    let unreachable = false;
    while (!this.stopped) {
      this.woken = false;
      let turn: Turn = 'idle';
      try {
        const result = await runOneJob(this.db, this.matcher, this.log);
        turn = result.turn;
        // Committed: open pages hear of it now (here, and through the feed on other instances).
        this.publish(result.deliveries);
        if (unreachable) this.log.back();
        unreachable = false;
      } catch (error) {
        if (!unreachable) this.log.unreachable(error);
        unreachable = true;
      }
      if (turn === 'idle' || unreachable) await this.pause();
    }
  }

  private pause(): Promise<void> {
    if (this.woken || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }
}
