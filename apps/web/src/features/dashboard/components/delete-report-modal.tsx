import type { Report } from '@insightra/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

export interface DeleteReportModalProps {
  report: Report | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (report: Report) => void;
}

/** Deleting a tab asks first (docs/PRODUCT.md#tiers-and-report-tabs). */
export function DeleteReportModal({ report, deleting, onCancel, onConfirm }: DeleteReportModalProps) {
  return (
    <Modal
      open={report !== null}
      onClose={onCancel}
      dismissible={!deleting}
      size="sm"
      title="Delete report?"
      footer={
        <>
          <Button variant="secondary" disabled={deleting} onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={deleting}
            loadingText="Deleting..."
            onClick={() => report && onConfirm(report)}
          >
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm text-ink">
        Delete the report tab <strong>“{report?.report_type}”</strong> from the {report?.tier} tier? This
        cannot be undone.
      </p>
    </Modal>
  );
}
