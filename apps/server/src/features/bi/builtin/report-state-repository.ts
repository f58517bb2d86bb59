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
  await tx.kysely.deleteFrom('sector_summaries').where('organisation_id', '=', organisationId).execute();
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

/** An organisation's summaries of one sector (as the last refresh left them). */
export async function readSummaries(db: Db, organisationId: number, sector: string): Promise<SummaryRow[]> {
  const rows = await db.kysely
    .selectFrom('sector_summaries')
    .select(['grouping', 'd1', 'd2', 'terms'])
    .where('organisation_id', '=', organisationId)
    .where('sector', '=', sector)
    .execute();
  return rows.map((r) => ({ ...r, terms: typeof r.terms === 'string' ? JSON.parse(r.terms) : r.terms }));
}

export async function readRefreshState(
  db: Db,
  organisationId: number,
): Promise<{ refreshedAt: Date; rowCount: number } | null> {
  const row = await db.kysely
    .selectFrom('report_refresh_state')
    .select(['refreshed_at', 'row_count'])
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row ? { refreshedAt: new Date(row.refreshed_at), rowCount: Number(row.row_count) } : null;
}

/** Records when an organisation's summaries were recomputed, from how many rows, by which job. */
export async function writeRefreshState(tx: Tx, organisationId: number, rowCount: number, jobId: string) {
  await tx.kysely
    .insertInto('report_refresh_state')
    .values({
      organisation_id: organisationId,
      refreshed_at: sql`clock_timestamp()`,
      data_as_of: sql`now()`,
      row_count: rowCount,
      job_id: jobId,
    })
    .onConflict((oc) =>
      oc.column('organisation_id').doUpdateSet((eb) => ({
        refreshed_at: eb.ref('excluded.refreshed_at'),
        data_as_of: eb.ref('excluded.data_as_of'),
        row_count: eb.ref('excluded.row_count'),
        job_id: eb.ref('excluded.job_id'),
      })),
    )
    .execute();
}
