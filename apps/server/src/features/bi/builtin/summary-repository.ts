import type { Aggregate, DimensionSpec, SectorDeclaration } from '@insightra/contract';
import type { Database, Tx } from '../../../db/client';

/**
 * The refresh's SQL, made from a sector's declaration (docs/decisions/101-sector-reports.md): one
 * GROUP BY GROUPING SETS over the organisation's current rows computes, for every grouping a chart of the
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

/**
 * Columns of a sector's table that hold a dimension's key, computed once when the row is written
 * (generated columns): the refresh reads them instead of evaluating the bucket per row. Education's
 * table has the score band and enrolment month (migration 0004).
 */
const STORED_KEYS: Record<string, readonly string[]> = { dataset_rows: ['score_band', 'enrol_month'] };

const columnOf = (d: SectorDeclaration, name: string) => d.upload.columns.find((c) => c.name === name);
const isBoolean = (d: SectorDeclaration, name: string) => {
  const kind = columnOf(d, name)?.kind;
  return kind?.type === 'enum' && kind.boolean === true;
};

/**
 * A field's value per row: a column (Yes/No as 1/0), or a derived number. Sums stay numeric (exact):
 * a float8 sum keeps a smaller state per group, but turning each numeric into a float8 costs more per
 * row than it saves (measured on both databases).
 */
function fieldSql(d: SectorDeclaration, name: string): string {
  const derived = d.derived.find((f) => f.name === name);
  if (derived) return `(${ident(derived.to)} - ${ident(derived.from)})`;
  if (isBoolean(d, name)) return `${ident(name)}::int`;
  return ident(name);
}

/** A field every row has (a required column): its count is the row count. */
const alwaysSet = (d: SectorDeclaration, name: string) =>
  !d.derived.some((f) => f.name === name) && columnOf(d, name)?.required === true;

/**
 * How a term is computed: per row in the cube's GROUP BY (`row`), or — when it only counts rows by a
 * value of a column the cube groups by anyway — from each cube group's key and row count (`group`, an
 * expression over the cube's columns), which costs nothing per row.
 */
type TermSource = { row: string } | { group: (keyOf: (column: string) => string | null) => string | null };

/** A term key's parts: its kind (`n`, `c`, `s`, `p`, `e`), its field and its second field or value. */
export function termParts(key: string): { kind: string; a: string; b: string } {
  const [kind = '', a = '', ...rest] = key.split(':');
  return { kind, a, b: rest.join(':') };
}

function termSource(d: SectorDeclaration, key: string): TermSource {
  const { kind, a, b } = termParts(key);
  switch (kind) {
    case 'n':
      return { row: 'count(*)' };
    case 'c':
      return alwaysSet(d, a) ? { row: 'count(*)' } : { row: `count(${fieldSql(d, a)})` };
    case 's':
      if (isBoolean(d, a) && alwaysSet(d, a))
        return { group: (k) => (k(a) ? `CASE WHEN ${k(a)} THEN a__0 ELSE 0 END` : null) };
      return { row: `sum(${fieldSql(d, a)})` };
    case 'p':
      return alwaysSet(d, a) && alwaysSet(d, b)
        ? { row: `sum(${fieldSql(d, a)})` }
        : {
            row: `sum(${fieldSql(d, a)}) FILTER (WHERE ${fieldSql(d, a)} IS NOT NULL AND ${fieldSql(d, b)} IS NOT NULL)`,
          };
    default:
      return {
        group: (k) => (k(a) ? `CASE WHEN ${k(a)}::text = ${literal(b)} THEN a__0 ELSE 0 END` : null),
      };
  }
}

const rowFallback = (d: SectorDeclaration, key: string): string => {
  const { kind, a, b } = termParts(key);
  if (kind === 's') return `sum(${fieldSql(d, a)})`;
  return `count(*) FILTER (WHERE ${ident(a)}::text = ${literal(b)})`;
};

/**
 * A dimension in two steps: its key per row, as cheap to group by as possible (a stored key, a
 * month's first day, a band's number, the column itself), and that key's label as text ('YYYY-MM',
 * the band's number, Yes/No), computed once per group of the cube.
 */
function dimensionSql(
  d: SectorDeclaration,
  dim: DimensionSpec,
): { key: string; label: (k: string) => string } {
  const col = ident(dim.column);
  const stored = STORED_KEYS[d.table]?.includes(dim.key) ? ident(dim.key) : null;
  if (dim.bucket === 'month')
    return {
      // A date as timestamp (not timestamptz): its month needs no time zone and stays cheap per row.
      key: stored ?? `date_trunc('month', ${col}::timestamp)::date`,
      label: (k) => `to_char(${k}, 'YYYY-MM')`,
    };
  // least() skips NULLs: a row without a value must stay out of every band.
  if (dim.bucket === 'band')
    return {
      key:
        stored ??
        `CASE WHEN ${col} IS NOT NULL THEN least(floor(${col} / ${dim.width}), ${bandCount(dim) - 1})::int END`,
      label: (k) => `${k}::text`,
    };
  if (isBoolean(d, dim.column)) {
    const kind = columnOf(d, dim.column)!.kind as { values: readonly { value: string }[] };
    const [yes, no] = kind.values;
    return {
      key: col,
      label: (k) => `CASE WHEN ${k} THEN ${literal(yes!.value)} WHEN NOT ${k} THEN ${literal(no!.value)} END`,
    };
  }
  return { key: col, label: (k) => `${k}::text` };
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

/**
 * What a sector's summary holds: the groupings its reports read, the dimensions they group by (each
 * once, in the order of first use) and the terms of its measures (with `n`, the row count).
 */
export interface SummaryShape {
  dimensions: string[];
  groupings: string[][];
  terms: string[];
}

export function summaryShape(d: SectorDeclaration): SummaryShape {
  const groupings = groupingsOf(d);
  return {
    dimensions: [...new Set(groupings.flat())],
    groupings,
    terms: [...new Set(d.measures.flatMap((m) => termsOf(m.aggregate)).concat('n'))],
  };
}

export interface SummaryPlan extends SummaryShape {
  sql: string;
}

/**
 * The summary query over `source` (a SELECT of the sector's rows, any parameters its own), in two
 * steps (decision 101): a cube — ONE GROUP BY of the rows by every dimension's key at once, with
 * every term — whose few thousand groups are then rolled up by GROUPING SETS (every term is a count
 * or a sum, so sums of the cube's terms are the terms of each grouping).
 */
export function summaryPlan(d: SectorDeclaration, source: string): SummaryPlan {
  const { dimensions, groupings, terms } = summaryShape(d);
  const specs = dimensions.map((key) => d.dimensions.find((x) => x.key === key)!);
  const dims = specs.map((dim) => dimensionSql(d, dim));
  // The cube's key of a plain (unbucketed) column, for terms computed from the groups.
  const keyOf = (column: string) => {
    const i = specs.findIndex((s) => s.column === column && !s.bucket);
    return i < 0 ? null : `k__${i}`;
  };
  // Each distinct per-row aggregate once (a required column's count is the row count, `n`).
  const rowAggregates = ['count(*)'];
  const perTerm = terms.map((t) => {
    const source = termSource(d, t);
    const group = 'group' in source ? source.group(keyOf) : null;
    if (group) return group;
    const row = 'row' in source ? source.row : rowFallback(d, t);
    if (!rowAggregates.includes(row)) rowAggregates.push(row);
    return `a__${rowAggregates.indexOf(row)}`;
  });
  const slot = (key: string) => `d__${dimensions.indexOf(key)}`;
  const sets = groupings.map((g) => `(${g.map(slot).join(', ')})`).join(', ');
  const grouping = dimensions.length ? `GROUPING(${dimensions.map((_, i) => `d__${i}`).join(', ')})` : '0';
  const cube = `SELECT ${[
    ...dims.map((x, i) => `${x.key} AS k__${i}`),
    ...rowAggregates.map((a, i) => `${a} AS a__${i}`),
  ].join(', ')}
      FROM (${source}) r${dims.length ? ` GROUP BY ${dims.map((_, i) => i + 1).join(', ')}` : ''}`;
  const labelled = `SELECT ${[
    ...dims.map((x, i) => `${x.label(`k__${i}`)} AS d__${i}`),
    ...perTerm.map((expr, i) => `${expr} AS t__${i}`),
  ].join(', ')} FROM (${cube}) c`;
  const sql = `
SELECT ${grouping} AS g${dimensions.map((_, i) => `, d__${i}`).join('')},
       ${terms.map((_, i) => `sum(t__${i}) AS t__${i}`).join(', ')}
  FROM (${labelled}) s
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

/** The rows of one upload: $1 user id, $2 upload id. Every row of the newest active upload is current. */
export function uploadRowsSql(d: SectorDeclaration): string {
  return `SELECT x.* FROM ${d.table} x WHERE x.upload_id = $2::int AND x.organisation_id = $1::int`;
}

/**
 * The current rows of the organisation's older active uploads: those no newer active upload replaces (a row
 * with the same row key). $1 user id, $2 every active upload id, $3 the older ones.
 */
export function olderCurrentRowsSql(d: SectorDeclaration): string {
  const t = d.table;
  const same = d.upload.rowKey.map((k) => `n.${ident(k)} = x.${ident(k)}`).join(' AND ');
  return `SELECT x.* FROM ${t} x
    WHERE x.upload_id = ANY($3::int[]) AND x.organisation_id = $1::int
      AND NOT EXISTS (SELECT 1 FROM ${t} n WHERE n.organisation_id = $1::int AND ${same}
                        AND n.upload_id > x.upload_id AND n.upload_id = ANY($2::int[]))`;
}

/**
 * A sector's demo dataset: its seeded rows (user 0, upload 0, docs/decisions/100-sector-storage.md);
 * Education's is the demo school of the public charts.
 */
export function demoRowsSql(d: SectorDeclaration): string {
  if (d.table === 'dataset_rows') {
    // With the stored keys dataset_rows has (STORED_KEYS), computed here for the demo's few rows.
    return `SELECT id::text AS student_id, student_name, gender, grade, project_submitted, score, enrolled_on,
                   CASE WHEN score IS NOT NULL THEN least(floor(score / 10), 9)::smallint END AS score_band,
                   date_trunc('month', enrolled_on::timestamp)::date AS enrol_month
              FROM demo_students WHERE sector = 'education'`;
  }
  return `SELECT * FROM ${d.table} WHERE organisation_id = 0 AND upload_id = 0`;
}

/** The refresh's working memory per hash table (PostgreSQL lets hashing use hash_mem_multiplier times it). */
const REFRESH_WORK_MEM = '32MB';

/**
 * Runs a summary plan in the caller's transaction, with settings for this transaction only
 * (docs/decisions/101-sector-reports.md): memory enough to hash a cube of tens of thousands of
 * groups, and hashing rather than sorting even when the rows were just written and the planner has no
 * statistics of them yet (it then guesses a cube too big to hash and sorts every row: 3.3 s instead
 * of 1.0 s for 1,000,000 rows on PGlite); no JIT compilation (it costs more than it saves on one pass
 * over an organisation's rows); and, on PostgreSQL, cheap parallel workers, so that the cube is split across
 * processes as one GROUP BY is. set_config(…, true) is SET LOCAL: all in one statement.
 */
export async function runSummaryPlan(tx: Tx, plan: SummaryPlan, params: unknown[]): Promise<SummaryRow[]> {
  const settings = [
    "set_config('work_mem', $1, true)",
    "set_config('enable_sort', 'off', true)",
    "set_config('jit', 'off', true)",
  ];
  if (tx.raw.kind === 'postgres')
    settings.push(
      "set_config('parallel_setup_cost', '0', true)",
      "set_config('parallel_tuple_cost', '0', true)",
    );
  await tx.query(`SELECT ${settings.join(', ')}`, [REFRESH_WORK_MEM]);
  return toSummaryRows(plan, (await tx.query<Record<string, unknown>>(plan.sql, params)).rows);
}

/** The summaries of a sector's demo dataset. */
export async function computeDemoSummaries(
  db: Pick<Database, 'query'>,
  d: SectorDeclaration,
): Promise<SummaryRow[]> {
  const plan = summaryPlan(d, demoRowsSql(d));
  return toSummaryRows(plan, (await db.query<Record<string, unknown>>(plan.sql)).rows);
}
