import type { ReportChart } from '../bi';
import { CHART_INK, seriesColour } from './colours';
import { formatValue } from './format';
import { arc, type Box, point, ring, type Sizes } from './geometry';
import { legendBlock } from './legend';
import type { ScenePrimitive } from './scene';
import { round } from './text';

/** The hole's share of the ring's radius (docs: 60%). */
const HOLE = 0.6;

/** A slice of the ring between two angles, as path data. */
function slice(cx: number, cy: number, outer: number, from: number, to: number): string {
  const inner = outer * HOLE;
  return [
    `M ${point(cx + outer * Math.cos(from), cy + outer * Math.sin(from))}`,
    arc(cx, cy, outer, from, to),
    `L ${point(cx + inner * Math.cos(to), cy + inner * Math.sin(to))}`,
    arc(cx, cy, inner, to, from),
    'Z',
  ].join(' ');
}

/**
 * A donut of the first series' values per row, clockwise from 12 o'clock, with the total in its
 * middle and a legend of each slice's value and share below; a null, zero or negative value has no
 * slice. With nothing to share, a grey ring says "No data".
 */
export function donutPrimitives(
  chart: ReportChart,
  labels: readonly string[],
  box: Box,
  sizes: Sizes,
): ScenePrimitive[] {
  const series = chart.series[0];
  const format = series?.format ?? 'integer';
  const values = chart.rows.map((r) => r.values[0] ?? null);
  const total = values.reduce<number>((n, v) => (v !== null && v > 0 ? n + v : n), 0);
  const out: ScenePrimitive[] = [];
  let bottom = box.bottom;
  if (total > 0) {
    const entries = values.map((v, i) => ({
      text: `${labels[i]} ${formatValue(v, format)} (${formatValue(v === null ? null : v / total, 'percent')})`,
      colour: seriesColour(chart, i),
    }));
    const width = box.right - box.left;
    const measure = legendBlock(entries, { left: box.left, width, top: 0 }, sizes.small);
    const legend = legendBlock(entries, { left: box.left, width, top: bottom - measure.height }, sizes.small);
    out.push(...legend.primitives);
    bottom -= legend.height + sizes.small * 0.6;
  }
  const cx = (box.left + box.right) / 2;
  const cy = (box.top + bottom) / 2;
  const outer = Math.max(sizes.text, Math.min(box.right - box.left, bottom - box.top) / 2);
  const middle = { x: round(cx), anchor: 'middle' as const };
  if (total === 0) {
    out.push(
      { kind: 'path', d: ring(cx, cy, outer, outer * HOLE), fill: CHART_INK.grid, stroke: null },
      {
        kind: 'text',
        ...middle,
        y: round(cy),
        text: 'No data',
        size: sizes.text,
        fill: CHART_INK.muted,
        baseline: 'middle',
      },
    );
    return out;
  }
  let angle = -Math.PI / 2;
  values.forEach((value, i) => {
    if (value === null || value <= 0) return;
    const to = angle + (value / total) * 2 * Math.PI;
    const share = formatValue(value / total, 'percent');
    out.push({
      kind: 'path',
      d: slice(cx, cy, outer, angle, to),
      fill: seriesColour(chart, i),
      stroke: CHART_INK.background,
      width: round(sizes.text / 6),
      label: `${labels[i]}: ${formatValue(value, format)} (${share})`,
    });
    angle = to;
  });
  const figure = Math.min(sizes.large, round(outer * HOLE * 0.45));
  out.push(
    {
      kind: 'text',
      ...middle,
      y: round(cy),
      text: formatValue(total, format, 'axis'),
      size: figure,
      fill: CHART_INK.text,
      weight: 'bold',
      baseline: 'alphabetic',
    },
    {
      kind: 'text',
      ...middle,
      y: round(cy + sizes.small * 0.4),
      text: series?.label ?? 'Total',
      size: sizes.small,
      fill: CHART_INK.muted,
      baseline: 'hanging',
    },
  );
  return out;
}
