import type { Tier } from '@insightra/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTokenRenewal } from '../../../lib/embed/use-token-renewal';
import { queryKey, type Viewer } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';
import { fetchEmbedToken } from '../api/embed-token';

export const embedTokenKey = (viewer: Viewer, tier: Tier) => queryKey(viewer, 'bi', 'embedToken', tier);

/**
 * The tier's embed token and report frame URLs. Renewed in place before it expires: while the new one
 * loads the old data stays, so the open tab and its frame are kept (only the token is passed on).
 */
export function useEmbedToken(tier: Tier, enabled: boolean) {
  const queryClient = useQueryClient();
  const viewer = useSession().user;
  const query = useQuery({
    queryKey: embedTokenKey(viewer, tier),
    queryFn: ({ signal }) => fetchEmbedToken(tier, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useTokenRenewal(query.data?.expiration, () =>
    queryClient.refetchQueries({ queryKey: embedTokenKey(viewer, tier), exact: true }),
  );
  return query;
}
