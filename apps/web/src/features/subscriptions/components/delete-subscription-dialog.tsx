import type { Subscription } from '@insightra/contract';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-delete-modal';

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
    <ConfirmDeleteModal
      open={subscription !== null}
      title="Delete subscription?"
      deleting={deleting}
      onCancel={onCancel}
      onConfirm={() => subscription && onConfirm(subscription)}
    >
      “{subscription?.reportName}” will no longer be e-mailed to its{' '}
      {subscription?.recipients.length === 1 ? 'recipient' : `${subscription?.recipients.length} recipients`}.
    </ConfirmDeleteModal>
  );
}
