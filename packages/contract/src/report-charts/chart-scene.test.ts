import { describe, expect, it } from 'vitest';
import { chartScene } from './chart-scene';
import { seriesColour } from './colours';
import { sceneToSvg } from './svg';
import { marks, ofKind, sampleChart, texts } from './testing';

const SIZE = { width: 640, height: 360 };

describe('chartScene: bars', () => {
  it('draws a grouped bar per value, a gap for a null, the categories, ticks and a legend', () => {
    const chart = sampleChart('grouped-bar');
    const scene = chartScene(chart, SIZE);
    expect(marks(scene)).toHaveLength(5);
    expect(marks(scene).map((m) => m.label)).toContain('Grade 2, Female: 34');
    expect(texts(scene)).toEqual(
      expect.arrayContaining(['Grade 1', 'Grade 2', 'Grade 3', 'Grade', '0', 'Female', 'Male']),
    );
    expect(scene.legend).toEqual([
      { label: 'Female', colour: seriesColour(chart, 0) },
      { label: 'Male', colour: seriesColour(chart, 1) },
    ]);
    const bars = ofKind(scene, 'rect').filter((r) => r.label);
    expect(bars.filter((b) => b.fill === seriesColour(chart, 1))).toHaveLength(2);
  });

  it('draws one series without a legend, its name over the value axis', () => {
    const chart = sampleChart('bar', {
      series: [{ key: 'fees', label: 'Fees collected', format: 'currency' }],
      rows: [
        { label: 'North', values: [1_230_000] },
        { label: 'South', values: [2_460_000] },
      ],
    });
    const scene = chartScene(chart, SIZE);
    expect(marks(scene)).toHaveLength(2);
    expect(scene.legend).toEqual([]);
    expect(texts(scene)).toEqual(expect.arrayContaining(['Fees collected', '₹0', '₹25L', 'North', 'South']));
  });

  it('stacks the series of a stacked bar, each on the one below', () => {
    const scene = chartScene(sampleChart('stacked-bar'), SIZE);
    const [female, male] = ofKind(scene, 'rect').filter((r) => r.label?.startsWith('Grade 1'));
    expect(female && male && male.y + male.height).toBeCloseTo(female?.y ?? 0, 0);
    expect(male?.x).toBe(female?.x);
  });

  it('cuts a long category label with an ellipsis, and keeps the rest', () => {
    const long = 'Springfield International Public School, Northern Campus';
    const chart = sampleChart('bar', { rows: [{ label: long, values: [3, 4] }, ...sampleChart('bar').rows] });
    const drawn = texts(chartScene(chart, SIZE));
    expect(drawn.find((t) => t.startsWith('Springfield'))).toMatch(/^Springfield.*…$/);
    expect(drawn).toContain('Grade 2');
  });

  it('writes months in words', () => {
    const chart = sampleChart('line', {
      rows: [
        { label: '2025-01', values: [1, 2] },
        { label: '2025-02', values: [3, 4] },
      ],
    });
    expect(texts(chartScene(chart, SIZE))).toEqual(expect.arrayContaining(['Jan 2025', 'Feb 2025']));
  });
});

describe('chartScene: lines', () => {
  it('draws a line per series, broken at a null, with a point on each value', () => {
    const chart = sampleChart('line');
    const scene = chartScene(chart, SIZE);
    const lines = ofKind(scene, 'path').filter((p) => p.fill === null);
    expect(lines.map((l) => l.stroke)).toEqual([seriesColour(chart, 0), seriesColour(chart, 1)]);
    expect(lines[0]?.d.match(/M/g)).toHaveLength(1);
    expect(lines[1]?.d.match(/M/g)).toHaveLength(2);
    expect(marks(scene)).toHaveLength(5);
  });
});

describe('chartScene: donuts', () => {
  const chart = sampleChart('donut', {
    title: 'Project submissions',
    series: [{ key: 'students', label: 'Students', format: 'integer' }],
    rows: [
      { label: 'No', values: [25] },
      { label: 'Yes', values: [75] },
      { label: 'Unknown', values: [null] },
    ],
  });

  it('draws a slice of arcs per value, the total in the middle and a legend of values and shares', () => {
    const scene = chartScene(chart, SIZE);
    const slices = ofKind(scene, 'path').filter((p) => p.label);
    expect(slices).toHaveLength(2);
    for (const s of slices) expect(s.d).toMatch(/^[MLAZ0-9.\s-]+$/);
    expect(slices.map((s) => s.fill)).toEqual(['#D55E00', '#009E73']);
    expect(slices[1]?.label).toBe('Yes: 75 (75.0%)');
    expect(texts(scene)).toEqual(
      expect.arrayContaining(['100', 'Students', 'Yes 75 (75.0%)', 'Unknown N/A (N/A)']),
    );
    expect(scene.legend).toEqual(
      chart.rows.map((r, i) => ({ label: r.label, colour: seriesColour(chart, i) })),
    );
  });

  it('draws a whole ring for a single slice', () => {
    const one = { ...chart, rows: [{ label: 'Yes', values: [10] }] };
    const [slice] = ofKind(chartScene(one, SIZE), 'path').filter((p) => p.label);
    expect(slice?.d.match(/A/g)).toHaveLength(4);
  });
});

describe('chartScene: empty charts', () => {
  it.each(['bar', 'grouped-bar', 'stacked-bar', 'line'] as const)('%s: its axes and "No data"', (kind) => {
    for (const rows of [[], [{ label: 'North', values: [null, null] }]]) {
      const scene = chartScene(sampleChart(kind, { rows }), SIZE);
      expect(texts(scene)).toContain('No data');
      expect(ofKind(scene, 'line')).toHaveLength(2);
      expect(marks(scene)).toEqual([]);
      expect(scene.legend).toEqual([]);
    }
  });

  it('donut: a grey ring and "No data"', () => {
    const scene = chartScene(sampleChart('donut', { rows: [{ label: 'Yes', values: [0] }] }), SIZE);
    expect(texts(scene)).toEqual(['No data']);
    expect(ofKind(scene, 'path')).toHaveLength(1);
  });
});

describe('chartScene: every picture', () => {
  const kinds = ['bar', 'grouped-bar', 'stacked-bar', 'line', 'donut'] as const;

  it.each(kinds)(
    '%s: the same input gives the same drawing, to a tenth of a pixel, inside its frame',
    (kind) => {
      const chart = sampleChart(kind);
      const scene = chartScene(chart, { width: 641.234, height: 359.99 });
      expect(sceneToSvg(chartScene(structuredClone(chart), { width: 641.234, height: 359.99 }))).toBe(
        sceneToSvg(scene),
      );
      const numbers = scene.primitives.flatMap((p) => [
        ...Object.values(p).filter((v): v is number => typeof v === 'number'),
        ...('d' in p
          ? p.d
              .split(/[^0-9.-]+/)
              .filter(Boolean)
              .map(Number)
          : []),
      ]);
      for (const n of numbers) expect(Math.round(n * 10)).toBeCloseTo(n * 10, 6);
      for (const t of ofKind(scene, 'text')) {
        expect(t.x).toBeGreaterThanOrEqual(0);
        expect(t.x).toBeLessThanOrEqual(scene.width);
        expect(t.y).toBeLessThanOrEqual(scene.height);
      }
    },
  );

  it('reads at 12 px at 640×360 and larger at 1280×720', () => {
    const size = (width: number, height: number) =>
      ofKind(chartScene(sampleChart('bar'), { width, height }), 'text').find((t) => t.text === 'Grade 1')
        ?.size;
    expect(size(640, 360)).toBe(12);
    expect(size(1280, 720)).toBeGreaterThanOrEqual(16);
  });

  it('draws the title only when asked', () => {
    const chart = sampleChart('bar');
    expect(texts(chartScene(chart, SIZE))).not.toContain(chart.title);
    const titled = chartScene(chart, SIZE, { title: true });
    expect(ofKind(titled, 'text').find((t) => t.text === chart.title)?.weight).toBe('bold');
    expect(titled.title).toBe(chart.title);
  });
});

describe('seriesColour', () => {
  it('keeps Female/Male and Yes/No on their colours, else goes by place', () => {
    const chart = sampleChart('grouped-bar', {
      series: ['Male', 'Female', 'NO', 'yes', 'Other'].map((label) => ({
        key: label,
        label,
        format: 'integer' as const,
      })),
    });
    expect([0, 1, 2, 3, 4].map((i) => seriesColour(chart, i))).toEqual([
      '#E69F00',
      '#0072B2',
      '#D55E00',
      '#009E73',
      '#56B4E9',
    ]);
    expect(
      seriesColour(sampleChart('bar', { series: [{ key: 'n', label: 'Students', format: 'integer' }] }), 0),
    ).toBe('#0072B2');
  });
});
