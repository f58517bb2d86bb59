import type { ValueFormat } from '@insightra/contract';
import { neutralise } from '../uploads/rejected-writer';
import { dataAsOf } from './as-of';
import { chartColumns, pointLabel } from './chart-table';
import type { ReportDocument } from './pdf-document';
import { sheetNames } from './sheet-names';

/** Each value format as an Excel number format: the cells keep the numbers, and read as the report does. */
const NUMBER_FORMATS: Record<ValueFormat, string> = {
  integer: '#,##0',
  decimal: '#,##0.0',
  currency: '"₹"#,##0',
  percent: '0.0%',
  days: '#,##0.0" days"',
};

const SUMMARY = 'Summary';

/**
 * A report as a workbook: a Summary sheet (the report, its organisation, its data date and each KPI),
 * then a sheet per chart with its header row and one row per point. Figures are numbers with the
 * number format of their value format, a missing figure an empty cell; text that a spreadsheet would
 * run as a formula starts with an apostrophe.
 */
export async function reportXlsx(input: ReportDocument): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  book.creator = input.organisationName;
  book.created = input.createdAt;
  book.modified = input.createdAt;
  const { view } = input.answer;

  const summary = book.addWorksheet(SUMMARY);
  summary.addRow([neutralise(input.reportName)]).font = { bold: true, size: 14 };
  summary.addRow([neutralise(input.organisationName)]);
  summary.addRow([dataAsOf(input.answer)]);
  summary.addRow([]);
  summary.addRow(['Figure', 'Value']).font = { bold: true };
  for (const kpi of view.kpis) {
    const row = summary.addRow([neutralise(kpi.label), kpi.value]);
    row.getCell(2).numFmt = NUMBER_FORMATS[kpi.format];
  }
  summary.getColumn(1).width = 36;
  summary.getColumn(2).width = 18;

  const names = sheetNames(
    view.charts.map((c) => c.title),
    [SUMMARY],
  );
  view.charts.forEach((chart, c) => {
    const sheet = book.addWorksheet(names[c]!);
    sheet.addRow(chartColumns(chart).map(neutralise)).font = { bold: true };
    for (const point of chart.rows) sheet.addRow([neutralise(pointLabel(point)), ...point.values]);
    sheet.getColumn(1).width = 28;
    chart.series.forEach((s, i) => {
      const column = sheet.getColumn(i + 2);
      column.numFmt = NUMBER_FORMATS[s.format];
      column.width = Math.max(14, s.label.length + 2);
    });
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
