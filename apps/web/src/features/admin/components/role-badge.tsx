import type { OrganisationRole } from '@insightra/contract';

const ROLES: Record<OrganisationRole, { label: string; tone: string }> = {
  owner: { label: 'Owner', tone: 'bg-brand-soft text-brand-strong' },
  editor: { label: 'Editor', tone: 'bg-info-soft text-info' },
  viewer: { label: 'Viewer', tone: 'bg-page text-muted border border-line' },
};

/** A member's role in an organisation. */
export function RoleBadge({ role }: { role: OrganisationRole }) {
  const { label, tone } = ROLES[role];
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}
    >
      {label}
    </span>
  );
}
