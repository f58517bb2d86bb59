import type { Report } from '@insightra/contract';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-delete-modal';

export interface DeleteReportModalProps {
  report: Report | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (report: Report) => void;
}

/** Deleting a tab asks first (docs/PRODUCT.md#tiers-and-report-tabs). */
export function DeleteReportModal({ report, deleting, onCancel, onConfirm }: DeleteReportModalProps) {
  return (
    <ConfirmDeleteModal
      open={report !== null}
      title="Delete report?"
      deleting={deleting}
      onCancel={onCancel}
      onConfirm={() => report && onConfirm(report)}
    >
      Delete the report tab <strong>“{report?.report_type}”</strong> from the {report?.tier} tier? This cannot
      be undone.
    </ConfirmDeleteModal>
  );
}
