import { api } from '@insightra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adminUserQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'user', id] as const,
    queryFn: ({ signal }) => apiRequest(api.admin.user, { params: { id }, signal }),
  });

/** One user and their reports by tier. */
export function useAdminUser(id: string, enabled = true) {
  return useQuery({ ...adminUserQuery(id), enabled });
}
