import { TIMINGS } from '@insightra/contract';
import { DonutChart } from '../../../components/charts/donut-chart';
import { formatNumber, formatPercent, percentOf } from '../../../components/charts/format';
import { StatCard } from '../../../components/charts/stat-card';
import { ReportEmpty } from './report-empty';

export interface SubmissionRow {
  status: 'Yes' | 'No';
  count: number;
}

/** Submitted (status Yes) and Not Submitted projects, with the submission rate. */
export function ProjectSubmissionsReport({ rows }: { rows: SubmissionRow[] }) {
  const submitted = rows.find((r) => r.status === 'Yes')?.count ?? 0;
  const notSubmitted = rows.find((r) => r.status === 'No')?.count ?? 0;
  const total = submitted + notSubmitted;
  if (total === 0) return <ReportEmpty />;
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <StatCard label="Total Projects" value={formatNumber(total)} />
        <StatCard label="Submission Rate" value={formatPercent(percentOf(submitted, total))} />
      </div>
      <DonutChart
        ariaLabel="Project submissions by status"
        slices={[
          { label: 'Submitted', value: submitted, color: 'green' },
          { label: 'Not Submitted', value: notSubmitted, color: 'vermillion' },
        ]}
        animationMs={TIMINGS.automobileDonutAnimationMs}
        totalLabel="Projects"
        categoryTitle="Status"
      />
    </div>
  );
}
