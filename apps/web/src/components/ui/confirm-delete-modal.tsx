import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDeleteModalProps {
  open: boolean;
  title: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** What is about to go, and what that means. */
  children: ReactNode;
}

/** Asks before something is deleted: Cancel (focused) or Delete, which shows its progress. */
export function ConfirmDeleteModal({
  open,
  title,
  deleting,
  onCancel,
  onConfirm,
  children,
}: ConfirmDeleteModalProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      dismissible={!deleting}
      size="sm"
      title={title}
      footer={
        <>
          <Button variant="secondary" disabled={deleting} onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" loading={deleting} loadingText="Deleting..." onClick={onConfirm}>
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm text-ink">{children}</p>
    </Modal>
  );
}
