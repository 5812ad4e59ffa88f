import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report, ReportAction } from '../../../../shared/reports.ts';
import { apiSend } from '../../../lib/api-client.ts';
import type { PagedList } from '../../../lib/paged-list.ts';
import { mapPagedItems } from '../../../lib/paged-list-items.ts';
import { sessionKey } from '../../../lib/session.ts';
import { reportsKey } from './use-open-reports.ts';

export interface ReportActionInput {
  /** Any open report of the listing: the action applies to all of them. */
  reportId: string;
  laptopId: string;
  action: ReportAction;
  /** With `hide`: the admin's words to the seller, after the reasons. */
  note?: string | undefined;
}

/** PUT /api/reports/{id} {action, note?}: hides the listing or dismisses its reports; `{ modifiedCount }`. */
export function actOnReports({ reportId, action, note }: ReportActionInput): Promise<{ modifiedCount: number }> {
  return apiSend<{ modifiedCount: number }>('PUT', `/reports/${encodeURIComponent(reportId)}`, {
    action,
    ...(action === 'hide' && note ? { note } : {}),
  });
}

/**
 * The listing's reports leave the list at once. A hidden listing also leaves every laptop list and
 * its bookings are declined: features may not import one another's query keys, so everything cached
 * but the admin's session is marked stale then (what is on screen refetches now, the rest when shown).
 * A refusal (409: another admin got there first) refetches the list too, to show what is left.
 */
export function useActOnReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnReports,
    onSuccess: (_result, { laptopId }) => {
      queryClient.setQueriesData<PagedList<Report>>({ queryKey: reportsKey }, (list) =>
        mapPagedItems(list, (items) => items.filter((r) => r.laptop_id !== laptopId)),
      );
    },
    onSettled: (_result, _error, { action }) => {
      // Not awaited: the toast should not wait for the lists to refetch.
      void queryClient.invalidateQueries(
        action === 'hide' ? { predicate: (query) => query.queryKey[0] !== sessionKey[0] } : { queryKey: reportsKey },
      );
    },
  });
}
