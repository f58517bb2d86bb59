import { api, type NewReport, type Report } from '@insightra/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { adminUserQuery } from './get-user';

/** Adds a report for a user; the created report joins its tier's list in the cached details at once. */
export function useAddReport(userId: string) {
  const queryClient = useQueryClient();
  const viewer = useSession().user;
  return useMutation({
    mutationFn: (report: NewReport) =>
      apiRequest(api.admin.addReport, { params: { id: userId }, body: report }),
    onSuccess: ({ data }: { data: Report }) => {
      queryClient.setQueryData(adminUserQuery(viewer, userId).queryKey, (current) =>
        current
          ? {
              ...current,
              data: {
                ...current.data,
                reports: { ...current.data.reports, [data.tier]: [...current.data.reports[data.tier], data] },
              },
            }
          : current,
      );
    },
  });
}
