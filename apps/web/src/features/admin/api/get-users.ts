import { api } from '@insightra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey, type Viewer } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';
import { keepPageWhileSearching, type ListSearch } from '../lib/list-search';

export const ADMIN_USERS_PAGE_SIZE = 24;

export const adminUsersQuery = (viewer: Viewer, { q, page }: ListSearch) =>
  queryOptions({
    queryKey: queryKey(viewer, 'admin', 'users', { q, page }),
    queryFn: ({ signal }) =>
      apiRequest(api.admin.users, {
        query: { q: q || undefined, page, pageSize: ADMIN_USERS_PAGE_SIZE },
        signal,
      }),
  });

/**
 * One page of users. A new search shows skeletons (no placeholder), while turning pages keeps the
 * previous page on screen until the next one arrives.
 */
export function useAdminUsers(search: ListSearch) {
  const viewer = useSession().user;
  return useQuery({ ...adminUsersQuery(viewer, search), placeholderData: keepPageWhileSearching(search.q) });
}
