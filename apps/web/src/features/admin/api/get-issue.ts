import { api } from '@insightra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';

export const adminIssueQuery = (id: number) =>
  queryOptions({
    queryKey: queryKey('admin', 'issue', id),
    queryFn: ({ signal }) => apiRequest(api.admin.issue, { params: { id }, signal }),
  });

export function useAdminIssue(id: number | null) {
  return useQuery({ ...adminIssueQuery(id ?? 0), enabled: id !== null });
}
