import { api, type NewReport, type Report, type Tier } from '@insightra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey, type Viewer } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';

export const reportsKey = (viewer: Viewer, tier: Tier) => queryKey(viewer, 'reports', 'list', tier);

/** The report tabs of one tier. */
export const reportsQuery = (viewer: Viewer, tier: Tier) =>
  queryOptions({
    queryKey: reportsKey(viewer, tier),
    queryFn: async ({ signal }): Promise<Report[]> =>
      (await apiRequest(api.reports.list, { query: { tier }, signal })).data,
  });

export function useReports(tier: Tier) {
  return useQuery(reportsQuery(useSession().user, tier));
}

export const createReport = (body: NewReport) => apiRequest(api.reports.create, { body });
export const deleteReport = (id: number) => apiRequest(api.reports.remove, { params: { id } });
