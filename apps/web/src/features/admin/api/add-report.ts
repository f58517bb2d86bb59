import { api, type NewReport, type Report, type ReportsByTier } from '@insightra/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';
import { adminOrganisationQuery } from './get-organisation';
import { adminUserQuery } from './get-user';

/** Whom Add Report gives a report: a user (their default organisation) or an organisation. */
export interface ReportTarget {
  kind: 'user' | 'organisation';
  id: string;
}

/** Cached details with `report` added at the end of its tier's list. */
function withReport<T extends { data: { reports: ReportsByTier } }>(current: T | undefined, report: Report) {
  if (!current) return current;
  const { reports } = current.data;
  return {
    ...current,
    data: { ...current.data, reports: { ...reports, [report.tier]: [...reports[report.tier], report] } },
  };
}

/**
 * Adds a report for a user or an organisation; it joins its tier's list on that page at once. A user's
 * reports are their default organisation's, so the pages of the other kind are read again when next shown.
 */
export function useAddReport(target: ReportTarget) {
  const queryClient = useQueryClient();
  const viewer = useSession().user;
  const { kind, id } = target;
  return useMutation({
    mutationFn: (report: NewReport) =>
      kind === 'user'
        ? apiRequest(api.admin.addReport, { params: { id }, body: report })
        : apiRequest(api.adminOrganisations.addReport, { params: { id }, body: report }),
    onSuccess: ({ data }: { data: Report }) => {
      if (kind === 'user') {
        queryClient.setQueryData(adminUserQuery(viewer, id).queryKey, (c) => withReport(c, data));
        return queryClient.invalidateQueries({ queryKey: queryKey(viewer, 'adminOrganisations', 'get') });
      }
      queryClient.setQueryData(adminOrganisationQuery(viewer, id).queryKey, (c) => withReport(c, data));
      return queryClient.invalidateQueries({ queryKey: queryKey(viewer, 'admin', 'user') });
    },
  });
}
