import type { ReportChart } from '../bi';

/** The categorical palette in its drawing order (Okabe–Ito; DESIGN tokens --color-chart-*). */
export const CHART_PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00'] as const;

/** Values with a fixed colour on every chart: female/male blue and orange, Yes/No green and vermillion. */
const FIXED: Readonly<Record<string, string>> = {
  female: '#0072B2',
  male: '#E69F00',
  yes: '#009E73',
  no: '#D55E00',
};

/** The neutral colours of a chart: text, tick labels, gridlines, axes, the card behind. */
export const CHART_INK = {
  text: '#0F172A',
  muted: '#475569',
  grid: '#E2E8F0',
  axis: '#94A3B8',
  background: '#FFFFFF',
} as const;

/**
 * The colour of one series — for a donut, of one slice (a row) — by its label's fixed meaning when it
 * has one, else by its place in the palette.
 */
export function seriesColour(chart: ReportChart, seriesIndex: number): string {
  const label = chart.kind === 'donut' ? chart.rows[seriesIndex]?.label : chart.series[seriesIndex]?.label;
  const fixed = label === undefined ? undefined : FIXED[label.trim().toLowerCase()];
  return fixed ?? CHART_PALETTE[seriesIndex % CHART_PALETTE.length]!;
}
