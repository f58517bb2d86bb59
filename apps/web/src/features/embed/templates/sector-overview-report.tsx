import { TIMINGS } from '@insightra/contract';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { DonutChart } from '../../../components/charts/donut-chart';
import { formatNumber, formatPercent, percentOf } from '../../../components/charts/format';
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart';
import { StatCard } from '../../../components/charts/stat-card';
import type { GradeRow } from './grades-by-gender-report';
import { ReportEmpty } from './report-empty';

export interface SectorOverviewData {
  students: number;
  female: number;
  male: number;
  submitted: number;
  averageScore: number | null;
  grades: GradeRow[];
}

/** The key figures of the member's data, for a sector page: headline cards, grades and submissions. */
export function SectorOverviewReport({ data }: { data: SectorOverviewData }) {
  if (data.students === 0) return <ReportEmpty />;
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Students" value={formatNumber(data.students)} />
        <StatCard
          label="Gender Ratio"
          value={formatPercent(percentOf(data.female, data.male))}
          hint={`${formatNumber(data.female)} female / ${formatNumber(data.male)} male`}
        />
        <StatCard label="Submission Rate" value={formatPercent(percentOf(data.submitted, data.students))} />
        <StatCard
          label="Average Score"
          value={data.averageScore === null ? 'N/A' : data.averageScore.toFixed(1)}
        />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartPanel title="Students per grade">
          <GroupedBarChart
            ariaLabel="Students per grade by gender"
            categories={data.grades.map((g) => g.grade)}
            series={[
              { label: 'Female', values: data.grades.map((g) => g.female_count), color: 'blue' },
              { label: 'Male', values: data.grades.map((g) => g.male_count), color: 'orange' },
            ]}
            heightClassName="h-64"
          />
        </ChartPanel>
        <ChartPanel title="Project submissions">
          <DonutChart
            ariaLabel="Project submissions by status"
            slices={[
              { label: 'Submitted', value: data.submitted, color: 'green' },
              { label: 'Not Submitted', value: data.students - data.submitted, color: 'vermillion' },
            ]}
            animationMs={TIMINGS.automobileDonutAnimationMs}
            totalLabel="Projects"
            categoryTitle="Status"
            heightClassName="h-56"
          />
        </ChartPanel>
      </div>
    </div>
  );
}
