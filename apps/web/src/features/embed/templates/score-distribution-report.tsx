import { formatNumber } from '../../../components/charts/format';
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart';
import { StatCard } from '../../../components/charts/stat-card';
import { ReportEmpty } from './report-empty';

export interface ScoreBandRow {
  band: string;
  from: number;
  to: number;
  count: number;
}

/** Students per score band of ten points, and the average score. */
export function ScoreDistributionReport({
  rows,
  averageScore,
  scored,
}: {
  rows: ScoreBandRow[];
  averageScore: number | null;
  scored: number;
}) {
  if (scored === 0) return <ReportEmpty />;
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <StatCard label="Students with a Score" value={formatNumber(scored)} />
        <StatCard label="Average Score" value={averageScore === null ? 'N/A' : averageScore.toFixed(1)} />
      </div>
      <GroupedBarChart
        ariaLabel="Students per score band"
        categories={rows.map((r) => r.band)}
        series={[{ label: 'Students', values: rows.map((r) => r.count), color: 'sky' }]}
        categoryTitle="Score"
        valueTitle="Students"
      />
    </div>
  );
}
