import {
  type ColumnSpec,
  type DimensionSpec,
  type MeasureSpec,
  SECTOR_DECLARATIONS,
  type SectorDeclaration,
} from '@insightra/contract';
import { describe, expect, it, vi } from 'vitest';
import { activeUploadIds, readReportData } from '../../src/features/bi/builtin/report-state-repository';
import { rowSummariser } from '../../src/features/bi/builtin/row-summariser';
import {
  runSummaryPlan,
  type SummaryRow,
  summaryPlan,
  uploadRowsSql,
} from '../../src/features/bi/builtin/summary-repository';
import { computeSummaries, summariseUpload } from '../../src/features/bi/builtin/upload-summary-repository';
import { mapHeader, RowValidator } from '../../src/features/uploads/validate';
import { createTestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { injectUpload } from '../helpers/multipart';
import { refreshNow } from '../helpers/refresh';
import { headerOf, sectorCsv, sectorIdOf } from '../helpers/sector-rows';

// The upload's worker threads run the build, as in the product (helpers/built-workers.ts).
vi.mock('../../src/lib/worker', () => import('../helpers/built-workers'));

/**
 * An upload's summary is made from its rows as they are validated (docs/decisions/122-upload-summaries.md):
 * for every sector it must be exactly what the summary query gives over the same rows once stored,
 * and so must the refresh's figures made from it, after a newer upload replaces rows and after a purge.
 */
const { app, db } = await createTestApp();

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Spellings of a number column's values: its bounds, each band's edges and just below them (three
 * places: numeric(6, 2) rounds 9.995 up into the next band), and decimals whose floating-point sum is
 * not their exact sum (0.1 many times), that round half away from zero (2.675), that need an exponent
 * as a double's text (1e-7) or have 17 significant digits.
 */
function numberSpellings(d: SectorDeclaration, c: ColumnSpec): string[] {
  if (c.kind.type !== 'number') return [];
  const { min, max, integer } = c.kind;
  const out = [String(min), String(max), '3', '7', '12'];
  const band = d.dimensions.find((x) => x.bucket === 'band' && x.column === c.name);
  if (band && band.bucket === 'band')
    for (let v = 0; v <= band.max; v += band.width)
      out.push(String(v), ...(integer ? [String(v + 1)] : [(v - 0.005).toFixed(3), (v - 0.006).toFixed(3)]));
  if (!integer)
    out.push('0.1', '0.1', '0.1', '0.1', '0.1', '0.2', '0.7', '2.675', '1.005', '87.555', '0.0000001');
  if (!integer && max > 1e6) out.push('1234567.89', '123456.789012345678');
  return out.filter((v) => Number(v) >= min && Number(v) <= max);
}

/** Spellings of a column's values, as members write them (aliases, DD/MM/YYYY, spaces around text). */
function spellings(d: SectorDeclaration, c: ColumnSpec): string[] {
  const kind = c.kind;
  switch (kind.type) {
    case 'text':
      return [c.example, `${c.example} 2`, ` ${c.example} `, 'Café "Ñ", 東京', 'back\\slash'];
    case 'enum':
      return kind.values.flatMap((v) => [v.value, (v.aliases.at(-1) ?? v.value).toUpperCase()]);
    case 'date':
      return ['2024-01-31', '2024-02-01', '2024-02-29', '2023-12-31', '2025-06-15'].concat(
        kind.spellings === 'spreadsheet' ? ['29/02/2024', '01.03.2024'] : [],
      );
    case 'number':
      return numberSpellings(d, c);
  }
}

/**
 * The i-th row of a sector's upload: the first row key column unique by `i`, the other key columns from
 * `i` too (so `variant` changes a row but not its key), every other column drawn by `i + variant`,
 * optional columns empty in one row in five, and the declaration's rules kept.
 */
function edgeRow(d: SectorDeclaration, i: number, variant = 0): string[] {
  const { columns, rowKey, rules } = d.upload;
  const row = columns.map((c, n) => {
    const seed = rowKey.includes(c.name) ? i : i + variant * 7919;
    if (c.name === rowKey[0]) return c.kind.type === 'date' ? addDays('2023-11-25', i) : `${c.example}-${i}`;
    if (!c.required && seed % 5 === n % 5) return '';
    const values = spellings(d, c);
    return values[(seed * 7 + n * 3) % values.length]!;
  });
  const iso = (v: string) => (/^\d{4}-/.test(v) ? v : v.split(/[/.]/).reverse().join('-'));
  for (const rule of rules ?? []) {
    const a = columns.findIndex((c) => c.name === rule.column);
    const b = columns.findIndex((c) => c.name === rule.other);
    if (!row[a] || !row[b]) continue;
    if (rule.kind === 'at-most' && Number(row[a]) > Number(row[b])) row[a] = row[b]!;
    if (rule.kind === 'not-before' && iso(row[a]!) < iso(row[b]!)) row[a] = addDays(iso(row[b]!), i % 40);
  }
  return row;
}

/** A row every sector rejects: its first row key column empty. */
const rejectedRow = (d: SectorDeclaration, i: number) => edgeRow(d, i).map((v, n) => (n === 0 ? '' : v));

const key = (r: SummaryRow) => JSON.stringify([r.grouping, r.d1, r.d2]);
const sorted = (rows: SummaryRow[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));

async function storedSummary(uploadId: number) {
  const { rows } = await db.query<{ plan: string; rows: SummaryRow[] }>(
    'SELECT plan, rows FROM upload_summaries WHERE upload_id = $1',
    [uploadId],
  );
  return rows[0]!;
}

/** The upload's stored summary against the summary query over its stored rows. */
async function expectSummaryOfRows(organisationId: number, d: SectorDeclaration, uploadId: number) {
  const stored = await storedSummary(uploadId);
  const bySql = await db.transaction((tx) => summariseUpload(tx, organisationId, d, uploadId));
  expect(stored.plan).toBe(bySql.plan);
  expect(sorted(stored.rows)).toEqual(sorted(bySql.rows));
  return stored.rows;
}

/** The refresh's figures with every upload's summary made by the query (in a transaction undone after). */
async function refreshBySql(organisationId: number, d: SectorDeclaration): Promise<SummaryRow[]> {
  const undo = new Error('undo');
  let rows: SummaryRow[] = [];
  await db
    .transaction(async (tx) => {
      const ids = await activeUploadIds(tx, organisationId);
      await tx.query(
        'UPDATE report_refresh_state SET summary_upload_id = NULL, summary_sector = NULL WHERE organisation_id = $1',
        [organisationId],
      );
      await tx.query('DELETE FROM upload_summaries WHERE upload_id = ANY($1::int[])', [ids]);
      rows = await computeSummaries(tx, organisationId, d, ids);
      throw undo;
    })
    .catch((err) => {
      if (err !== undo) throw err;
    });
  return rows;
}

async function member(d: SectorDeclaration) {
  const user = await createUser(db, { sectorId: sectorIdOf(d) });
  const session = bearer(await tokenFor(app, user));
  const upload = async (rows: string[][]) => {
    const res = await injectUpload(app, session, 'rows.csv', sectorCsv(headerOf(d), rows));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { uploadId: number; totalRecordsInserted: number; totalRecordsFailed: number };
  };
  /** Refreshes through the API and checks its figures against the same refresh made by the query. */
  const expectRefreshAsBySql = async () => {
    expect(await refreshNow(app, session)).toBe('completed');
    const { rows: refreshed } = await readReportData(db, user.organisationId!, d.industry);
    expect(refreshed.length).toBeGreaterThan(1);
    expect(sorted(refreshed)).toEqual(sorted(await refreshBySql(user.organisationId!, d)));
  };
  return { user, session, upload, expectRefreshAsBySql };
}

/**
 * The sector with every column as a dimension (and each number column's bands, each date column's
 * months) and as the field of shares, counts and sums: every kind of column's labels and texts, as
 * the summary query gives them over the sector's table (bands of a whole width over integers truncate).
 */
function widened(d: SectorDeclaration): SectorDeclaration {
  const dimensions: DimensionSpec[] = [...d.dimensions];
  const measures: MeasureSpec[] = [...d.measures];
  for (const c of d.upload.columns) {
    const kind = c.kind;
    dimensions.push({ key: `c_${c.name}`, label: c.name, column: c.name });
    if (kind.type === 'number') {
      const width = kind.integer ? 7 : kind.max / 8;
      dimensions.push({
        key: `b_${c.name}`,
        label: c.name,
        column: c.name,
        bucket: 'band',
        width,
        max: kind.max,
      });
      measures.push({
        key: `avg_${c.name}`,
        label: c.name,
        format: 'decimal',
        aggregate: { fn: 'avg', field: c.name },
      });
    }
    if (kind.type === 'date')
      dimensions.push({ key: `m_${c.name}`, label: c.name, column: c.name, bucket: 'month' });
    measures.push({
      key: `n_${c.name}`,
      label: c.name,
      format: 'integer',
      aggregate: { fn: 'count-of', field: c.name },
    });
    const candidates = ['true', 'false', 'Yes', '3', '3.00', '0.1', '0.10', '2024-02-29', c.example];
    if (kind.type === 'enum') candidates.push(...kind.values.map((v) => v.value));
    for (const value of candidates)
      measures.push({
        key: `e_${c.name}_${value}`,
        label: value,
        format: 'percent',
        aggregate: { fn: 'share', field: c.name, value },
      });
  }
  const chart = (dimension: string, split?: string) => ({
    key: `${dimension}-${split ?? ''}`,
    title: dimension,
    kind: 'bar' as const,
    dimension,
    ...(split ? { split } : {}),
    measures: [measures[0]!.key],
    order: 'label' as const,
  });
  const keys = dimensions.map((x) => x.key);
  const charts = keys.flatMap((k, i) => [chart(k), ...(i ? [chart(keys[i - 1]!, k)] : [])]);
  return { ...d, dimensions, measures, reports: [{ ...d.reports[0]!, charts }] };
}

describe('one-pass upload summaries', () => {
  it.each(SECTOR_DECLARATIONS.map((d) => [d.industry, d] as const))(
    '%s: as the summary query gives, over replaced rows and a purge',
    async (_, d) => {
      const m = await member(d);
      const older = [...Array.from({ length: 240 }, (_, i) => edgeRow(d, i)), rejectedRow(d, 999)];
      const a = await m.upload(older);
      expect(a).toMatchObject({ totalRecordsInserted: 240, totalRecordsFailed: 1 });
      await expectSummaryOfRows(m.user.organisationId!, d, a.uploadId);

      // Replaces every third row of the older upload, and adds rows of its own.
      const newer = [
        ...Array.from({ length: 80 }, (_, k) => edgeRow(d, k * 3, 1)),
        ...Array.from({ length: 40 }, (_, k) => edgeRow(d, 300 + k, 2)),
      ];
      const b = await m.upload(newer);
      expect(b.totalRecordsInserted).toBe(120);
      await expectSummaryOfRows(m.user.organisationId!, d, b.uploadId);
      await m.expectRefreshAsBySql();

      const purge = await app.inject({
        method: 'DELETE',
        url: `/api/server/uploads/${b.uploadId}`,
        headers: m.session,
      });
      expect(purge.json()).toMatchObject({ deletedCount: 1 });
      await m.expectRefreshAsBySql();
    },
  );

  it.each(SECTOR_DECLARATIONS.map((d) => [d.industry, d] as const))(
    '%s: every column kind as a dimension, a band, a month and a field, as the summary query gives',
    async (_, d) => {
      const m = await member(d);
      const rows = [...Array.from({ length: 240 }, (_, i) => edgeRow(d, i)), rejectedRow(d, 999)];
      const { uploadId } = await m.upload(rows);
      const wide = widened(d);
      const summariser = rowSummariser(wide);
      const validator = new RowValidator(mapHeader(d.upload, headerOf(d)));
      for (const row of rows) {
        const result = validator.check(row);
        if (result.ok) summariser.add(result.values);
      }
      const bySql = await db.transaction((tx) =>
        runSummaryPlan(tx, summaryPlan(wide, uploadRowsSql(wide)), [m.user.organisationId!, uploadId]),
      );
      expect(sorted(summariser.rows())).toEqual(sorted(bySql));
    },
  );

  it('summarises an upload whose every row is rejected as the query does: totals of no rows', async () => {
    for (const d of SECTOR_DECLARATIONS) {
      const m = await member(d);
      const { uploadId, totalRecordsInserted } = await m.upload([rejectedRow(d, 1), rejectedRow(d, 2)]);
      expect(totalRecordsInserted).toBe(0);
      const rows = await expectSummaryOfRows(m.user.organisationId!, d, uploadId);
      expect(rows).toEqual([
        expect.objectContaining({ grouping: '', terms: expect.objectContaining({ n: null }) }),
      ]);
    }
  });
});
