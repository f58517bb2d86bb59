import { api } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';

/** Every organisation's subscriptions whose latest delivery failed. */
export function useFailingSubscriptions() {
  const viewer = useSession().user;
  return useQuery({
    queryKey: queryKey(viewer, 'subscriptions', 'adminList', { failing: true }),
    queryFn: async ({ signal }) =>
      (await apiRequest(api.subscriptions.adminList, { query: { failing: 'true' }, signal })).data
        .subscriptions,
  });
}
