import type { ReportChart, SectorDeclaration } from '@insightra/contract';
import type { PaletteName } from '../../../components/charts/palette';

/** The categorical palette in its drawing order (Okabe–Ito; DESIGN tokens --color-chart-*). */
const ORDER: readonly PaletteName[] = ['blue', 'orange', 'green', 'pink', 'sky', 'vermillion'];

/** Values with a fixed colour on every chart: female/male blue and orange, Yes/No green and vermillion. */
const FIXED: Readonly<Record<string, PaletteName>> = {
  female: 'blue',
  male: 'orange',
  yes: 'green',
  no: 'vermillion',
};

/**
 * The colour of one series (or donut slice): a fixed meaning when its label has one, else the colour
 * of its measure in the sector's declaration (so a measure keeps its colour across charts), else the
 * palette in order.
 */
export function seriesColor(
  declaration: SectorDeclaration | undefined,
  series: { key: string; label: string },
  index: number,
): PaletteName {
  const fixed = FIXED[series.label.toLowerCase()];
  if (fixed) return fixed;
  const measure = declaration?.measures.findIndex((m) => m.key === series.key) ?? -1;
  return ORDER[(measure >= 0 ? measure : index) % ORDER.length]!;
}

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const YEAR_MONTH = /^(\d{4})-(\d{2})$/;

/** 'YYYY-MM' in words ('Feb 2025'); any other label as it is. */
export function monthLabel(month: string): string {
  const match = YEAR_MONTH.exec(month);
  if (!match) return month;
  return MONTH.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** A chart's point labels as people read them: a month dimension's 'YYYY-MM' in words. */
export function pointLabels(declaration: SectorDeclaration | undefined, chart: ReportChart): string[] {
  const dimension = declaration?.dimensions.find((d) => d.key === chart.dimension.key);
  const months = dimension?.bucket === 'month';
  return chart.rows.map((r) => (months ? monthLabel(r.label) : r.label));
}
