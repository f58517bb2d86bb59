import { api } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { queryKey, type Viewer } from '../query-keys';
import { useSession } from '../session/session-context';

export const refreshQueueKey = (viewer: Viewer) => queryKey(viewer, 'bi', 'refreshQueue');

/**
 * The active organisation's latest refreshes and how many uploads wait for the next one: the
 * dashboard's waiting-uploads badge and the activity page's refresh history.
 */
export function useRefreshQueue() {
  const viewer = useSession().user;
  return useQuery({
    queryKey: refreshQueueKey(viewer),
    queryFn: async ({ signal }) => (await apiRequest(api.bi.refreshQueue, { signal })).data,
  });
}
