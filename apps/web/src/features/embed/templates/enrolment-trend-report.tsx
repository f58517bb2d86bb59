import { formatNumber } from '../../../components/charts/format';
import { LineChart } from '../../../components/charts/line-chart';
import { StatCard } from '../../../components/charts/stat-card';
import { ReportEmpty } from './report-empty';

export interface EnrolmentRow {
  /** 'YYYY-MM' */
  month: string;
  count: number;
}

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return MONTH.format(new Date(Date.UTC(year!, (m ?? 1) - 1, 1)));
}

/** New enrolments per month, with the busiest month. */
export function EnrolmentTrendReport({ rows }: { rows: EnrolmentRow[] }) {
  if (rows.length === 0) return <ReportEmpty />;
  const total = rows.reduce((n, r) => n + r.count, 0);
  const peak = rows.reduce((best, r) => (r.count > best.count ? r : best), rows[0]!);
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <StatCard label="Enrolments" value={formatNumber(total)} />
        <StatCard
          label="Peak Month"
          value={monthLabel(peak.month)}
          hint={`${formatNumber(peak.count)} enrolments`}
        />
      </div>
      <LineChart
        ariaLabel="Enrolments per month"
        categories={rows.map((r) => monthLabel(r.month))}
        values={rows.map((r) => r.count)}
        seriesLabel="Enrolments"
        categoryTitle="Month"
        valueTitle="Enrolments"
        color="green"
      />
    </div>
  );
}
