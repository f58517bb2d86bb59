import { formatValue, monthLabel, type ReportChart } from '@insightra/contract';

/** A chart's table columns: its dimension, then one per series. */
export function chartColumns(chart: ReportChart): string[] {
  return [chart.dimension.label, ...chart.series.map((s) => s.label)];
}

/** A point's label as the chart reads it ('2025-02' reads 'Feb 2025'). */
export const pointLabel = (row: ReportChart['rows'][number]) => monthLabel(row.label);

/** One point of a chart as its table reads: the label, then each value formatted as the chart shows it. */
export function formattedPoint(chart: ReportChart, row: ReportChart['rows'][number]): string[] {
  return [pointLabel(row), ...chart.series.map((s, i) => formatValue(row.values[i] ?? null, s.format))];
}
