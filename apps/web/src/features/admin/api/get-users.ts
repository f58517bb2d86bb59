import { api } from '@insightra/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';

export const ADMIN_USERS_PAGE_SIZE = 24;

export interface UsersSearch {
  /** Already trimmed; the server trims and ignores case too. */
  q: string;
  page: number;
}

export const adminUsersQuery = ({ q, page }: UsersSearch) =>
  queryOptions({
    queryKey: queryKey('admin', 'users', { q, page }),
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
export function useAdminUsers(search: UsersSearch) {
  return useQuery({
    ...adminUsersQuery(search),
    placeholderData: (previous, previousQuery) =>
      previousQuery && (previousQuery.queryKey[2] as UsersSearch).q === search.q
        ? keepPreviousData(previous)
        : undefined,
  });
}
