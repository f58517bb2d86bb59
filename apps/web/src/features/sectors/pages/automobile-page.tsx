import { api, LAYOUT, MESSAGES, PATHS, TIMINGS } from '@insightra/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Car } from 'lucide-react';
import { Link } from 'react-router';
import { ChartEmpty } from '../../../components/charts/chart-empty';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { ChartQuery } from '../../../components/charts/chart-query';
import { DonutChart } from '../../../components/charts/donut-chart';
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart';
import { SERIES_COLOR } from '../../../components/charts/palette';
import { OrganisationSwitcher } from '../../../components/organisation/organisation-switcher';
import { buttonClasses } from '../../../components/ui/button';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC, queryKey } from '../../../lib/query-keys';
import { usePageTitle } from '../../../lib/use-page-title';

const automobileQuery = queryOptions({
  queryKey: queryKey(PUBLIC, 'charts', 'automobile'),
  queryFn: ({ signal }) => apiRequest(api.charts.automobile, { signal }),
});

/** /automobile (signed in): the Automobile sector page, drawn from /api/chart/automobile. */
export function AutomobilePage() {
  usePageTitle('Automobile');
  const query = useQuery(automobileQuery);
  return (
    <div className="w-full flex-1 bg-page">
      <section className="mx-auto w-full max-w-[1200px] px-4 py-8 sm:px-6 sm:py-12">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-4 sm:items-center">
            <span
              aria-hidden="true"
              className="grid size-12 shrink-0 place-items-center rounded-[var(--radius-card)] bg-brand-soft text-brand"
            >
              <Car className="size-6" />
            </span>
            <div>
              <h1 className="text-2xl font-semibold text-ink sm:text-3xl">Automobile</h1>
              <p className="mt-1 text-muted">
                Trainees of a motor-vehicle technical-training institute, by semester, and their assignment
                submissions.
              </p>
            </div>
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-2 self-start sm:self-auto">
            <OrganisationSwitcher className="max-w-full sm:max-w-xs" />
            <Link to={PATHS.dashboard} className={buttonClasses('secondary')}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Dashboard
            </Link>
          </div>
        </header>
        <div className="mt-8">
          <ChartQuery
            query={query}
            errorMessage={MESSAGES.charts.automobileFailed}
            loadingText="Loading automobile data..."
          >
            {({ barData, donutData }) => {
              const submitted = donutData.filter((d) => d.status === 'Yes').reduce((n, d) => n + d.count, 0);
              const notSubmitted = donutData
                .filter((d) => d.status !== 'Yes')
                .reduce((n, d) => n + d.count, 0);
              return (
                <div className="grid gap-6 lg:grid-cols-5">
                  <div className="lg:col-span-3">
                    <ChartPanel
                      className="h-full"
                      title="Trainees by semester and gender"
                      description="Female and male trainees in each semester."
                    >
                      {barData.length === 0 ? (
                        <ChartEmpty message="No trainees in the demo dataset yet." />
                      ) : (
                        <GroupedBarChart
                          ariaLabel="Grouped column chart: automobile trainees per semester by gender"
                          categories={barData.map((r) => r.grade)}
                          series={[
                            {
                              label: 'Female',
                              values: barData.map((r) => r.female),
                              color: SERIES_COLOR.female,
                            },
                            { label: 'Male', values: barData.map((r) => r.male), color: SERIES_COLOR.male },
                          ]}
                          categoryTitle="Semester"
                          valueTitle="Trainees"
                        />
                      )}
                    </ChartPanel>
                  </div>
                  <div className="lg:col-span-2">
                    <ChartPanel
                      className="h-full"
                      title="Assignments by status"
                      description="Submitted and not submitted, with their shares."
                    >
                      {submitted + notSubmitted === 0 ? (
                        <ChartEmpty message="No assignments in the demo dataset yet." />
                      ) : (
                        <DonutChart
                          ariaLabel="Donut chart: automobile assignment submissions by status"
                          slices={[
                            { label: 'Submitted', value: submitted, color: SERIES_COLOR.submitted },
                            { label: 'Not Submitted', value: notSubmitted, color: SERIES_COLOR.notSubmitted },
                          ]}
                          cutout={LAYOUT.donutCutout}
                          animationMs={TIMINGS.automobileDonutAnimationMs}
                          totalLabel="Assignments"
                          categoryTitle="Status"
                        />
                      )}
                    </ChartPanel>
                  </div>
                </div>
              );
            }}
          </ChartQuery>
        </div>
      </section>
    </div>
  );
}
