import { sql } from 'kysely';
import type { Database, Tx } from '../../../db/client';
import type { SummaryRow } from './summary-repository';

type Db = Pick<Database, 'kysely'>;

/** An organisation's active uploads, newest first: their rows are its data. */
export async function activeUploadIds(db: Db, organisationId: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('upload_logs')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('status', '<>', 0)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/** A cheap size of the organisation's data for the estimate: the accepted rows of its active uploads. */
export async function activeRowCount(db: Db, organisationId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('upload_logs')
    .select(sql<number>`coalesce(sum(total_accepted), 0)::bigint`.as('n'))
    .where('organisation_id', '=', organisationId)
    .where('status', '<>', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Replaces an organisation's summaries with `rows`, in the refresh's transaction. */
export async function replaceSummaries(tx: Tx, organisationId: number, sector: string, rows: SummaryRow[]) {
  await clearSummaries(tx, organisationId);
  if (!rows.length) return;
  await tx.kysely
    .insertInto('sector_summaries')
    .expression((eb) =>
      eb
        .selectFrom(
          sql<SummaryRow>`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`.as(
            sql`x(grouping text, d1 text, d2 text, terms jsonb)`,
          ),
        )
        .select([
          sql.lit(organisationId).as('organisation_id'),
          sql`${sector}::text`.as('sector'),
          'x.grouping',
          'x.d1',
          'x.d2',
          'x.terms',
        ]),
    )
    .execute();
}

/** Removes an organisation's copied summaries (its reports read an upload's stored summary instead). */
export async function clearSummaries(tx: Tx, organisationId: number) {
  await tx.kysely.deleteFrom('sector_summaries').where('organisation_id', '=', organisationId).execute();
}

export interface ReportData {
  /** When the last refresh ran and how many rows it summarised; null before the first. */
  state: { refreshedAt: Date; rowCount: number } | null;
  /** The organisation's summaries of the sector asked for, as the last refresh left them. */
  rows: SummaryRow[];
}

/**
 * An organisation's summaries of one sector and its refresh state, in one statement (one snapshot):
 * the stored summary of the upload the last refresh pointed at, else the rows it copied.
 */
export async function readReportData(db: Db, organisationId: number, sector: string): Promise<ReportData> {
  const { rows } = await sql<{ refreshed_at: Date | string; row_count: string | number; rows: unknown }>`
    SELECT s.refreshed_at, s.row_count,
           CASE WHEN s.summary_upload_id IS NULL THEN
                  (SELECT coalesce(jsonb_agg(jsonb_build_object(
                            'grouping', c.grouping, 'd1', c.d1, 'd2', c.d2, 'terms', c.terms)), '[]'::jsonb)
                     FROM sector_summaries c
                    WHERE c.organisation_id = s.organisation_id AND c.sector = ${sector})
                WHEN s.summary_sector = ${sector} THEN
                  (SELECT u.rows FROM upload_summaries u WHERE u.upload_id = s.summary_upload_id)
                ELSE '[]'::jsonb END AS rows
      FROM report_refresh_state s
     WHERE s.organisation_id = ${organisationId}`.execute(db.kysely);
  const row = rows[0];
  if (!row) return { state: null, rows: [] };
  const summaries = typeof row.rows === 'string' ? JSON.parse(row.rows) : row.rows;
  return {
    state: { refreshedAt: new Date(row.refreshed_at), rowCount: Number(row.row_count) },
    rows: summaries as SummaryRow[],
  };
}

/** What a refresh made: the rows it summarised, and the upload whose stored summary the reports read. */
export interface RefreshedSummaries {
  rowCount: number;
  /** Null: the refresh wrote the organisation's summaries into sector_summaries. */
  inPlace: { uploadId: number; sector: string } | null;
}

/** Records when an organisation's summaries were recomputed, from how many rows, by which job. */
export async function writeRefreshState(
  tx: Tx,
  organisationId: number,
  { rowCount, inPlace }: RefreshedSummaries,
  jobId: string,
) {
  await tx.kysely
    .insertInto('report_refresh_state')
    .values({
      organisation_id: organisationId,
      refreshed_at: sql`clock_timestamp()`,
      data_as_of: sql`now()`,
      row_count: rowCount,
      job_id: jobId,
      summary_upload_id: inPlace?.uploadId ?? null,
      summary_sector: inPlace?.sector ?? null,
    })
    .onConflict((oc) =>
      oc.column('organisation_id').doUpdateSet((eb) => ({
        refreshed_at: eb.ref('excluded.refreshed_at'),
        data_as_of: eb.ref('excluded.data_as_of'),
        row_count: eb.ref('excluded.row_count'),
        job_id: eb.ref('excluded.job_id'),
        summary_upload_id: eb.ref('excluded.summary_upload_id'),
        summary_sector: eb.ref('excluded.summary_sector'),
      })),
    )
    .execute();
}
