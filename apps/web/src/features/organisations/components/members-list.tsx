import type { Member } from '@insightra/contract';
import { memberName } from '../../../lib/organisations/members-query';
import { formatDay } from '../format';
import { MemberRemove, MemberRole } from './member-actions';

export interface MembersListProps {
  members: Member[];
  selfId: number;
  canManage: boolean;
  /** The member whose change is under way. */
  busyId: number | null;
  onRoleChange: (member: Member, role: Member['role']) => void;
  onRemove: (member: Member) => void;
}

const th =
  'sticky top-0 z-10 bg-surface px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-muted';
const td = 'px-3 py-3 align-middle';

function YouBadge() {
  return (
    <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-strong">
      You
    </span>
  );
}

/** The organisation's members: a table from the md breakpoint up, cards on phones. */
export function MembersList(props: MembersListProps) {
  const { members, selfId } = props;
  const actions = (member: Member) => ({
    member,
    canManage: props.canManage,
    isSelf: member.userId === selfId,
    busy: props.busyId === member.userId,
    onRoleChange: props.onRoleChange,
    onRemove: props.onRemove,
  });
  return (
    <>
      <div className="hidden overflow-auto rounded-[var(--radius-card)] border border-line bg-surface md:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Members</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className={th}>
                Name
              </th>
              <th scope="col" className={th}>
                E-mail
              </th>
              <th scope="col" className={th}>
                Role
              </th>
              <th scope="col" className={th}>
                Joined
              </th>
              {props.canManage && (
                <th scope="col" className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.userId} className="border-b border-line last:border-0">
                <td className={`${td} font-medium text-ink`}>
                  {memberName(member)}
                  {member.userId === selfId && <YouBadge />}
                </td>
                <td className={`${td} max-w-64 truncate text-muted`}>{member.email ?? '—'}</td>
                <td className={td}>
                  <MemberRole {...actions(member)} />
                </td>
                <td className={`${td} whitespace-nowrap text-muted tabular`}>{formatDay(member.joinedAt)}</td>
                {props.canManage && (
                  <td className={`${td} text-right`}>
                    <MemberRemove {...actions(member)} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" aria-label="Members">
        {members.map((member) => (
          <li
            key={member.userId}
            className="rounded-[var(--radius-card)] border border-line bg-surface p-4 shadow-[var(--shadow-card)]"
          >
            <p className="font-semibold text-ink">
              {memberName(member)}
              {member.userId === selfId && <YouBadge />}
            </p>
            <p className="truncate text-sm text-muted">{member.email ?? '—'}</p>
            <p className="text-sm text-muted">Joined {formatDay(member.joinedAt)}</p>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <MemberRole {...actions(member)} />
              <MemberRemove {...actions(member)} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
