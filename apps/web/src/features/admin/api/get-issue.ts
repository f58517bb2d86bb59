import { api } from '@insightra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey, type Viewer } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';

export const adminIssueQuery = (viewer: Viewer, id: number) =>
  queryOptions({
    queryKey: queryKey(viewer, 'admin', 'issue', id),
    queryFn: ({ signal }) => apiRequest(api.admin.issue, { params: { id }, signal }),
  });

export function useAdminIssue(id: number | null) {
  const viewer = useSession().user;
  return useQuery({ ...adminIssueQuery(viewer, id ?? 0), enabled: id !== null });
}
