import type { Subscription } from '@insightra/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

export interface DeleteSubscriptionDialogProps {
  subscription: Subscription | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (subscription: Subscription) => void;
}

/** Asks before a subscription is deleted: its recipients stop receiving the report. */
export function DeleteSubscriptionDialog({
  subscription,
  deleting,
  onCancel,
  onConfirm,
}: DeleteSubscriptionDialogProps) {
  return (
    <Modal
      open={subscription !== null}
      onClose={onCancel}
      dismissible={!deleting}
      size="sm"
      title="Delete subscription?"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={deleting}
            loadingText="Deleting..."
            onClick={() => subscription && onConfirm(subscription)}
          >
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm text-ink">
        “{subscription?.reportName}” will no longer be e-mailed to its{' '}
        {subscription?.recipients.length === 1
          ? 'recipient'
          : `${subscription?.recipients.length} recipients`}
        .
      </p>
    </Modal>
  );
}
