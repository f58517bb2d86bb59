import { type ReportChart as ReportChartData, type SectorDeclaration, TIMINGS } from '@insightra/contract';
import { ChartEmpty } from '../../../components/charts/chart-empty';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { DonutChart } from '../../../components/charts/donut-chart';
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart';
import { LineChart } from '../../../components/charts/line-chart';
import { pointLabels, seriesColor } from './chart-series';
import { formatShort, formatValue } from './value-format';

/** The value axis' title: the one measure's name, or none when series of different measures share it. */
function valueTitle(chart: ReportChartData): string | undefined {
  return chart.series.length === 1 ? chart.series[0]?.label : undefined;
}

/** One chart of a report, drawn by its kind, with its table alternative (decision 033). */
export function ReportChart({
  chart,
  declaration,
}: {
  chart: ReportChartData;
  declaration: SectorDeclaration | undefined;
}) {
  const categories = pointLabels(declaration, chart);
  const format = chart.series[0]?.format ?? 'integer';
  const full = (value: number) => formatValue(format, value);
  const short = (value: number) => formatShort(format, value);
  const series = chart.series.map((s, i) => ({
    label: s.label,
    values: chart.rows.map((r) => r.values[i] ?? null),
    color: seriesColor(declaration, s, i),
  }));
  const hasData = chart.rows.some((r) => r.values.some((v) => v !== null && v !== 0));

  let drawing: React.ReactNode;
  if (!hasData) drawing = <ChartEmpty message="No rows for this chart yet." />;
  else if (chart.kind === 'donut')
    drawing = (
      <DonutChart
        ariaLabel={chart.title}
        slices={chart.rows.map((r, i) => ({
          label: categories[i] ?? r.label,
          value: r.values[0] ?? 0,
          color: seriesColor(undefined, { key: r.label, label: r.label }, i),
        }))}
        animationMs={TIMINGS.automobileDonutAnimationMs}
        totalLabel={chart.series[0]?.label ?? 'Total'}
        categoryTitle={chart.dimension.label}
        valueTitle={chart.series[0]?.label}
        formatValue={full}
        formatTotal={short}
        heightClassName="h-56 sm:h-64"
      />
    );
  else if (chart.kind === 'line')
    drawing = (
      <LineChart
        ariaLabel={chart.title}
        categories={categories}
        series={series}
        categoryTitle={chart.dimension.label}
        valueTitle={valueTitle(chart)}
        formatValue={full}
        formatTick={short}
        heightClassName="h-64 sm:h-72"
      />
    );
  else
    drawing = (
      <GroupedBarChart
        ariaLabel={chart.title}
        categories={categories}
        series={series}
        stacked={chart.kind === 'stacked-bar'}
        categoryTitle={chart.dimension.label}
        valueTitle={valueTitle(chart)}
        formatValue={full}
        formatTick={short}
        heightClassName="h-64 sm:h-72"
      />
    );

  return (
    <ChartPanel title={chart.title} className="min-w-0">
      {drawing}
    </ChartPanel>
  );
}
