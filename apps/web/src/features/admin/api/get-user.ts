import { api } from '@insightra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';

export const adminUserQuery = (id: string) =>
  queryOptions({
    queryKey: queryKey('admin', 'user', id),
    queryFn: ({ signal }) => apiRequest(api.admin.user, { params: { id }, signal }),
  });

/** One user and their reports by tier. */
export function useAdminUser(id: string, enabled = true) {
  return useQuery({ ...adminUserQuery(id), enabled });
}
