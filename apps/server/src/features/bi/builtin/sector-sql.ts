import type { Aggregate, DimensionSpec, SectorDeclaration } from '@insightra/contract';

/**
 * The refresh's SQL, made from a sector's declaration (docs/decisions/101-sector-reports.md): one
 * GROUP BY GROUPING SETS over the member's current rows computes, for every grouping a chart of the
 * sector's reports uses (and the totals of its KPI cards), the sums and counts its measures divide.
 */
const ident = (name: string) => `"${name}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The sums and counts a measure needs, by key: `n` rows, `c:f` count, `s:f` sum, `p:a:b` paired sum, `e:f:v` equal. */
export function termsOf(aggregate: Aggregate): string[] {
  switch (aggregate.fn) {
    case 'count':
      return ['n'];
    case 'count-of':
      return [`c:${aggregate.field}`];
    case 'sum':
      return [`s:${aggregate.field}`];
    case 'avg':
      return [`s:${aggregate.field}`, `c:${aggregate.field}`];
    case 'ratio': {
      const { numerator: a, denominator: b } = aggregate;
      return aggregate.paired ? [`p:${a}:${b}`, `p:${b}:${a}`] : [`s:${a}`, `s:${b}`];
    }
    case 'share':
      return ['n', `e:${aggregate.field}:${aggregate.value}`];
  }
}

/** A field's value per row: a column (Yes/No as 1/0) or a derived number. */
function fieldSql(d: SectorDeclaration, name: string): string {
  const derived = d.derived.find((f) => f.name === name);
  if (derived) return `(${ident(derived.to)} - ${ident(derived.from)})`;
  const column = d.upload.columns.find((c) => c.name === name);
  if (column?.kind.type === 'enum' && column.kind.boolean) return `${ident(name)}::int`;
  return ident(name);
}

function termSql(d: SectorDeclaration, key: string): string {
  const [kind, a = '', ...rest] = key.split(':');
  const b = rest.join(':');
  switch (kind) {
    case 'n':
      return 'count(*)';
    case 'c':
      return `count(${fieldSql(d, a)})`;
    case 's':
      return `sum(${fieldSql(d, a)})`;
    case 'p':
      return `sum(${fieldSql(d, a)}) FILTER (WHERE ${fieldSql(d, a)} IS NOT NULL AND ${fieldSql(d, b)} IS NOT NULL)`;
    default:
      return `count(*) FILTER (WHERE ${ident(a)}::text = ${literal(b)})`;
  }
}

/** A dimension's value per row, as text ('YYYY-MM' for months, the band's index for bands). */
function dimensionSql(d: SectorDeclaration, dim: DimensionSpec): string {
  const col = ident(dim.column);
  if (dim.bucket === 'month') return `to_char(${col}, 'YYYY-MM')`;
  // least() skips NULLs: a row without a value must stay out of every band.
  if (dim.bucket === 'band')
    return `CASE WHEN ${col} IS NOT NULL THEN least(floor(${col} / ${dim.width}), ${bandCount(dim) - 1})::int::text END`;
  const spec = d.upload.columns.find((c) => c.name === dim.column);
  if (spec?.kind.type === 'enum' && spec.kind.boolean) {
    const [yes, no] = spec.kind.values;
    return `CASE WHEN ${col} THEN ${literal(yes!.value)} WHEN NOT ${col} THEN ${literal(no!.value)} END`;
  }
  return `${col}::text`;
}

export const bandCount = (dim: { width: number; max: number }) => Math.ceil(dim.max / dim.width);

/** The groupings the sector's reports read: each chart's dimension (and split), and '' for totals. */
export function groupingsOf(d: SectorDeclaration): string[][] {
  const seen = new Map<string, string[]>([['', []]]);
  for (const r of d.reports)
    for (const c of r.charts) {
      const dims = c.split ? [c.dimension, c.split] : [c.dimension];
      seen.set(dims.join('|'), dims);
    }
  return [...seen.values()];
}

export interface SummaryPlan {
  sql: string;
  dimensions: string[];
  groupings: string[][];
  terms: string[];
}

/** The summary query over `source` (a SELECT of the sector's rows, any parameters its own). */
export function summaryPlan(d: SectorDeclaration, source: string): SummaryPlan {
  const groupings = groupingsOf(d);
  const dimensions = [...new Set(groupings.flat())];
  const terms = [...new Set(d.measures.flatMap((m) => termsOf(m.aggregate)).concat('n'))];
  const dims = dimensions.map(
    (key, i) => `${dimensionSql(d, d.dimensions.find((x) => x.key === key)!)} AS d__${i}`,
  );
  const slot = (key: string) => `d__${dimensions.indexOf(key)}`;
  const sets = groupings.map((g) => `(${g.map(slot).join(', ')})`).join(', ');
  const grouping = dimensions.length ? `GROUPING(${dimensions.map((_, i) => `d__${i}`).join(', ')})` : '0';
  const sql = `
SELECT ${grouping} AS g${dimensions.map((_, i) => `, d__${i}`).join('')},
       ${terms.map((t, i) => `${termSql(d, t)} AS t__${i}`).join(',\n       ')}
  FROM (SELECT ${dims.length ? `${dims.join(', ')}, ` : ''}r.* FROM (${source}) r) s
 GROUP BY GROUPING SETS (${sets})`;
  return { sql, dimensions, groupings, terms };
}

/** One group's sums and counts: `grouping` is its dimension keys joined by '|' ('' for totals). */
export interface SummaryRow {
  grouping: string;
  d1: string | null;
  d2: string | null;
  terms: Record<string, number | null>;
}

/** The query's rows as summary rows (GROUPING's bit is set for each dimension not grouped by). */
export function toSummaryRows(plan: SummaryPlan, rows: Record<string, unknown>[]): SummaryRow[] {
  const k = plan.dimensions.length;
  const byMask = new Map<number, string[]>();
  for (const g of plan.groupings) {
    let mask = 0;
    plan.dimensions.forEach((key, i) => {
      if (!g.includes(key)) mask |= 1 << (k - 1 - i);
    });
    byMask.set(mask, g);
  }
  return rows.map((row) => {
    const g = byMask.get(Number(row.g))!;
    const value = (key: string | undefined) =>
      key === undefined ? null : ((row[`d__${plan.dimensions.indexOf(key)}`] as string | null) ?? null);
    const terms: Record<string, number | null> = {};
    plan.terms.forEach((t, i) => {
      const v = row[`t__${i}`];
      terms[t] = v === null || v === undefined ? null : Number(v);
    });
    return { grouping: g.join('|'), d1: value(g[0]), d2: value(g[1]), terms };
  });
}

/**
 * The member's current rows: per row key, the row of the newest active upload. $1 user id, $2 newest
 * active upload id, $3 every active upload id, $4 the older ones. The newest upload's rows are all
 * current; only rows of older uploads are checked against newer ones.
 */
export function currentRowsSql(d: SectorDeclaration, hasOlderUploads: boolean): string {
  const t = d.table;
  const newest = `SELECT x.* FROM ${t} x WHERE x.upload_id = $2::int AND x.user_id = $1::int`;
  if (!hasOlderUploads) return newest;
  const same = d.upload.rowKey.map((k) => `n.${ident(k)} = x.${ident(k)}`).join(' AND ');
  return `${newest} UNION ALL SELECT x.* FROM ${t} x
    WHERE x.upload_id = ANY($4::int[]) AND x.user_id = $1::int
      AND NOT EXISTS (SELECT 1 FROM ${t} n WHERE n.user_id = $1::int AND ${same}
                        AND n.upload_id > x.upload_id AND n.upload_id = ANY($3::int[]))`;
}

/**
 * A sector's demo dataset: its seeded rows (user 0, upload 0, docs/decisions/100-sector-storage.md);
 * Education's is the demo school of the public charts.
 */
export function demoRowsSql(d: SectorDeclaration): string {
  if (d.table === 'dataset_rows') {
    return `SELECT id::text AS student_id, student_name, gender, grade, project_submitted, score, enrolled_on
              FROM demo_students WHERE sector = 'education'`;
  }
  return `SELECT * FROM ${d.table} WHERE user_id = 0 AND upload_id = 0`;
}
