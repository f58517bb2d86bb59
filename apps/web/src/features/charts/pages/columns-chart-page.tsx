import { MESSAGES } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { Percent, UserRound, Users } from 'lucide-react';
import { ChartEmpty } from '../../../components/charts/chart-empty';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { ChartQuery } from '../../../components/charts/chart-query';
import { formatNumber, formatPercent, percentOf } from '../../../components/charts/format';
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart';
import { SERIES_COLOR } from '../../../components/charts/palette';
import { StatCard } from '../../../components/charts/stat-card';
import { CardGrid, ChartPageShell } from '../components/chart-page-shell';
import { genderStats } from '../lib/card-math';
import { gradesQuery } from '../lib/queries';

const TITLE = 'Student Grades Distribution by Gender';

/** /2dcolumns: female and male students per grade, from /api/chart/grades. */
export function ColumnsChartPage() {
  const query = useQuery(gradesQuery);
  return (
    <ChartPageShell
      title={TITLE}
      description="How many girls and boys are enrolled in each grade of a demo school, from Grade 6 to Grade 12."
    >
      <ChartQuery
        query={query}
        errorMessage={MESSAGES.charts.gradesFailed}
        loadingText="Loading grades data..."
      >
        {(rows) => {
          const stats = genderStats(rows);
          return (
            <>
              <CardGrid columns={4}>
                <StatCard
                  label="Total Students"
                  value={formatNumber(stats.total)}
                  hint={`in ${formatNumber(rows.length)} ${rows.length === 1 ? 'grade' : 'grades'}`}
                  icon={<Users className="size-5" />}
                />
                <StatCard
                  label="Female Students"
                  value={formatNumber(stats.female)}
                  hint={`${formatPercent(percentOf(stats.female, stats.total))} of students`}
                  icon={<UserRound className="size-5" />}
                />
                <StatCard
                  label="Male Students"
                  value={formatNumber(stats.male)}
                  hint={`${formatPercent(percentOf(stats.male, stats.total))} of students`}
                  icon={<UserRound className="size-5" />}
                />
                <StatCard
                  label="Gender Ratio"
                  value={formatPercent(stats.ratioPercent)}
                  hint={
                    stats.ratioPercent === null
                      ? 'No male students to compare'
                      : 'female per 100 male students'
                  }
                  icon={<Percent className="size-5" />}
                />
              </CardGrid>
              <ChartPanel title="Students per grade" description="Female and male students in each grade.">
                {rows.length === 0 ? (
                  <ChartEmpty message="No students in the demo dataset yet." />
                ) : (
                  <GroupedBarChart
                    ariaLabel={`Grouped column chart: ${TITLE}`}
                    categories={rows.map((r) => r.grade)}
                    series={[
                      {
                        label: 'Female',
                        values: rows.map((r) => r.female_count),
                        color: SERIES_COLOR.female,
                      },
                      { label: 'Male', values: rows.map((r) => r.male_count), color: SERIES_COLOR.male },
                    ]}
                    categoryTitle="Grade"
                    valueTitle="Students"
                  />
                )}
              </ChartPanel>
            </>
          );
        }}
      </ChartQuery>
    </ChartPageShell>
  );
}
