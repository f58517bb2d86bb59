import { LAYOUT, MESSAGES, TIMINGS } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, FolderKanban } from 'lucide-react';
import { ChartEmpty } from '../../../components/charts/chart-empty';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { ChartQuery } from '../../../components/charts/chart-query';
import { DonutChart } from '../../../components/charts/donut-chart';
import { formatNumber, formatPercent } from '../../../components/charts/format';
import { SERIES_COLOR } from '../../../components/charts/palette';
import { StatCard } from '../../../components/charts/stat-card';
import { CardGrid, ChartPageShell } from '../components/chart-page-shell';
import { submissionStats } from '../lib/card-math';
import { submissionsQuery } from '../lib/queries';

const TITLE = 'Project Submissions Status';

/** /donutchart: submitted (status Yes) against not submitted projects, from /api/chart/submissions. */
export function DonutChartPage() {
  const query = useQuery(submissionsQuery);
  return (
    <ChartPageShell
      title={TITLE}
      description="The share of student projects handed in on time across Grades 6 to 12 of a demo school."
    >
      <ChartQuery
        query={query}
        errorMessage={MESSAGES.charts.submissionsFailed}
        loadingText="Loading submissions data..."
      >
        {(rows) => {
          const stats = submissionStats(rows);
          return (
            <>
              <CardGrid columns={2}>
                <StatCard
                  label="Total Projects"
                  value={formatNumber(stats.total)}
                  hint="submitted or not"
                  icon={<FolderKanban className="size-5" />}
                />
                <StatCard
                  label="Submission Rate"
                  value={formatPercent(stats.submissionRate)}
                  hint={
                    stats.total === 0
                      ? 'No projects yet'
                      : `${formatNumber(stats.submitted)} of ${formatNumber(stats.total)} submitted`
                  }
                  icon={<ClipboardCheck className="size-5" />}
                />
              </CardGrid>
              <ChartPanel
                title="Projects by status"
                description="Submitted and not submitted projects, with their shares."
              >
                {stats.total === 0 ? (
                  <ChartEmpty message="No projects in the demo dataset yet." />
                ) : (
                  <DonutChart
                    ariaLabel={`Donut chart: ${TITLE}`}
                    slices={[
                      { label: 'Submitted', value: stats.submitted, color: SERIES_COLOR.submitted },
                      { label: 'Not Submitted', value: stats.notSubmitted, color: SERIES_COLOR.notSubmitted },
                    ]}
                    cutout={LAYOUT.donutCutout}
                    animationMs={TIMINGS.donutAnimationMs}
                    totalLabel="Projects"
                    categoryTitle="Status"
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
