import { createHash } from 'node:crypto';
import type { SectorDeclaration } from '@insightra/contract';
import { sql } from 'kysely';
import type { Queryable, Tx } from '../../../db/client';
import { lockOrganisation } from './refresh-jobs-repository';
import {
  olderCurrentRowsSql,
  runSummaryPlan,
  type SummaryPlan,
  type SummaryRow,
  summaryPlan,
  uploadRowsSql,
} from './summary-repository';

/**
 * Each upload's summary, made from its rows as they are validated (row-summariser.ts) and stored with it
 * when it is published, so that a refresh adds summaries up instead of summarising every row again
 * (docs/decisions/122-upload-summaries.md).
 */

export type { SummaryRow } from './summary-repository';
export { renewStatisticsAfterUpload } from './table-statistics-repository';

/** An upload's summary rows and the name of the summary query that made them. */
export interface UploadSummary {
  plan: string;
  rows: SummaryRow[];
}

interface SectorPlans {
  /** The summary of one upload's rows. */
  upload: SummaryPlan;
  /** The summary of the older uploads' current rows. */
  older: SummaryPlan;
  /** Names `upload`: a stored summary is used only by the query that made it. */
  name: string;
}

const plans = new WeakMap<SectorDeclaration, SectorPlans>();

function plansOf(d: SectorDeclaration): SectorPlans {
  let p = plans.get(d);
  if (!p) {
    const upload = summaryPlan(d, uploadRowsSql(d));
    const what = JSON.stringify([upload.sql, upload.dimensions, upload.groupings, upload.terms]);
    const name = createHash('sha256').update(what).digest('base64url').slice(0, 22);
    p = { upload, older: summaryPlan(d, olderCurrentRowsSql(d)), name };
    plans.set(d, p);
  }
  return p;
}

/** An upload's summary rows from the summariser, named as the query that gives the same rows. */
export function uploadSummary(d: SectorDeclaration, rows: SummaryRow[]): UploadSummary {
  return { plan: plansOf(d).name, rows };
}

/** An upload's summary from its stored rows, in the caller's transaction. */
export async function summariseUpload(
  tx: Tx,
  organisationId: number,
  d: SectorDeclaration,
  uploadId: number,
): Promise<UploadSummary> {
  const { upload, name } = plansOf(d);
  return { plan: name, rows: await runSummaryPlan(tx, upload, [organisationId, uploadId]) };
}

/** Stores an upload's summary; its log row must exist (the publish's transaction writes both). */
export async function storeUploadSummary(db: Queryable, uploadId: number, summary: UploadSummary) {
  await db.kysely
    .insertInto('upload_summaries')
    .values({ upload_id: uploadId, plan: summary.plan, rows: JSON.stringify(summary.rows) })
    .onConflict((oc) =>
      oc
        .column('upload_id')
        .doUpdateSet((eb) => ({ plan: eb.ref('excluded.plan'), rows: eb.ref('excluded.rows') })),
    )
    .execute();
}

async function readUploadSummary(db: Queryable, uploadId: number, plan: string) {
  const row = await db.kysely
    .selectFrom('upload_summaries')
    .select('rows')
    .where('upload_id', '=', uploadId)
    .where('plan', '=', plan)
    .executeTakeFirst();
  return row ? (row.rows as SummaryRow[]) : null;
}

/**
 * How many rows upload `uploadId`'s stored summary covers (its totals row's count), or null when it has
 * no summary made by the current query. With one active upload, the reports read that summary in place.
 */
export async function storedSummaryRowCount(
  db: Queryable,
  d: SectorDeclaration,
  uploadId: number,
): Promise<number | null> {
  const { rows } = await sql<{ n: string | null }>`
    SELECT (SELECT e->'terms'->>'n' FROM jsonb_array_elements(u.rows) e
             WHERE e->>'grouping' = '' LIMIT 1) AS n
      FROM upload_summaries u
     WHERE u.upload_id = ${uploadId} AND u.plan = ${plansOf(d).name}`.execute(db.kysely);
  return rows[0] ? Number(rows[0].n ?? 0) : null;
}

/**
 * Before uploads `uploadIds` are purged: an organisation whose reports read one of their stored
 * summaries in place gets a copy of it in sector_summaries, so that its reports keep showing what the
 * last refresh left until the next one.
 */
export async function copyPurgedSummaries(tx: Tx, organisationId: number, uploadIds: number[]) {
  // The refresh's lock: a refresh under way commits its pointer first, or runs after the purge.
  await lockOrganisation(tx, organisationId);
  await sql`
    INSERT INTO sector_summaries (organisation_id, sector, grouping, d1, d2, terms)
    SELECT s.organisation_id, s.summary_sector, x.grouping, x.d1, x.d2, x.terms
      FROM report_refresh_state s
      JOIN upload_summaries u ON u.upload_id = s.summary_upload_id,
           jsonb_to_recordset(u.rows) AS x(grouping text, d1 text, d2 text, terms jsonb)
     WHERE s.organisation_id = ${organisationId} AND s.summary_upload_id = ANY(${uploadIds}::int[])`.execute(
    tx.kysely,
  );
  await tx.kysely
    .updateTable('report_refresh_state')
    .set({ summary_upload_id: null, summary_sector: null })
    .where('organisation_id', '=', organisationId)
    .where('summary_upload_id', '=', sql<number>`ANY(${uploadIds}::int[])`)
    .execute();
}

/** Summaries added group by group: the sums in `numeric`, so that they stay exact. */
async function addSummaries(db: Queryable, lists: SummaryRow[][]): Promise<SummaryRow[]> {
  const { rows } = await sql<SummaryRow>`
    SELECT s.grouping, s.d1, s.d2, jsonb_object_agg(s.term, s.total) AS terms
      FROM (SELECT x.grouping, x.d1, x.d2, e.key AS term, sum(e.value::numeric) AS total
              FROM jsonb_to_recordset(${JSON.stringify(lists.flat())}::jsonb)
                     AS x(grouping text, d1 text, d2 text, terms jsonb),
                   jsonb_each_text(x.terms) AS e
             GROUP BY x.grouping, x.d1, x.d2, e.key) s
     GROUP BY s.grouping, s.d1, s.d2`.execute(db.kysely);
  return rows.map((r) => ({
    ...r,
    terms: Object.fromEntries(Object.entries(r.terms).map(([k, v]) => [k, v === null ? null : Number(v)])),
  }));
}

/**
 * The organisation's summaries from its current rows (active uploads `uploadIds`, newest first): the
 * newest upload's stored summary (computed from its rows and stored now when it has none made by this
 * query) plus, when there are older uploads, the summary of their rows that no newer upload replaces.
 */
export async function computeSummaries(
  tx: Tx,
  organisationId: number,
  d: SectorDeclaration,
  uploadIds: number[],
): Promise<SummaryRow[]> {
  const [newest, ...older] = uploadIds;
  if (newest === undefined) return [];
  const { older: olderPlan, name } = plansOf(d);
  let rows = await readUploadSummary(tx, newest, name);
  if (!rows) {
    const summary = await summariseUpload(tx, organisationId, d, newest);
    await storeUploadSummary(tx, newest, summary);
    rows = summary.rows;
  }
  if (!older.length) return rows;
  const rest = await runSummaryPlan(tx, olderPlan, [organisationId, uploadIds, older]);
  // Every older row replaced: the totals group alone, of no rows.
  const restRows = rest.find((r) => r.grouping === '')?.terms.n ?? 0;
  return restRows ? addSummaries(tx, [rows, rest]) : rows;
}
