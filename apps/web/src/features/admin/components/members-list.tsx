import { type Member, PATHS } from '@insightra/contract';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { displayName, formatDateTime } from '../lib/format';
import { RoleBadge } from './role-badge';

/** An organisation's members, each with their role and a link to their user page. */
export function MembersList({ members }: { members: Member[] }) {
  return (
    <section
      aria-labelledby="organisation-members-heading"
      className="rounded-[var(--radius-card)] border border-line bg-surface p-5 shadow-[var(--shadow-card)] sm:p-6"
    >
      <h2
        id="organisation-members-heading"
        className="flex items-center gap-2 text-lg font-semibold text-ink"
      >
        <Users aria-hidden="true" className="size-5 text-muted" />
        Members
      </h2>
      {members.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No members</p>
      ) : (
        <ul aria-label="Members" className="mt-3 divide-y divide-line">
          {members.map((member) => (
            <li
              key={member.userId}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
            >
              <div className="min-w-0">
                <Link
                  to={PATHS.adminUserOf(member.userId)}
                  className="font-medium break-words text-brand hover:underline"
                >
                  {displayName({ full_name: member.fullName, username: member.username })}
                </Link>
                <p className="truncate text-sm text-muted">
                  @{member.username}
                  {member.email && <> · {member.email}</>}
                </p>
              </div>
              <div className="flex items-center gap-3 text-sm text-muted">
                <span>
                  Joined <time dateTime={member.joinedAt}>{formatDateTime(member.joinedAt)}</time>
                </span>
                <RoleBadge role={member.role} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
