import {
  type ChartSpec,
  chartScene,
  formatValue,
  monthLabel,
  type ReportChart as ReportChartData,
  type SectorDeclaration,
} from '@insightra/contract';
import { type ReactNode, useMemo } from 'react';
import { ChartDataTable, type ChartDataTableProps } from '../../../components/charts/chart-data-table';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { SceneChart } from '../../../components/charts/scene-chart';
import { useWidth } from './use-width';

/**
 * What the chart is called for assistive technology (its picture and table): a chart split by a
 * dimension names it ('Students per grade by gender'); otherwise its title.
 */
function ariaName(chart: ReportChartData, declaration?: SectorDeclaration, spec?: ChartSpec): string {
  const split = spec?.split ? declaration?.dimensions.find((d) => d.key === spec.split) : undefined;
  if (!split) return chart.title;
  const by = split.label.toLowerCase();
  return chart.title.toLowerCase().includes(by) ? chart.title : `${chart.title} by ${by}`;
}

/** The chart's figures as a table: a row per point, a column per series (a donut adds each share). */
function tableOf(chart: ReportChartData): Omit<ChartDataTableProps, 'caption'> {
  const labels = chart.rows.map((r) => monthLabel(r.label));
  if (chart.kind === 'donut') {
    const format = chart.series[0]?.format ?? 'integer';
    const total = chart.rows.reduce((n, r) => n + (r.values[0] ?? 0), 0);
    return {
      columns: [
        { header: chart.dimension.label },
        { header: chart.series[0]?.label ?? 'Value', numeric: true },
        { header: 'Share', numeric: true },
      ],
      rows: chart.rows.map((r, i) => {
        const value = r.values[0] ?? null;
        const share = value === null || total === 0 ? null : value / total;
        return [labels[i] ?? r.label, formatValue(value, format), formatValue(share, 'percent')];
      }),
    };
  }
  return {
    columns: [
      { header: chart.dimension.label },
      ...chart.series.map((s) => ({ header: s.label, numeric: true })),
    ],
    rows: chart.rows.map((r, i) => [
      labels[i] ?? r.label,
      ...chart.series.map((s, j) => formatValue(r.values[j] ?? null, s.format)),
    ]),
  };
}

/** A drawing's height for its width: wide and low on a desktop, taller in proportion on a phone. */
function heightFor(width: number, kind: ReportChartData['kind']): number {
  return Math.min(kind === 'donut' ? 300 : 360, Math.max(260, Math.round(width * 0.6)));
}

/**
 * One chart of a report, drawn from its scene — the description its PDF, PNG and e-mail are drawn
 * from — at the width of its panel, with its table alternative (decision 030).
 */
export function ReportChart({
  chart,
  declaration,
  spec,
  actions,
}: {
  chart: ReportChartData;
  declaration?: SectorDeclaration;
  /** The chart's declaration in its template (its split dimension). */
  spec?: ChartSpec;
  /** Controls beside its title (its downloads). */
  actions?: ReactNode;
}) {
  const name = ariaName(chart, declaration, spec);
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const scene = useMemo(
    () => chartScene(chart, { width, height: heightFor(width, chart.kind) }),
    [chart, width],
  );
  const table = useMemo(() => tableOf(chart), [chart]);
  return (
    <ChartPanel title={chart.title} actions={actions} className="min-w-0">
      <div ref={ref}>
        <SceneChart scene={scene} ariaLabel={name} />
      </div>
      {chart.rows.length > 0 && <ChartDataTable caption={name} {...table} />}
    </ChartPanel>
  );
}
