import type { Member } from '@insightra/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { memberName } from '../../../lib/organisations/members-query';

/** Removing a member (owners), or the caller leaving. */
export type Removal = { kind: 'remove'; member: Member } | { kind: 'leave' };

export interface RemovalDialogProps {
  removal: Removal | null;
  organisationName: string;
  pending: boolean;
  /** The server's refusal, e.g. "An organisation needs at least one owner". */
  error: string | null;
  onCancel: () => void;
  onConfirm: (removal: Removal) => void;
}

export function RemovalDialog({
  removal,
  organisationName,
  pending,
  error,
  onCancel,
  onConfirm,
}: RemovalDialogProps) {
  const leaving = removal?.kind === 'leave';
  const title = !removal
    ? ''
    : leaving
      ? `Leave ${organisationName}?`
      : `Remove ${memberName(removal.member)} from ${organisationName}?`;
  const description = leaving
    ? 'You will no longer see its reports or uploads. An owner can invite you again.'
    : 'They lose access at their next step. What they uploaded stays with the organisation, under their name.';
  return (
    <Modal
      open={removal !== null}
      onClose={onCancel}
      dismissible={!pending}
      size="sm"
      title={title}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={pending}
            loadingText={leaving ? 'Leaving...' : 'Removing...'}
            onClick={() => removal && onConfirm(removal)}
          >
            {leaving ? 'Leave' : 'Remove'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-ink">{description}</p>
      {error && (
        <p role="alert" className="mt-3 rounded-[var(--radius-control)] bg-error-soft p-3 text-sm text-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
