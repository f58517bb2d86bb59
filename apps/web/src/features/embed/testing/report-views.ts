import { findSectorReport, type ReportChart, type ReportView } from '@insightra/contract';

/** A point of a chart: its label and one value per series. */
type Point = [label: string, ...values: (number | null)[]];

export interface ViewFigures {
  /** KPI values by measure key (missing: null). */
  kpis?: Record<string, number | null>;
  /** Points by chart key; a split chart names its series (the split dimension's values) in `split`. */
  charts?: Record<string, { split?: string[]; points: Point[] }>;
}

/**
 * The server's answer for a template, built from the template's declaration (labels, formats, kinds)
 * and the given figures, as the report-data endpoint shapes it.
 */
export function templateView(uuid: string, figures: ViewFigures = {}) {
  const found = findSectorReport(uuid);
  if (!found) throw new Error(`No template ${uuid}`);
  const { declaration, report } = found;
  const measure = (key: string) => {
    const m = declaration.measures.find((x) => x.key === key);
    if (!m) throw new Error(`No measure ${key}`);
    return m;
  };
  const view: ReportView = {
    kpis: report.kpis.map((key) => {
      const m = measure(key);
      return { key, label: m.label, format: m.format, value: figures.kpis?.[key] ?? null };
    }),
    charts: report.charts.map((c): ReportChart => {
      const dimension = declaration.dimensions.find((d) => d.key === c.dimension)!;
      const given = figures.charts?.[c.key];
      const first = measure(c.measures[0]!);
      const series = c.split
        ? (given?.split ?? []).map((v) => ({ key: v, label: v, format: first.format }))
        : c.measures.map((k) => ({ key: k, label: measure(k).label, format: measure(k).format }));
      return {
        key: c.key,
        title: c.title,
        kind: c.kind,
        dimension: { key: dimension.key, label: dimension.label },
        series,
        rows: (given?.points ?? []).map(([label, ...values]) => ({ label, values })),
      };
    }),
  };
  return { declaration, report, view };
}
