import type { ReportChart } from '@insightra/contract';
import { csvField } from '../uploads/rejected-writer';
import { chartColumns, pointLabel } from './chart-table';

/**
 * One chart's table as CSV (RFC 4180, CRLF, UTF-8 with a BOM so Excel reads it right): the header, then
 * a row per point; figures as plain numbers, a missing one empty; text neutralised as the rejected-rows
 * file's is, so no cell opens as a formula.
 */
export function chartCsv(chart: ReportChart): string {
  const lines = [chartColumns(chart).map(csvField).join(',')];
  for (const point of chart.rows) {
    lines.push(
      [csvField(pointLabel(point)), ...point.values.map((v) => (v === null ? '' : String(v)))].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
