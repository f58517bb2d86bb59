import { type Member, ORGANISATION_ROLES } from '@insightra/contract';
import { UserMinus } from 'lucide-react';
import { Listbox } from '../../../components/ui/listbox';
import { memberName } from '../../../lib/organisations/members-query';
import { ROLE_LABELS } from '../../../lib/organisations/roles';

export interface MemberActionsProps {
  member: Member;
  /** Owners change roles and remove others; everyone else sees the role only. */
  canManage: boolean;
  isSelf: boolean;
  busy: boolean;
  onRoleChange: (member: Member, role: Member['role']) => void;
  onRemove: (member: Member) => void;
}

/** A member's role (a selector for owners) and, for owners, Remove. */
export function MemberRole({ member, canManage, busy, onRoleChange }: MemberActionsProps) {
  if (!canManage) return <span className="text-ink">{ROLE_LABELS[member.role]}</span>;
  return (
    <Listbox
      label={`Role of ${memberName(member)}`}
      hideLabel
      value={member.role}
      options={ORGANISATION_ROLES}
      optionLabel={(role) => ROLE_LABELS[role]}
      disabled={busy}
      onChange={(role) => onRoleChange(member, role)}
    />
  );
}

export function MemberRemove({ member, canManage, isSelf, busy, onRemove }: MemberActionsProps) {
  if (!canManage || isSelf) return null;
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => onRemove(member)}
      aria-label={`Remove ${memberName(member)}`}
      className="inline-flex h-8 items-center gap-1.5 rounded-[var(--radius-control)] px-2.5 text-sm font-medium text-error hover:bg-error-soft disabled:cursor-not-allowed disabled:opacity-50"
    >
      <UserMinus aria-hidden="true" className="size-4" />
      Remove
    </button>
  );
}
