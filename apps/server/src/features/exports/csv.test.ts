import type { ReportChart } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { chartCsv } from './csv';

const chart: ReportChart = {
  key: 'dealers',
  title: 'Revenue by dealer',
  kind: 'bar',
  dimension: { key: 'dealer', label: 'Dealer' },
  series: [
    { key: 'revenue', label: 'Revenue, ₹', format: 'currency' },
    { key: 'change', label: 'Change', format: 'percent' },
  ],
  rows: [
    { label: '=HYPERLINK("http://example.com")', values: [1200.5, -0.25] },
    { label: '@SUM(A1)', values: [null, 0] },
    { label: '2025-02', values: [3, null] },
  ],
};

describe('chartCsv', () => {
  it('writes RFC 4180 CSV whose text cells never open as formulas, figures as plain numbers', () => {
    expect(chartCsv(chart)).toBe(
      '\uFEFFDealer,"Revenue, ₹",Change\r\n' +
        `"'=HYPERLINK(""http://example.com"")",1200.5,-0.25\r\n` +
        "'@SUM(A1),,0\r\n" +
        'Feb 2025,3,\r\n',
    );
  });
});
