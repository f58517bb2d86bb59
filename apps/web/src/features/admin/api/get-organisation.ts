import { api } from '@insightra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey, type Viewer } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';

export const adminOrganisationQuery = (viewer: Viewer, id: string) =>
  queryOptions({
    queryKey: queryKey(viewer, 'adminOrganisations', 'get', id),
    queryFn: ({ signal }) => apiRequest(api.adminOrganisations.get, { params: { id }, signal }),
  });

/** One organisation: its details, its members and its reports by tier. */
export function useAdminOrganisation(id: string, enabled = true) {
  const viewer = useSession().user;
  return useQuery({ ...adminOrganisationQuery(viewer, id), enabled });
}
