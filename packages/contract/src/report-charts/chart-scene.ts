import type { ReportChart } from '../bi';
import { cartesianPrimitives } from './cartesian';
import { CHART_INK, seriesColour } from './colours';
import { donutPrimitives } from './donut';
import type { ChartScene, ScenePrimitive } from './scene';
import { monthLabel, round, textSizes, truncate } from './text';

/** The legend a chart draws: its series when there are several, a donut's slices; none without data. */
function legend(chart: ReportChart, labels: readonly string[]) {
  if (chart.kind === 'donut') {
    if (!chart.rows.some((r) => (r.values[0] ?? 0) > 0)) return [];
    return labels.map((label, i) => ({ label, colour: seriesColour(chart, i) }));
  }
  if (chart.series.length < 2 || !chart.rows.some((r) => r.values.some((v) => v !== null))) return [];
  return chart.series.map((s, i) => ({ label: s.label, colour: seriesColour(chart, i) }));
}

/**
 * The drawing of a report chart at a size in pixels: the same input always gives the same scene.
 * Months ('2025-02') read 'Feb 2025'. With `title`, the title is drawn on top (a picture on its own,
 * such as a PNG); otherwise the host shows it as a heading.
 */
export function chartScene(
  chart: ReportChart,
  size: { width: number; height: number },
  options: { title?: boolean } = {},
): ChartScene {
  const width = round(size.width);
  const height = round(size.height);
  const sizes = textSizes(size);
  const pad = sizes.text;
  const labels = chart.rows.map((r) => monthLabel(r.label));
  const primitives: ScenePrimitive[] = [];
  let top = pad;
  if (options.title) {
    const text = truncate(chart.title, width - pad * 2, sizes.title);
    primitives.push({
      kind: 'text',
      x: pad,
      y: pad,
      text,
      size: sizes.title,
      fill: CHART_INK.text,
      anchor: 'start',
      weight: 'bold',
      baseline: 'hanging',
    });
    top += sizes.title * 1.6;
  }
  const box = { left: pad, top: round(top), right: round(width - pad), bottom: round(height - pad) };
  const draw = chart.kind === 'donut' ? donutPrimitives : cartesianPrimitives;
  primitives.push(...draw(chart, labels, box, sizes));
  return {
    width,
    height,
    title: chart.title,
    background: CHART_INK.background,
    primitives,
    legend: legend(chart, labels),
  };
}
