import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_ORDER_STATUSES } from '../../../shared/catalog.ts';
import { type CreateReportInput, hiddenReason, type Report, type ReportAction } from '../../../shared/reports.ts';
import { LIST_LIMIT, type PageQuery } from '../../../shared/search.ts';
import type { Actor } from '../../platform/actor.ts';
import { type Db, newId } from '../../platform/db/client.ts';
import { pgCode } from '../../platform/db/pg-code.ts';
import { AppError } from '../../platform/errors.ts';
import {
  afterKey,
  decodeCursor,
  newestFirst,
  type Page,
  timestampCursor,
  timestampKey,
  toPage,
} from '../../platform/paging.ts';
import { isPublic } from '../laptops/laptops.ts';
import { laptops } from '../laptops/schema.ts';
import { type Delivery, recordNotifications } from '../notifications/notifications.ts';
import { orders } from '../orders/schema.ts';
import { reports } from './schema.ts';

// Reports and moderation (docs/product.md#reports): anyone signed in reports a listing they can
// see, once while the report is open; the admin hides the listing (gone from every public list
// and page, standing bookings declined, the seller told why) or dismisses its open reports.

/** A literal, not a parameter: only then may every plan use the partial indexes `where status = 'open'`. */
const open = sql`${reports.status} = 'open'`;

/**
 * POST /api/reports. A listing the caller cannot see (unknown, or hidden) is 404; their own 403; a
 * second open report of theirs on it 409, held by the unique index under concurrency.
 */
export async function createReport({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: CreateReportInput;
}): Promise<Report> {
  const [laptop] = await db
    .select({
      sellerId: laptops.sellerId,
      name: laptops.name,
      salesStatus: laptops.salesStatus,
      reviewStatus: laptops.reviewStatus,
    })
    .from(laptops)
    .where(eq(laptops.id, input.laptop_id));
  if (!laptop || !isPublic(laptop)) throw new AppError('laptop_not_found');
  if (laptop.sellerId === actor.id) throw new AppError('own_listing');
  const [row] = await db
    .insert(reports)
    .values({
      id: newId(),
      laptopId: input.laptop_id,
      reporterId: actor.id,
      reason: input.reason,
      details: input.details ?? null,
    })
    .onConflictDoNothing({ target: [reports.reporterId, reports.laptopId], where: open })
    .returning()
    .catch((error: unknown) => {
      // The listing was deleted a moment ago (foreign key violation): it is gone, as above.
      if (pgCode(error) === '23503') throw new AppError('laptop_not_found');
      throw error;
    });
  if (!row) throw new AppError('already_reported');
  return toReport({ ...row, laptopName: laptop.name });
}

const toReport = (r: {
  id: string;
  laptopId: string;
  laptopName: string;
  reason: Report['reason'];
  details: string | null;
  createdAt: Date;
}): Report => ({
  _id: r.id,
  laptop_id: r.laptopId,
  laptop_name: r.laptopName,
  reason: r.reason,
  details: r.details,
  created_at: r.createdAt.toISOString(),
});

const NEWEST = 'newest';

/** The open reports, newest first, a page at a time (report_open_newest_idx). Unrun, so tests can EXPLAIN it. */
export function openReportPageStatement(db: Db, { limit, cursor }: PageQuery) {
  const after = cursor
    ? afterKey(reports.createdAt, reports.id, 'desc', timestampCursor(decodeCursor(cursor, NEWEST, 'timestamp')))
    : undefined;
  return db
    .select({
      id: reports.id,
      laptopId: reports.laptopId,
      laptopName: laptops.name,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      createdAtKey: timestampKey(reports.createdAt),
    })
    .from(reports)
    .innerJoin(laptops, eq(laptops.id, reports.laptopId))
    .where(and(open, after))
    .orderBy(newestFirst(reports.createdAt), newestFirst(reports.id))
    .limit((limit ?? LIST_LIMIT.default) + 1);
}

/** GET /api/reports?status=open: one item per report; the admin's page groups them by listing. */
export async function listOpenReports({ db, page }: { db: Db; page: PageQuery }): Promise<Page<Report>> {
  const rows = await openReportPageStatement(db, page);
  return toPage(rows, page.limit ?? LIST_LIMIT.default, NEWEST, (r) => r.createdAtKey, toReport);
}

/**
 * PUT /api/reports/{id}: the admin acts on every open report of that report's listing at once.
 * - `dismiss`: the reports close as dismissed; the listing stays.
 * - `hide`: the reports close as actioned; the listing leaves every public list and page
 *   (sales status `hidden`, with why), its standing bookings are declined and their buyers told,
 *   and its seller is told why: the reasons given, and the admin's note.
 * A report that is no longer open answers 409 (it exists, but the admin acted on an old view): of
 * two admins acting at once on one listing, exactly one takes effect.
 */
export async function actOnReports({
  db,
  id,
  action,
  note,
}: {
  db: Db;
  id: string;
  action: ReportAction;
  note?: string;
}): Promise<{ result: { modifiedCount: number }; deliveries: Delivery[] }> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({ laptopId: reports.laptopId, status: reports.status })
      .from(reports)
      .where(eq(reports.id, id));
    if (!report) throw new AppError('report_not_found');
    if (report.status !== 'open') throw new AppError('reports_resolved');
    // Actions on one listing's reports are taken one after the other.
    const [laptop] = await tx
      .select({ id: laptops.id, sellerId: laptops.sellerId, name: laptops.name })
      .from(laptops)
      .where(eq(laptops.id, report.laptopId))
      .for('update');
    if (!laptop) throw new AppError('report_not_found');
    const now = new Date();
    const resolved = await tx
      .update(reports)
      .set({ status: action === 'hide' ? 'actioned' : 'dismissed', resolvedAt: now })
      .where(and(eq(reports.laptopId, laptop.id), open))
      .returning({ id: reports.id, reason: reports.reason });
    // Another admin got there while this one waited for the lock: undo, and say so.
    if (!resolved.some((r) => r.id === id)) throw new AppError('reports_resolved');
    if (action === 'dismiss') return { result: { modifiedCount: resolved.length }, deliveries: [] };

    const why = hiddenReason(
      resolved.map((r) => r.reason),
      note,
    );
    await tx
      .update(laptops)
      .set({ salesStatus: 'hidden', hiddenReason: why, booked: false })
      .where(eq(laptops.id, laptop.id));
    const declined = await tx
      .update(orders)
      .set({ status: 'declined', updatedAt: now })
      .where(and(eq(orders.laptopId, laptop.id), inArray(orders.status, [...ACTIVE_ORDER_STATUSES])))
      .returning({ id: orders.id, buyerId: orders.buyerId, laptopName: orders.laptopName });
    const deliveries = await recordNotifications(tx, [
      { userId: laptop.sellerId, kind: 'listing_hidden', laptopId: laptop.id, laptopName: laptop.name, note: why },
      ...declined.map((o) => ({
        userId: o.buyerId,
        kind: 'order_declined' as const,
        laptopId: laptop.id,
        laptopName: o.laptopName,
        orderId: o.id,
      })),
    ]);
    return { result: { modifiedCount: resolved.length }, deliveries };
  });
}
