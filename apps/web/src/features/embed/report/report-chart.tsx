import {
  type ChartSpec,
  type ReportChart as ReportChartData,
  type SectorDeclaration,
  TIMINGS,
} from '@insightra/contract';
import type { ReactNode } from 'react';
import { ChartEmpty } from '../../../components/charts/chart-empty';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { DonutChart } from '../../../components/charts/donut-chart';
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart';
import { LineChart } from '../../../components/charts/line-chart';
import { pointLabels, seriesColor } from './chart-series';
import { formatShort, formatValue } from './value-format';

/**
 * What the chart is called for assistive technology (its canvas and table) and its value axis' title:
 * a chart split by a dimension names it ('Students per grade by gender') and its one measure; otherwise
 * the title, and the measure's name when there is one series.
 */
function naming(chart: ReportChartData, declaration?: SectorDeclaration, spec?: ChartSpec) {
  const split = spec?.split ? declaration?.dimensions.find((d) => d.key === spec.split) : undefined;
  if (split && spec) {
    const by = split.label.toLowerCase();
    const measure = declaration?.measures.find((m) => m.key === spec.measures[0]);
    return {
      ariaLabel: chart.title.toLowerCase().includes(by) ? chart.title : `${chart.title} by ${by}`,
      valueTitle: measure?.label,
    };
  }
  return {
    ariaLabel: chart.title,
    valueTitle: chart.series.length === 1 ? chart.series[0]?.label : undefined,
  };
}

/** One chart of a report, drawn by its kind, with its table alternative (decision 030). */
export function ReportChart({
  chart,
  declaration,
  spec,
}: {
  chart: ReportChartData;
  declaration?: SectorDeclaration;
  /** The chart's declaration in its template (its split dimension, its measures). */
  spec?: ChartSpec;
}) {
  const { ariaLabel, valueTitle } = naming(chart, declaration, spec);
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

  let drawing: ReactNode;
  if (!hasData) drawing = <ChartEmpty message="No rows for this chart yet." />;
  else if (chart.kind === 'donut')
    drawing = (
      <DonutChart
        ariaLabel={ariaLabel}
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
        ariaLabel={ariaLabel}
        categories={categories}
        series={series}
        categoryTitle={chart.dimension.label}
        valueTitle={valueTitle}
        formatValue={full}
        formatTick={short}
        heightClassName="h-64 sm:h-72"
      />
    );
  else
    drawing = (
      <GroupedBarChart
        ariaLabel={ariaLabel}
        categories={categories}
        series={series}
        stacked={chart.kind === 'stacked-bar'}
        categoryTitle={chart.dimension.label}
        valueTitle={valueTitle}
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
