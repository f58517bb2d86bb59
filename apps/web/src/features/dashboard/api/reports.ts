import { api, type NewReport, type Report, type Tier } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';

export const reportsKey = (tier: Tier) => queryKey('reports', 'list', tier);

export function useReports(tier: Tier) {
  return useQuery({
    queryKey: reportsKey(tier),
    queryFn: async ({ signal }): Promise<Report[]> =>
      (await apiRequest(api.reports.list, { query: { tier }, signal })).data,
  });
}

export const createReport = (body: NewReport) => apiRequest(api.reports.create, { body });
export const deleteReport = (id: number) => apiRequest(api.reports.remove, { params: { id } });
