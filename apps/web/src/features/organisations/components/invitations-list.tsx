import type { Invitation } from '@insightra/contract';
import { MailX } from 'lucide-react';
import { ROLE_LABELS } from '../../../lib/organisations/roles';
import { formatDay } from '../format';

export interface InvitationsListProps {
  invitations: Invitation[];
  revokingId: number | null;
  onRevoke: (invitation: Invitation) => void;
}

/** Pending invitations, each with its role, expiry and Revoke. */
export function InvitationsList({ invitations, revokingId, onRevoke }: InvitationsListProps) {
  if (invitations.length === 0) {
    return (
      <p className="rounded-[var(--radius-control)] bg-page p-4 text-sm text-muted">
        No pending invitations.
      </p>
    );
  }
  return (
    <ul
      aria-label="Pending invitations"
      className="divide-y divide-line rounded-[var(--radius-control)] border border-line"
    >
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-ink">{invitation.email}</p>
            <p className="text-sm text-muted">
              {ROLE_LABELS[invitation.role]} · expires {formatDay(invitation.expiresAt)}
              {invitation.invitedBy ? ` · sent by ${invitation.invitedBy}` : ''}
            </p>
          </div>
          <button
            type="button"
            disabled={revokingId === invitation.id}
            onClick={() => onRevoke(invitation)}
            aria-label={`Revoke the invitation of ${invitation.email}`}
            className="inline-flex h-8 items-center gap-1.5 rounded-[var(--radius-control)] px-2.5 text-sm font-medium text-error hover:bg-error-soft disabled:cursor-not-allowed disabled:opacity-50"
          >
            <MailX aria-hidden="true" className="size-4" />
            Revoke
          </button>
        </li>
      ))}
    </ul>
  );
}
