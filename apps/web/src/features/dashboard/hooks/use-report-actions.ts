import { MESSAGES, type NewReport, type Report, type Tier } from '@insightra/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useSession } from '../../../lib/session/session-context';
import { createReport, deleteReport, reportsKey } from '../api/reports';
import { serverMessage } from '../api/server-message';
import { embedTokenKey } from './use-embed-token';

/** Adding and deleting report tabs, with the messages of docs/PRODUCT.md#tiers-and-report-tabs; the tier's token is renewed to cover them. */
export function useReportActions(onCreated: (report: Report) => void, onDeleted: (report: Report) => void) {
  const queryClient = useQueryClient();
  const viewer = useSession().user;
  const toast = useToast();
  const creation = useMutation({ mutationFn: createReport });
  const deletion = useMutation({ mutationFn: (report: Report) => deleteReport(report.id) });

  const refreshTier = async (t: Tier) => {
    await queryClient.invalidateQueries({ queryKey: reportsKey(viewer, t) });
    await queryClient.refetchQueries({ queryKey: embedTokenKey(viewer, t), exact: true });
  };

  const add = async (input: NewReport): Promise<boolean> => {
    try {
      const response = await creation.mutateAsync(input);
      if (!response?.data?.id) {
        toast.error(MESSAGES.data.addReportFailed);
        return false;
      }
      queryClient.setQueryData<Report[]>(reportsKey(viewer, input.tier), (old) => [
        ...(old ?? []),
        response.data,
      ]);
      onCreated(response.data);
      toast.success(`Report "${response.data.report_type}" added`);
      void refreshTier(input.tier);
      return true;
    } catch (err) {
      toast.error(serverMessage(err) ?? MESSAGES.data.createReportFailed);
      return false;
    }
  };

  const remove = async (report: Report): Promise<boolean> => {
    try {
      await deletion.mutateAsync(report);
      queryClient.setQueryData<Report[]>(reportsKey(viewer, report.tier), (old) =>
        old?.filter((r) => r.id !== report.id),
      );
      onDeleted(report);
      toast.success(MESSAGES.data.reportDeleted(report.report_type));
      void refreshTier(report.tier);
      return true;
    } catch {
      toast.error(MESSAGES.data.deleteReportFailed);
      return false;
    }
  };

  return { add, remove, saving: creation.isPending, deleting: deletion.isPending };
}
