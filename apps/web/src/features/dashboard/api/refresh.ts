import { api } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';

export const startRefresh = () => apiRequest(api.bi.refresh);
export const refreshStatus = (id: string) => apiRequest(api.bi.refreshStatus, { params: { id } });

export const refreshQueueKey = queryKey('bi', 'refreshQueue');

/** The caller's refreshes and how many uploads wait for the next one. */
export function useRefreshQueue() {
  return useQuery({
    queryKey: refreshQueueKey,
    queryFn: async ({ signal }) => (await apiRequest(api.bi.refreshQueue, { signal })).data,
  });
}
