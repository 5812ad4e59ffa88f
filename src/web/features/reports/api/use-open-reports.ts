import { useInfiniteQuery } from '@tanstack/react-query';
import type { Report } from '../../../../shared/reports.ts';
import { pagedListQuery } from '../../../lib/paged-list.ts';

/** Every list of reports the admin has loaded. */
export const reportsKey = ['reports'] as const;
export const openReportsKey = [...reportsKey, 'open'] as const;

/** Reports to a page: the page groups them by listing, so it asks for as many as the API gives at once. */
export const OPEN_REPORTS_PAGE = 100;

/** GET /api/reports?status=open: one item per open report, newest first, a page at a time. */
export const openReportsQuery = () =>
  pagedListQuery<Report, typeof openReportsKey>(openReportsKey, `/reports?status=open&limit=${OPEN_REPORTS_PAGE}`);

export function useOpenReports() {
  return useInfiniteQuery(openReportsQuery());
}
