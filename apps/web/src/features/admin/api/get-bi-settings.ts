import { api } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';

/** How the BI provider is set up, for the admin dashboard's warnings; read once per visit. */
export function useBiSettings() {
  const viewer = useSession().user;
  return useQuery({
    queryKey: queryKey(viewer, 'admin', 'biSettings'),
    queryFn: async ({ signal }) => (await apiRequest(api.admin.biSettings, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
