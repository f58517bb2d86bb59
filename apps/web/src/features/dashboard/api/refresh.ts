import { api } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey, type Viewer } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';

export const startRefresh = () => apiRequest(api.bi.refresh);
export const refreshStatus = (id: string) => apiRequest(api.bi.refreshStatus, { params: { id } });

export const refreshQueueKey = (viewer: Viewer) => queryKey(viewer, 'bi', 'refreshQueue');

/** The caller's refreshes and how many uploads wait for the next one. */
export function useRefreshQueue() {
  const viewer = useSession().user;
  return useQuery({
    queryKey: refreshQueueKey(viewer),
    queryFn: async ({ signal }) => (await apiRequest(api.bi.refreshQueue, { signal })).data,
  });
}
