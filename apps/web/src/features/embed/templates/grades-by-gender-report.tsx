import { formatNumber } from '../../../components/charts/format';
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart';
import { StatCard } from '../../../components/charts/stat-card';
import { ReportEmpty } from './report-empty';

export interface GradeRow {
  grade: string;
  female_count: number;
  male_count: number;
}

/** Female and male students per grade (legend entries toggle their series). */
export function GradesByGenderReport({ rows }: { rows: GradeRow[] }) {
  if (rows.length === 0) return <ReportEmpty />;
  const female = rows.reduce((n, r) => n + r.female_count, 0);
  const male = rows.reduce((n, r) => n + r.male_count, 0);
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard label="Total Students" value={formatNumber(female + male)} />
        <StatCard label="Female Students" value={formatNumber(female)} />
        <StatCard label="Male Students" value={formatNumber(male)} />
      </div>
      <GroupedBarChart
        ariaLabel="Students per grade by gender"
        categories={rows.map((r) => r.grade)}
        series={[
          { label: 'Female', values: rows.map((r) => r.female_count), color: 'blue' },
          { label: 'Male', values: rows.map((r) => r.male_count), color: 'orange' },
        ]}
        categoryTitle="Grade"
        valueTitle="Students"
      />
    </div>
  );
}
