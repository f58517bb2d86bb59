import { type Member, SUBSCRIPTION_LIMITS, SUBSCRIPTION_MESSAGES } from '@insightra/contract';
import { useId, useState } from 'react';
import { memberName } from '../../lib/organisations/members-query';

export interface RecipientsFieldProps {
  /** The organisation's members; undefined while they load. */
  members: Member[] | undefined;
  selfId: number;
  /** False for viewers: they may subscribe only themselves. */
  canChooseOthers: boolean;
  value: number[];
  onChange: (recipients: number[]) => void;
}

/** Members shown before the list offers a filter. */
const FILTER_FROM = 8;

/**
 * The recipients: the organisation's members as checkboxes, oneself first. A member who cannot be
 * chosen (a viewer's colleagues, anyone past the limit) is disabled with the reason.
 */
export function RecipientsField({ members, selfId, canChooseOthers, value, onChange }: RecipientsFieldProps) {
  const reasonId = useId();
  const [filter, setFilter] = useState('');
  const full = value.length >= SUBSCRIPTION_LIMITS.maxRecipients;
  const sorted = [...(members ?? [])].sort((a, b) =>
    a.userId === selfId ? -1 : b.userId === selfId ? 1 : memberName(a).localeCompare(memberName(b)),
  );
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? sorted.filter((m) => `${memberName(m)} ${m.email ?? ''}`.toLowerCase().includes(needle))
    : sorted;
  const reason = !canChooseOthers
    ? SUBSCRIPTION_MESSAGES.othersNeedEditor
    : full
      ? SUBSCRIPTION_MESSAGES.tooManyRecipients
      : null;

  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">
        Recipients{' '}
        <span className="font-normal text-muted">
          ({value.length} of at most {SUBSCRIPTION_LIMITS.maxRecipients})
        </span>
      </legend>
      {reason && (
        <p id={reasonId} className="text-sm text-muted">
          {reason}
        </p>
      )}
      {sorted.length > FILTER_FROM && (
        <input
          type="search"
          aria-label="Filter members"
          placeholder="Filter members"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="h-9 rounded-[var(--radius-control)] border border-line bg-surface px-3 text-sm text-ink focus:border-brand focus:outline-none"
        />
      )}
      {members === undefined ? (
        <p className="text-sm text-muted">Loading members...</p>
      ) : (
        <ul className="max-h-56 divide-y divide-line overflow-y-auto rounded-[var(--radius-control)] border border-line">
          {shown.map((member) => {
            const checked = value.includes(member.userId);
            const self = member.userId === selfId;
            const disabled = !checked && ((!canChooseOthers && !self) || full);
            return (
              <li key={member.userId}>
                <label
                  className={`flex items-center gap-3 px-3 py-2 text-sm ${disabled ? 'cursor-not-allowed text-muted' : 'cursor-pointer text-ink hover:bg-page'}`}
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={disabled}
                    aria-describedby={disabled && reason ? reasonId : undefined}
                    onChange={(e) => toggle(member.userId, e.target.checked)}
                    className="size-4 accent-brand"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">
                      {memberName(member)}
                      {self && ' (you)'}
                    </span>
                    {member.email && (
                      <span className="block truncate text-xs text-muted">{member.email}</span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
