import { MESSAGES, type ReportsByTier, TIERS } from '@insightra/contract';
import { FileBarChart2 } from 'lucide-react';

const ACCENTS = {
  Beta: 'border-t-info',
  Alpha: 'border-t-brand',
  'Alpha+': 'border-t-accent',
} as const;

/** Beta, Alpha and Alpha+ side by side on wide screens, stacked on narrow ones; each with its count. */
export function TierColumns({ reports }: { reports: ReportsByTier }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {TIERS.map((tier) => {
        const list = reports[tier];
        const headingId = `tier-${tier.replace('+', '-plus')}`;
        return (
          <section
            key={tier}
            aria-labelledby={headingId}
            data-testid={`tier-column-${tier}`}
            className={`flex flex-col rounded-[var(--radius-card)] border border-t-4 border-line bg-surface shadow-[var(--shadow-card)] ${ACCENTS[tier]}`}
          >
            <header className="flex items-center justify-between gap-2 border-b border-line px-5 py-3">
              <h2 id={headingId} className="font-semibold text-ink">
                {tier}
              </h2>
              <span className="tabular rounded-full bg-page px-2.5 py-0.5 text-sm font-semibold text-ink">
                {list.length}
                <span className="sr-only">{list.length === 1 ? ' report' : ' reports'}</span>
              </span>
            </header>
            {list.length === 0 ? (
              <p className="px-5 py-6 text-center text-sm text-muted">{MESSAGES.admin.noReports}</p>
            ) : (
              <ul className="divide-y divide-line">
                {list.map((report) => (
                  <li key={report.id} className="flex items-start gap-3 px-5 py-3">
                    <FileBarChart2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
                    <div className="min-w-0">
                      <p className="break-words font-medium text-ink">{report.report_type}</p>
                      <p className="truncate font-mono text-xs text-muted" title={report.report_uuid}>
                        {report.report_uuid}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
