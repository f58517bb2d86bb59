import { ORGANISATION_MESSAGES, type Organisation, OrganisationName } from '@insightra/contract';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useUpdateOrganisation } from '../api/update-organisation';
import { formatCount, formatDateTime, orNA } from '../lib/format';
import { EditableField } from './editable-field';

const nameProblem = (draft: string) => OrganisationName.safeParse(draft).error?.issues[0]?.message ?? null;
const customerNumberProblem = (draft: string) =>
  /^\d+$/.test(draft.trim()) ? null : 'Customer number must be a whole number, 0 or more';

/** The organisation's details; the administrator renames it and sets its customer number here. */
export function OrganisationDetailsCard({ organisation }: { organisation: Organisation }) {
  const toast = useToast();
  const update = useUpdateOrganisation(String(organisation.id));
  const fixed: [string, string][] = [
    ['Sector', orNA(organisation.sector)],
    ['Members', formatCount(organisation.memberCount)],
    ['Organisation ID', String(organisation.id)],
    ['Created', formatDateTime(organisation.createdAt)],
  ];
  return (
    <section
      aria-labelledby="organisation-details-heading"
      className="rounded-[var(--radius-card)] border border-line bg-surface p-5 shadow-[var(--shadow-card)] sm:p-6"
    >
      <h2 id="organisation-details-heading" className="text-lg font-semibold text-ink">
        Organisation details
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <EditableField
          label="Name"
          value={organisation.name}
          actionText="Rename"
          actionLabel="Rename organisation"
          validate={nameProblem}
          save={async (draft) => {
            await update.mutateAsync({ name: draft.trim() });
            toast.success(ORGANISATION_MESSAGES.renamed);
          }}
        />
        <EditableField
          label="Customer number"
          value={String(organisation.customerId)}
          actionText="Edit"
          actionLabel="Edit customer number"
          inputMode="numeric"
          validate={customerNumberProblem}
          save={async (draft) => {
            await update.mutateAsync({ customerId: Number(draft.trim()) });
            toast.success('Customer number saved');
          }}
        />
        {fixed.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
            <dd className={`mt-0.5 break-words ${value === 'NA' ? 'text-muted' : 'text-ink'}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
