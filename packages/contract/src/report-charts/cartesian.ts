import type { ReportChart } from '../bi';
import { CHART_INK, seriesColour } from './colours';
import { formatValue } from './format';
import type { Box, Sizes } from './geometry';
import { legendBlock } from './legend';
import { bars, lines } from './marks';
import { niceTicks, valueScale } from './scale';
import type { ScenePrimitive } from './scene';
import { round, textWidth, truncate } from './text';

/** The values the value axis must hold: each value, or for stacks each stack's top and bottom. */
function axisValues(chart: ReportChart): number[] {
  if (chart.kind !== 'stacked-bar') return chart.rows.flatMap((r) => r.values.filter((v) => v !== null));
  return chart.rows.flatMap((r) => {
    const sum = (keep: (v: number) => boolean) =>
      r.values.reduce<number>((n, v) => (v !== null && keep(v) ? n + v : n), 0);
    return [sum((v) => v > 0), sum((v) => v < 0)];
  });
}

/**
 * The shorter forms tried when category labels do not fit: a first word every label shares dropped
 * ('Grade 10' → '10'; the axis title names it), then a shared last word ('Jan 2025' → 'Jan').
 */
function compact(labels: readonly string[]): string[] {
  if (labels.length < 2) return [...labels];
  const words = labels.map((l) => l.split(' '));
  const first = words[0]?.[0];
  if (words.every((w) => w.length > 1 && w[0] === first)) return words.map((w) => w.slice(1).join(' '));
  const last = words[0]?.[words[0].length - 1];
  if (words.every((w) => w.length > 1 && w[w.length - 1] === last))
    return words.map((w) => w.slice(0, -1).join(' '));
  return [...labels];
}

/** The category labels drawn under a band each: shortened, then every n-th, then cut to fit. */
function categoryTicks(labels: readonly string[], band: number, size: number) {
  const longest = Math.max(0, ...labels.map((l) => textWidth(l, size)));
  const shown = longest > band - size * 0.5 ? compact(labels) : labels;
  const every = Math.max(1, Math.ceil(textWidth('Mmmm', size) / band));
  const room = band * every - size * 0.5;
  return shown.flatMap((text, index) =>
    index % every === 0 ? [{ index, text: truncate(text, room, size) }] : [],
  );
}

/**
 * A bar or line chart: the legend (when there are several series) and the value axis' title (when
 * there is one) on top, the value axis with round ticks on the left, the category labels and the
 * dimension's name below; "No data" in the middle when no value is there.
 */
export function cartesianPrimitives(
  chart: ReportChart,
  labels: readonly string[],
  box: Box,
  sizes: Sizes,
): ScenePrimitive[] {
  const out: ScenePrimitive[] = [];
  const values = axisValues(chart);
  const empty = !chart.rows.some((r) => r.values.some((v) => v !== null));
  const format = chart.series[0]?.format ?? 'integer';
  const muted = { fill: CHART_INK.muted, size: sizes.small };
  let top = box.top;
  if (!empty && chart.series.length > 1) {
    const legend = legendBlock(
      chart.series.map((s, i) => ({ text: s.label, colour: seriesColour(chart, i) })),
      { left: box.left, width: box.right - box.left, top },
      sizes.small,
    );
    out.push(...legend.primitives);
    top += legend.height + sizes.small * 0.4;
  } else if (chart.series.length === 1) {
    const title = truncate(chart.series[0]?.label ?? '', box.right - box.left, sizes.small);
    out.push({
      kind: 'text',
      x: box.left,
      y: round(top),
      text: title,
      ...muted,
      anchor: 'start',
      baseline: 'hanging',
    });
    top += sizes.small * 1.8;
  }
  top += sizes.small * 0.6;
  const bottom = box.bottom - sizes.small * 1.6 - sizes.text * 1.8;
  const ticks = empty
    ? []
    : niceTicks(values, Math.min(6, Math.max(2, Math.round((bottom - top) / 48))), format === 'integer');
  const tickTexts = ticks.map((t) => formatValue(t, format, 'axis'));
  const left = box.left + Math.max(0, ...tickTexts.map((t) => textWidth(t, sizes.small))) + sizes.text * 0.6;
  const scale = valueScale(empty ? [0, 1] : ticks, top, bottom);
  ticks.forEach((tick, i) => {
    const y = round(scale.y(tick));
    if (tick !== 0)
      out.push({
        kind: 'line',
        x1: round(left),
        y1: y,
        x2: box.right,
        y2: y,
        stroke: CHART_INK.grid,
        width: 1,
      });
    out.push({
      kind: 'text',
      x: round(left - sizes.text * 0.5),
      y,
      text: tickTexts[i] ?? '',
      ...muted,
      anchor: 'end',
      baseline: 'middle',
    });
  });
  const zero = round(scale.y(0));
  out.push(
    {
      kind: 'line',
      x1: round(left),
      y1: round(top),
      x2: round(left),
      y2: round(bottom),
      stroke: CHART_INK.axis,
      width: 1,
    },
    { kind: 'line', x1: round(left), y1: zero, x2: box.right, y2: zero, stroke: CHART_INK.axis, width: 1 },
  );
  const band = (box.right - left) / Math.max(1, chart.rows.length);
  for (const { index, text } of categoryTicks(labels, band, sizes.text)) {
    const x = round(left + band * (index + 0.5));
    out.push({
      kind: 'text',
      x,
      y: round(bottom + sizes.text * 0.5),
      text,
      size: sizes.text,
      fill: CHART_INK.text,
      anchor: 'middle',
      baseline: 'hanging',
    });
  }
  const dimension = truncate(chart.dimension.label, box.right - left, sizes.small);
  out.push({
    kind: 'text',
    x: round((left + box.right) / 2),
    y: box.bottom,
    text: dimension,
    ...muted,
    anchor: 'middle',
  });
  if (empty) {
    const middle = { x: round((left + box.right) / 2), y: round((top + bottom) / 2) };
    out.push({
      kind: 'text',
      ...middle,
      text: 'No data',
      size: sizes.text,
      fill: CHART_INK.muted,
      anchor: 'middle',
      baseline: 'middle',
    });
    return out;
  }
  const draw = chart.kind === 'line' ? lines : bars;
  return [...out, ...draw(chart, labels, left, band, scale, sizes)];
}
