import { api } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';

/** What the active organisation's uploads store, and its limit (refreshed with every upload's answer). */
export function useStorage(enabled: boolean) {
  return useQuery({
    queryKey: queryKey(useSession().user, 'uploads', 'storage'),
    queryFn: async ({ signal }) => (await apiRequest(api.uploads.storage, { signal })).data,
    enabled,
    staleTime: 60_000,
  });
}
