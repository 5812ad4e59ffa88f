import { REPORT_REASONS, type ReportReason } from './catalog.ts';
import { idSchema } from './common.ts';
import { REPORT_MESSAGES, REPORT_REASON_LABELS, REPORT_TEXT_MAX } from './rules.ts';
import { pageQuerySchema } from './search.ts';
import { z } from './z.ts';

export { REPORT_MESSAGES, REPORT_REASON_LABELS, REPORT_TEXT_MAX } from './rules.ts';

// Reports and moderation (docs/product.md#reports): a signed-in user reports a listing; the admin
// hides the listing or dismisses its open reports. Shared by the report dialog, the admin's Reports
// page and the routes, so every message is written once.

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** Optional words of up to 500 characters; empty means none. */
const optionalText = (name: string, tooLong: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: `${name} must be text` })
      .trim()
      .max(REPORT_TEXT_MAX, tooLong)
      .optional(),
  );

const reportFields = {
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  details: optionalText('details', REPORT_MESSAGES.detailsLong),
};

/** "Other" says nothing by itself: it needs the reporter's words. */
const detailsForOther = (value: { reason: ReportReason; details?: string | undefined }, ctx: z.RefinementCtx) => {
  if (value.reason === 'other' && !value.details) {
    ctx.addIssue({
      code: 'custom',
      path: ['details'],
      message: REPORT_MESSAGES.detailsRequired,
      params: { code: 'details_required' },
    });
  }
};

/** The report dialog's fields. */
export const reportFormSchema = z.object(reportFields).superRefine(detailsForOther);

/** POST /api/reports: the dialog's fields and the listing. */
export const createReportBodySchema = z
  .object({ laptop_id: idSchema('laptop_id'), ...reportFields })
  .superRefine(detailsForOther);
export type CreateReportInput = z.output<typeof createReportBodySchema>;

/** One report, as POST /api/reports answers it and GET /api/reports lists it. */
export const reportSchema = z.object({
  _id: z.string(),
  laptop_id: z.string(),
  laptop_name: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportListSchema = z.array(reportSchema);

/** GET /api/reports?status=open: the open reports, newest first, paged like the other lists. */
export const reportListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(blank, z.enum(['open'], { error: REPORT_MESSAGES.status }).optional()),
});

export const REPORT_ACTIONS = ['hide', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/**
 * PUT /api/reports/{id}: acts on every open report of that report's listing. `note`, with `hide`
 * only, is the admin's own words to the seller, after the reasons.
 */
export const reportActionBodySchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: REPORT_MESSAGES.action }),
  note: optionalText('note', REPORT_MESSAGES.noteLong),
});

/**
 * The reasons buyers gave, most given first: 'Reported as scam or fraud (3) and offensive (1)'.
 * The seller of a hidden listing is told this (its `hidden_reason` and their notification).
 */
export function reasonsSummary(reasons: readonly ReportReason[]): string {
  const counts = new Map<ReportReason, number>();
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const parts = [...counts]
    .sort(([a, m], [b, n]) => n - m || REPORT_REASONS.indexOf(a) - REPORT_REASONS.indexOf(b))
    .map(([reason, n]) => `${REPORT_REASON_LABELS[reason].toLowerCase()} (${n})`);
  if (parts.length === 0) return 'Hidden by Laptop Haat';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Reported as ${list}`;
}

/** Why a listing was hidden: the reasons, then the admin's note if any. */
export function hiddenReason(reasons: readonly ReportReason[], note?: string): string {
  const summary = reasonsSummary(reasons);
  return note ? `${summary}. ${note}` : summary;
}
