import type { FastifyBaseLogger } from 'fastify';
import { isLocale } from '../../../shared/locale.ts';
import type { Db } from '../../platform/db/client.ts';
import type { NotificationDelivery } from '../notifications/notifications.ts';
import type { PushSender } from './sender.ts';
import { forgetSubscription, subscriptionsOf } from './subscriptions.ts';
import { pushPayload } from './words.ts';

// Sending notifications to the devices of their users (docs/product.md#push-notifications), off the
// request path: the route has answered before anything here runs. A few sends at a time, so a burst
// of bookings does not take every database connection or socket; a push service that is slow or
// down costs a log line, never a request. A subscription the push service says is gone is removed.

/** Lookups and sends under way at once. */
const AT_ONCE = 4;
/** Work waiting beyond this is dropped (and logged once until the queue drains): memory stays bounded. */
const MAX_WAITING = 10_000;

export class PushOut {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;
  private dropping = false;
  private drained: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly sender: PushSender,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Pushes these notifications to their users' subscriptions, later. */
  notify(deliveries: readonly NotificationDelivery[]): void {
    if (deliveries.length === 0) return;
    this.enqueue(async () => {
      const rows = await subscriptionsOf(this.db, [...new Set(deliveries.map((d) => d.userId))]);
      for (const d of deliveries) {
        for (const row of rows) {
          if (row.userId !== d.userId) continue;
          const payload = JSON.stringify(pushPayload(d.notification, isLocale(row.lang) ? row.lang : 'en'));
          this.enqueue(async () => {
            const result = await this.sender.send(row, payload);
            if (result.outcome === 'gone') await forgetSubscription(this.db, row);
            else if (result.outcome === 'failed') {
              this.log.warn({ err: result.error, subscription: row.id }, 'a push notification was not sent');
            }
          });
        }
      }
    });
  }

  /** Closing: what waits is dropped; resolves once the sends under way have ended. */
  stop(): Promise<void> {
    this.waiting.length = 0;
    return this.idle();
  }

  /** Resolves once nothing waits or runs (tests). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  private enqueue(work: () => Promise<void>): void {
    if (this.waiting.length >= MAX_WAITING) {
      if (!this.dropping) this.log.warn({ waiting: MAX_WAITING }, 'push notifications are dropped: too many wait');
      this.dropping = true;
      return;
    }
    this.waiting.push(work);
    this.next();
  }

  private next(): void {
    while (this.running < AT_ONCE && this.waiting.length > 0) {
      const work = this.waiting.shift()!;
      this.running += 1;
      work()
        .catch((error: unknown) => this.log.warn({ err: error }, 'push notifications were not sent'))
        .finally(() => {
          this.running -= 1;
          this.next();
        });
    }
    if (this.running === 0 && this.waiting.length === 0) {
      this.dropping = false;
      for (const resolve of this.drained.splice(0)) resolve();
    }
  }
}
