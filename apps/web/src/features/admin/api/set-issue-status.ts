import { api, type IssueStatus } from '@insightra/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';
import { adminIssueQuery } from './get-issue';

/** Marks an issue report open or resolved, then refreshes the inbox lists. */
export function useSetIssueStatus(id: number) {
  const queryClient = useQueryClient();
  const viewer = useSession().user;
  return useMutation({
    mutationFn: (status: IssueStatus) =>
      apiRequest(api.admin.setIssueStatus, { params: { id }, body: { status } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(adminIssueQuery(viewer, id).queryKey, (current) =>
        current ? { ...current, data: { ...current.data, status: data.status } } : current,
      );
      return queryClient.invalidateQueries({ queryKey: queryKey(viewer, 'admin', 'issues') });
    },
  });
}
