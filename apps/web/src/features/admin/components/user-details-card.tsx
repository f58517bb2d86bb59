import type { AdminUserDetails } from '@insightra/contract';
import { orNA } from '../lib/format';

/** The details card of docs/PRODUCT.md#user-details: Username, Email, Location, Mobile, Full Name, User ID, Sector ('NA' when empty). */
export function UserDetailsCard({ user }: { user: AdminUserDetails }) {
  const fields: [string, string][] = [
    ['Username', orNA(user.username)],
    ['Email', orNA(user.email)],
    ['Location', orNA(user.location)],
    ['Mobile', orNA(user.mobile_number)],
    ['Full Name', orNA(user.full_name)],
    ['User ID', orNA(user.user_id)],
    ['Sector', orNA(user.sector_name)],
  ];
  return (
    <section
      aria-labelledby="user-details-heading"
      className="rounded-[var(--radius-card)] border border-line bg-surface p-5 shadow-[var(--shadow-card)] sm:p-6"
    >
      <h2 id="user-details-heading" className="text-lg font-semibold text-ink">
        User details
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
        {fields.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
            <dd className={`mt-0.5 break-words ${value === 'NA' ? 'text-muted' : 'text-ink'}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
