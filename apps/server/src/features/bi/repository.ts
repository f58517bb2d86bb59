import { sql } from 'kysely';
import type { Queryable } from '../../db/client';

/** Active uploads the reports do not show yet: newer than the data of the last completed refresh. */
export async function uploadsNewerThanReports(db: Queryable, organisationId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('upload_logs as u')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('u.organisation_id', '=', organisationId)
    .where('u.status', '<>', 0)
    .where((eb) =>
      eb(
        'u.date',
        '>',
        eb.fn.coalesce(
          eb
            .selectFrom('report_refresh_state')
            .select('data_as_of')
            .where('organisation_id', '=', organisationId),
          sql<Date>`'-infinity'::timestamptz`,
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
