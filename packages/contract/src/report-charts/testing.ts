import type { ReportChart } from '../bi';
import type { ValueFormat } from '../industries/declaration';
import type { ChartScene, ScenePrimitive } from './scene';

/** A sample chart of a kind: two series (Female, Male) over three grades, or the given rows. */
export function sampleChart(kind: ReportChart['kind'], overrides: Partial<ReportChart> = {}): ReportChart {
  const series = (label: string, format: ValueFormat = 'integer') => ({
    key: label.toLowerCase(),
    label,
    format,
  });
  return {
    key: 'sample',
    title: 'Students per grade by gender',
    kind,
    dimension: { key: 'grade', label: 'Grade' },
    series: [series('Female'), series('Male')],
    rows: [
      { label: 'Grade 1', values: [30, 25] },
      { label: 'Grade 2', values: [34, null] },
      { label: 'Grade 3', values: [28, 31] },
    ],
    ...overrides,
  };
}

/** The primitives of a kind. */
export function ofKind<K extends ScenePrimitive['kind']>(scene: ChartScene, kind: K) {
  return scene.primitives.filter((p): p is Extract<ScenePrimitive, { kind: K }> => p.kind === kind);
}

/** The texts drawn in a scene. */
export function texts(scene: ChartScene): string[] {
  return ofKind(scene, 'text').map((t) => t.text);
}

/** The marks of a scene (bars, slices, points): the primitives with a tooltip. */
export function marks(scene: ChartScene) {
  return scene.primitives.filter(
    (p): p is Extract<ScenePrimitive, { kind: 'rect' | 'path' }> =>
      (p.kind === 'rect' || p.kind === 'path') && p.label !== undefined,
  );
}
