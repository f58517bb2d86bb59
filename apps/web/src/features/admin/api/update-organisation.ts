import { api } from '@insightra/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';
import { adminOrganisationQuery } from './get-organisation';

/** Renames an organisation or sets its customer number; its page shows the change at once. */
export function useUpdateOrganisation(id: string) {
  const queryClient = useQueryClient();
  const viewer = useSession().user;
  return useMutation({
    mutationFn: (changes: { name?: string; customerId?: number }) =>
      apiRequest(api.adminOrganisations.update, { params: { id }, body: changes }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(adminOrganisationQuery(viewer, id).queryKey, (current) =>
        current ? { ...current, data: { ...current.data, organisation: data.organisation } } : current,
      );
      // The list and the users' pages name the organisation too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKey(viewer, 'adminOrganisations', 'list') }),
        queryClient.invalidateQueries({ queryKey: queryKey(viewer, 'admin', 'user') }),
      ]);
    },
  });
}
