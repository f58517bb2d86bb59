import type { AdminUserSummary } from '@insightra/contract';
import { PATHS } from '@insightra/contract';
import { ArrowRight, Building2, Mail, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { displayName } from '../lib/format';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** A user in the admin grid: name (full name, else username, else 'Unnamed User'), @username, More Details. */
export function UserCard({ user }: { user: AdminUserSummary }) {
  const name = displayName(user);
  return (
    <li className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-surface p-5 shadow-[var(--shadow-card)]">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-strong"
        >
          {initials(name) || '?'}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-ink" title={name}>
            {name}
          </h3>
          <p className="truncate text-sm text-muted">@{user.username}</p>
        </div>
        {user.role === 'admin' && (
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            Admin
          </span>
        )}
      </div>
      <dl className="grid gap-1.5 text-sm text-muted">
        <div className="flex items-center gap-2">
          <dt>
            <Mail aria-hidden="true" className="size-4" />
            <span className="sr-only">Email</span>
          </dt>
          <dd className="truncate">{user.email || 'NA'}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Building2 aria-hidden="true" className="size-4" />
            <span className="sr-only">Sector</span>
          </dt>
          <dd className="truncate">{user.sector_name || 'NA'}</dd>
        </div>
      </dl>
      <Link
        to={PATHS.adminUserOf(user.id)}
        className={buttonClasses('secondary', 'sm', 'mt-auto self-start')}
        aria-label={`More Details about ${name}`}
      >
        More Details
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </li>
  );
}

/** A placeholder card with the same footprint, shown while users load. */
export function UserCardSkeleton() {
  return (
    <li
      aria-hidden="true"
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-surface p-5"
    >
      <div className="flex items-center gap-3">
        <span className="size-10 rounded-full bg-line motion-safe:animate-pulse" />
        <div className="flex-1 space-y-2">
          <span className="block h-4 w-2/3 rounded bg-line motion-safe:animate-pulse" />
          <span className="block h-3 w-1/3 rounded bg-line motion-safe:animate-pulse" />
        </div>
      </div>
      <span className="block h-3 w-3/4 rounded bg-line motion-safe:animate-pulse" />
      <span className="block h-3 w-1/2 rounded bg-line motion-safe:animate-pulse" />
      <span className="block h-8 w-32 rounded-[var(--radius-control)] bg-line motion-safe:animate-pulse" />
    </li>
  );
}
