import { EXPORT_LIMITS, EXPORT_MESSAGES, type ReportChart } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { type ReportDocument, reportPdf } from '../../src/features/exports/pdf-document';
import { pdfPages } from '../helpers/pdf-text';

/** A report whose one chart has more points than a PDF's table shows. */
const POINTS = EXPORT_LIMITS.pdfTableRows + 250;
const chart: ReportChart = {
  key: 'dealers',
  title: 'Revenue by dealer',
  kind: 'bar',
  dimension: { key: 'dealer', label: 'Dealer' },
  series: [
    { key: 'revenue', label: 'Revenue', format: 'currency' },
    { key: 'share', label: 'Share', format: 'percent' },
  ],
  rows: Array.from({ length: POINTS }, (_, i) => ({
    label: `Dealer ${i + 1}`,
    values: [(i + 1) * 1000, i % 10 === 0 ? null : 0.5],
  })),
};
const input: ReportDocument = {
  reportName: 'Dealers',
  organisationName: 'Acme Motors',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  answer: {
    report: { uuid: 'u', template: 't', name: 'Dealer revenue', description: '', sector: 'Automobile' },
    source: 'own',
    refreshedAt: null,
    rowCount: POINTS,
    view: {
      kpis: [{ key: 'revenue', label: 'Revenue', format: 'currency', value: 12_345_678 }],
      charts: [chart],
    },
  },
};

describe('a report PDF', () => {
  it('paginates a long table with its header on every page, stops at the limit and numbers the pages', async () => {
    const pdf = await reportPdf(input);
    const pages = (await pdfPages(pdf)).map((p) => p.split('\n'));
    const text = pages.flat();
    expect(text).toContain('Not refreshed yet');
    expect(text).toContain('₹1,23,45,678');
    expect(text).toContain(`Dealer ${EXPORT_LIMITS.pdfTableRows}`);
    expect(text).not.toContain(`Dealer ${EXPORT_LIMITS.pdfTableRows + 1}`);
    expect(text).toContain(EXPORT_MESSAGES.moreRows(EXPORT_LIMITS.pdfTableRows, POINTS));
    // Every page of the table starts with its header: the first has the chart, the others only rows.
    const tablePages = pages.filter(
      (lines) => lines.some((l) => /^Dealer \d+$/.test(l)) && !lines.includes('Revenue by dealer'),
    );
    expect(tablePages.length).toBeGreaterThan(10);
    for (const lines of tablePages) expect(lines.slice(0, 3)).toEqual(['Dealer', 'Revenue', 'Share']);
    expect(pages.map((lines) => lines.at(-1))).toEqual(
      pages.map((_, i) => `Page ${i + 1} of ${pages.length}`),
    );
    expect(text.filter((l) => l === 'N/A').length).toBe(EXPORT_LIMITS.pdfTableRows / 10);
  });

  it('draws charts as vector graphics and text, and gives the same bytes for the same report', async () => {
    const pdf = await reportPdf(input);
    expect(pdf.equals(await reportPdf(input))).toBe(true);
    expect(pdf.includes('/Subtype /Image')).toBe(false);
  });
});
