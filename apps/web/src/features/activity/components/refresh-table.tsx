import type { RefreshJob } from '@insightra/contract';
import { RefreshStatusBadge } from './badges';
import { formatDate, formatDuration } from './format';

const th =
  'sticky top-0 z-10 bg-surface px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-muted';
const td = 'px-3 py-3 align-middle';
const LABEL = 'Refresh history, newest first';

/** Who started it; "—" where the provider does not say or the account was removed. */
const starterName = (job: RefreshJob) => job.startedBy?.name ?? '—';
const finished = (job: RefreshJob) => (job.finishedAt ? formatDate(job.finishedAt) : '—');

/** The refresh jobs: a table from the md breakpoint up, a list of cards on phones. */
export function RefreshTable({ jobs }: { jobs: RefreshJob[] }) {
  return (
    <>
      <div className="hidden max-h-[50vh] overflow-auto rounded-[var(--radius-card)] border border-line bg-surface shadow-[var(--shadow-card)] md:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{LABEL}</caption>
          <thead>
            <tr className="border-b border-line">
              {['Status', 'Requested', 'Finished', 'Duration', 'Started by'].map((name) => (
                <th key={name} scope="col" className={name === 'Duration' ? `${th} text-right` : th}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.refreshId} className="border-b border-line last:border-0 hover:bg-page">
                <td className={td}>
                  <RefreshStatusBadge status={job.status} />
                </td>
                <td className={`${td} whitespace-nowrap text-muted`}>{formatDate(job.requestedAt)}</td>
                <td className={`${td} whitespace-nowrap text-muted`}>{finished(job)}</td>
                <td className={`${td} text-right tabular-nums`}>{formatDuration(job.durationMs)}</td>
                <td className={`${td} max-w-48 truncate text-ink`}>{starterName(job)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" aria-label={LABEL}>
        {jobs.map((job) => (
          <li
            key={job.refreshId}
            className="rounded-[var(--radius-card)] border border-line bg-surface p-4 shadow-[var(--shadow-card)]"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-xs text-muted">Requested</p>
                <p className="font-semibold text-ink">{formatDate(job.requestedAt)}</p>
                <p className="truncate text-sm text-muted">Started by {starterName(job)}</p>
              </div>
              <RefreshStatusBadge status={job.status} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              {(
                [
                  ['Finished', finished(job)],
                  ['Duration', formatDuration(job.durationMs)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-[var(--radius-control)] bg-page px-2 py-1.5">
                  <dt className="text-xs text-muted">{label}</dt>
                  <dd className="font-semibold tabular-nums text-ink">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
