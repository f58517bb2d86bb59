import { api } from '@insightra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adminIssueQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'issue', id] as const,
    queryFn: ({ signal }) => apiRequest(api.admin.issue, { params: { id }, signal }),
  });

export function useAdminIssue(id: number | null) {
  return useQuery({ ...adminIssueQuery(id ?? 0), enabled: id !== null });
}
