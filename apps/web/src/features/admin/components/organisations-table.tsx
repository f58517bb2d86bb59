import { type Organisation, PATHS } from '@insightra/contract';
import { Link } from 'react-router';
import { formatCount } from '../lib/format';

const th =
  'sticky top-0 z-10 bg-surface px-4 py-3 text-left text-xs font-semibold tracking-wide text-muted uppercase';
const td = 'px-4 py-3 align-middle';

/**
 * Organisations with their member count, sector and customer number; each name links to its page.
 * On a narrow screen the table scrolls sideways inside its frame, the page does not.
 */
export function OrganisationsTable({
  organisations,
  busy,
}: {
  organisations: Organisation[];
  busy: boolean;
}) {
  return (
    <section
      aria-label="Organisations table"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      className={`max-h-[70vh] overflow-auto rounded-[var(--radius-card)] border border-line bg-surface shadow-[var(--shadow-card)] ${busy ? 'opacity-60' : ''}`}
    >
      <table aria-busy={busy || undefined} className="w-full min-w-[34rem] border-collapse text-sm">
        <caption className="sr-only">Organisations</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={`${th} text-right`}>
              Members
            </th>
            <th scope="col" className={th}>
              Sector
            </th>
            <th scope="col" className={`${th} text-right`}>
              Customer number
            </th>
          </tr>
        </thead>
        <tbody>
          {organisations.map((organisation) => (
            <tr key={organisation.id} className="border-b border-line last:border-0 hover:bg-page">
              <th scope="row" className={`${td} max-w-72 text-left font-medium`}>
                <Link
                  to={PATHS.adminOrganisationOf(organisation.id)}
                  className="break-words text-brand hover:underline"
                >
                  {organisation.name}
                </Link>
              </th>
              <td className={`${td} text-right tabular-nums`}>{formatCount(organisation.memberCount)}</td>
              <td className={`${td} ${organisation.sector ? 'text-ink' : 'text-muted'}`}>
                {organisation.sector ?? 'NA'}
              </td>
              <td className={`${td} text-right tabular-nums`}>{organisation.customerId}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
