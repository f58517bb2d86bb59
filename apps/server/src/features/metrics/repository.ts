import { sql } from 'kysely';
import type { Queryable } from '../../db/client';

/** Report refresh jobs of every instance, counted by state. */
export function refreshJobsByState(db: Queryable) {
  return db.kysely
    .selectFrom('refresh_jobs')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .groupBy('status')
    .execute();
}
