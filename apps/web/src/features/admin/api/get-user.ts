import { api } from '@insightra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey, type Viewer } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';

export const adminUserQuery = (viewer: Viewer, id: string) =>
  queryOptions({
    queryKey: queryKey(viewer, 'admin', 'user', id),
    queryFn: ({ signal }) => apiRequest(api.admin.user, { params: { id }, signal }),
  });

/** One user and their reports by tier. */
export function useAdminUser(id: string, enabled = true) {
  const viewer = useSession().user;
  return useQuery({ ...adminUserQuery(viewer, id), enabled });
}
