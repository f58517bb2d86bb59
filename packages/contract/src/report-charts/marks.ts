import type { ReportChart } from '../bi';
import { CHART_INK, seriesColour } from './colours';
import { formatValue } from './format';
import type { Sizes } from './geometry';
import { circle, point } from './geometry';
import type { ValueScale } from './scale';
import type { ScenePrimitive } from './scene';
import { round } from './text';

/** What a mark's tooltip says: its category, its series when there are several, and its value. */
function markLabel(chart: ReportChart, category: string, s: number, value: number): string {
  const series = chart.series[s];
  const name = chart.series.length > 1 && series ? `${category}, ${series.label}` : category;
  return `${name}: ${formatValue(value, series?.format ?? 'integer')}`;
}

/** The bars of a bar, grouped-bar or stacked-bar chart; a null value leaves a gap. */
export function bars(
  chart: ReportChart,
  labels: readonly string[],
  left: number,
  band: number,
  scale: ValueScale,
  sizes: Sizes,
) {
  const out: ScenePrimitive[] = [];
  const stacked = chart.kind === 'stacked-bar';
  const count = stacked ? 1 : Math.max(1, chart.series.length);
  const slot = Math.min((band * (stacked ? 0.6 : 0.8)) / count, sizes.text * 5);
  const inset = count > 1 ? slot * 0.08 : 0;
  chart.rows.forEach((row, r) => {
    const start = left + band * (r + 0.5) - (slot * count) / 2;
    let up = 0;
    let down = 0;
    row.values.forEach((value, s) => {
      if (value === null) return;
      const base = stacked ? (value >= 0 ? up : down) : 0;
      if (stacked && value >= 0) up += value;
      else if (stacked) down += value;
      const y0 = scale.y(base);
      const y1 = scale.y(base + value);
      const x = start + (stacked ? 0 : slot * s) + inset;
      out.push({
        kind: 'rect',
        x: round(x),
        y: round(Math.min(y0, y1)),
        width: round(slot - inset * 2),
        height: round(Math.abs(y1 - y0)),
        fill: seriesColour(chart, s),
        label: markLabel(chart, labels[r] ?? row.label, s, value),
      });
    });
  });
  return out;
}

/** The lines of a line chart, broken where a value is null, with a point on each value. */
export function lines(
  chart: ReportChart,
  labels: readonly string[],
  left: number,
  band: number,
  scale: ValueScale,
  sizes: Sizes,
) {
  const out: ScenePrimitive[] = [];
  const dots: ScenePrimitive[] = [];
  chart.series.forEach((_series, s) => {
    const colour = seriesColour(chart, s);
    let d = '';
    let drawing = false;
    chart.rows.forEach((row, r) => {
      const value = row.values[s] ?? null;
      if (value === null) {
        drawing = false;
        return;
      }
      const x = left + band * (r + 0.5);
      const y = scale.y(value);
      d += `${d ? ' ' : ''}${drawing ? 'L' : 'M'} ${point(x, y)}`;
      drawing = true;
      const label = markLabel(chart, labels[r] ?? row.label, s, value);
      dots.push({
        kind: 'path',
        d: circle(x, y, sizes.text * 0.3),
        fill: colour,
        stroke: CHART_INK.background,
        width: 1,
        label,
      });
    });
    if (d) out.push({ kind: 'path', d, fill: null, stroke: colour, width: round(sizes.text / 6) });
  });
  return [...out, ...dots];
}
