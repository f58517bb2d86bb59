import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/client';

/** Serialises one member's export admissions across instances (with the member's id as second key). */
const EXPORT_ADMIT_LOCK_KEY = 727_020;

/**
 * Records an export of the member as running (until `leaseSeconds` from now at the latest, so a crashed
 * instance's run does not count for ever), unless `max` of theirs already run on any instance: null then.
 * Counted under a lock of the member's own, so two requests at once cannot both pass.
 */
export async function startExportRun(
  db: Database,
  userId: number,
  max: number,
  leaseSeconds: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${EXPORT_ADMIT_LOCK_KEY}, ${userId}::int)`.execute(tx.kysely);
    const { n } = await tx.kysely
      .selectFrom('export_runs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    if (n >= max) return null;
    const id = randomUUID();
    await tx.kysely
      .with('expired', (qb) =>
        qb
          .deleteFrom('export_runs')
          .where('user_id', '=', userId)
          .where('expires_at', '<=', sql<Date>`now()`),
      )
      .insertInto('export_runs')
      .values({ id, user_id: userId, expires_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
      .execute();
    return id;
  });
}

export async function endExportRun(db: Database, id: string): Promise<void> {
  await db.kysely.deleteFrom('export_runs').where('id', '=', id).execute();
}
