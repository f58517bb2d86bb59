import { type AdminUserDetails, PATHS } from '@insightra/contract';
import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { RoleBadge } from './role-badge';

/** The organisations a user belongs to, with the user's role in each and a link to its page. */
export function UserOrganisations({ organisations }: Pick<AdminUserDetails, 'organisations'>) {
  return (
    <section
      aria-labelledby="user-organisations-heading"
      className="rounded-[var(--radius-card)] border border-line bg-surface p-5 shadow-[var(--shadow-card)] sm:p-6"
    >
      <h2 id="user-organisations-heading" className="text-lg font-semibold text-ink">
        Organisations
      </h2>
      {organisations.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Not a member of any organisation</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {organisations.map((organisation) => (
            <li key={organisation.id} className="flex items-center justify-between gap-3 py-3">
              <Link
                to={PATHS.adminOrganisationOf(organisation.id)}
                className="inline-flex min-w-0 items-center gap-2 font-medium text-brand hover:underline"
              >
                <Building2 aria-hidden="true" className="size-4 shrink-0" />
                <span className="break-words">{organisation.name}</span>
              </Link>
              <RoleBadge role={organisation.role} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
