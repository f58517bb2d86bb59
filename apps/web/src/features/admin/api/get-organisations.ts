import { api } from '@insightra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey, type Viewer } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';
import { keepPageWhileSearching, type ListSearch } from '../lib/list-search';

export const ADMIN_ORGANISATIONS_PAGE_SIZE = 25;

export const adminOrganisationsQuery = (viewer: Viewer, { q, page }: ListSearch) =>
  queryOptions({
    queryKey: queryKey(viewer, 'adminOrganisations', 'list', { q, page }),
    queryFn: ({ signal }) =>
      apiRequest(api.adminOrganisations.list, {
        query: {
          search: q || undefined,
          limit: ADMIN_ORGANISATIONS_PAGE_SIZE,
          offset: (page - 1) * ADMIN_ORGANISATIONS_PAGE_SIZE,
        },
        signal,
      }),
  });

/** One page of organisations, searched by name on the server. */
export function useAdminOrganisations(search: ListSearch) {
  const viewer = useSession().user;
  return useQuery({
    ...adminOrganisationsQuery(viewer, search),
    placeholderData: keepPageWhileSearching(search.q),
  });
}
