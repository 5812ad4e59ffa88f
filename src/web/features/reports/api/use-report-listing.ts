import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportReason } from '../../../../shared/catalog.ts';
import type { Report } from '../../../../shared/reports.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { reportsKey } from './use-open-reports.ts';

export interface ReportInput {
  laptopId: string;
  reason: ReportReason;
  details?: string | undefined;
}

/** POST /api/reports: one open report per user per listing (409 for a second). */
export function reportListing({ laptopId, reason, details }: ReportInput): Promise<Report> {
  return apiSend<Report>('POST', '/reports', { laptop_id: laptopId, reason, ...(details ? { details } : {}) });
}

export function useReportListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportListing,
    // Only the admin's list shows reports.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}
