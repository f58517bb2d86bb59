import type {
  ChartSpec,
  DimensionSpec,
  MeasureSpec,
  ReportChart,
  ReportView,
  SectorDeclaration,
  SectorReport,
} from '@insightra/contract';
import { bandCount, type SummaryRow } from './summary-repository';

type Terms = SummaryRow['terms'];

/** A measure from a group's sums and counts; null when it has nothing to divide by. */
export function measureValue(m: MeasureSpec, terms: Terms | undefined): number | null {
  const t = (key: string) => terms?.[key] ?? null;
  const divide = (a: number | null, b: number | null) => (a === null || !b ? null : a / b);
  const a = m.aggregate;
  switch (a.fn) {
    case 'count':
      return t('n') ?? 0;
    case 'count-of':
      return t(`c:${a.field}`) ?? 0;
    case 'sum':
      return t(`s:${a.field}`) ?? 0;
    case 'avg':
      return divide(t(`s:${a.field}`), t(`c:${a.field}`));
    case 'ratio':
      return a.paired
        ? divide(t(`p:${a.numerator}:${a.denominator}`), t(`p:${a.denominator}:${a.numerator}`))
        : divide(t(`s:${a.numerator}`), t(`s:${a.denominator}`));
    case 'share':
      return divide(t(`e:${a.field}:${a.value}`) ?? 0, t('n'));
  }
}

let collator: Intl.Collator | undefined;
/** "Store 2" before "Store 10". Made on first use: creating a collator loads ICU data (≈ 10 ms a start). */
const natural = () => {
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return collator;
};

/** A dimension's values as people read them, with labels: months and bands in order, enumerations as declared. */
function dimensionOrder(d: SectorDeclaration, dim: DimensionSpec, present: Iterable<string>) {
  if (dim.bucket === 'band') {
    return Array.from({ length: bandCount(dim) }, (_, i) => {
      const last = i === bandCount(dim) - 1;
      return { value: String(i), label: `${i * dim.width}-${last ? dim.max : (i + 1) * dim.width - 1}` };
    });
  }
  const values = [...new Set(present)];
  const spec = d.upload.columns.find((c) => c.name === dim.column);
  if (spec?.kind.type === 'enum' && !dim.bucket) {
    const declared = spec.kind.values.map((v) => v.value);
    return declared.filter((v) => values.includes(v)).map((v) => ({ value: v, label: v }));
  }
  return values.sort(natural().compare).map((v) => ({ value: v, label: v }));
}

function chart(d: SectorDeclaration, spec: ChartSpec, rows: SummaryRow[]): ReportChart {
  const dim = d.dimensions.find((x) => x.key === spec.dimension)!;
  const measures = spec.measures.map((k) => d.measures.find((m) => m.key === k)!);
  const grouping = spec.split ? `${spec.dimension}|${spec.split}` : spec.dimension;
  const groups = rows.filter(
    (r) => r.grouping === grouping && r.d1 !== null && (!spec.split || r.d2 !== null),
  );
  const terms = new Map(groups.map((r) => [`${r.d1}\u0000${r.d2 ?? ''}`, r.terms]));
  const points = dimensionOrder(
    d,
    dim,
    groups.map((r) => r.d1!),
  );
  let series: ReportChart['series'];
  let values: (point: string) => (number | null)[];
  if (spec.split) {
    const split = d.dimensions.find((x) => x.key === spec.split)!;
    const parts = dimensionOrder(
      d,
      split,
      groups.map((r) => r.d2!),
    );
    const m = measures[0]!;
    series = parts.map((p) => ({ key: p.value, label: p.label, format: m.format }));
    values = (point) => parts.map((p) => measureValue(m, terms.get(`${point}\u0000${p.value}`)));
  } else {
    series = measures.map((m) => ({ key: m.key, label: m.label, format: m.format }));
    values = (point) => measures.map((m) => measureValue(m, terms.get(`${point}\u0000`)));
  }
  let out = points.map((p) => ({ label: p.label, values: values(p.value) }));
  if (spec.order === 'value') {
    const weight = (r: { values: (number | null)[] }) =>
      spec.split ? r.values.reduce<number>((s, v) => s + (v ?? 0), 0) : (r.values[0] ?? -Infinity);
    out = out
      .map((r, i) => ({ r, i }))
      .sort((a, b) => weight(b.r) - weight(a.r) || a.i - b.i)
      .map((x) => x.r);
  }
  if (spec.limit !== undefined) out = out.slice(0, spec.limit);
  return {
    key: spec.key,
    title: spec.title,
    kind: spec.kind,
    dimension: { key: dim.key, label: dim.label },
    series,
    rows: out,
  };
}

/** One template's KPI cards and charts from the sector's summary rows. */
export function buildView(d: SectorDeclaration, report: SectorReport, rows: SummaryRow[]): ReportView {
  const total = rows.find((r) => r.grouping === '')?.terms;
  return {
    kpis: report.kpis.map((key) => {
      const m = d.measures.find((x) => x.key === key)!;
      return { key, label: m.label, format: m.format, value: measureValue(m, total) };
    }),
    charts: report.charts.map((c) => chart(d, c, rows)),
  };
}

/** Rows the summaries were computed from (the totals' row count). */
export const summaryRowCount = (rows: SummaryRow[]) =>
  Number(rows.find((r) => r.grouping === '')?.terms.n ?? 0);
