import { sql } from 'kysely';
import type { Database, Tx } from '../../../db/client';
import type { RefreshJobStatus } from '../../../db/schema';

type Db = Pick<Database, 'kysely'>;

/** `ms` milliseconds from now, in the database's clock. */
const fromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms}::double precision / 1000)`;

export interface JobRow {
  id: string;
  status: RefreshJobStatus;
  message: string;
  requested_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  duration_ms: number | null;
}

const JOB_COLUMNS = [
  'id',
  'status',
  'message',
  'requested_at',
  'started_at',
  'finished_at',
  'duration_ms',
] as const;

/**
 * Queues a refresh of the organisation's reports, started by `userId`, unless one is queued or running;
 * the new job's id, or null.
 */
export async function queueJob(
  db: Db,
  by: { userId: number; organisationId: number },
): Promise<string | null> {
  const row = await db.kysely
    .insertInto('refresh_jobs')
    .values({
      organisation_id: by.organisationId,
      user_id: by.userId,
      status: 'queued',
      message: 'Refresh queued',
    })
    .onConflict((oc) =>
      oc.column('organisation_id').where('status', 'in', ['queued', 'refreshing']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The organisation's queued or running job. */
export async function runningJobId(db: Db, organisationId: number): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('refresh_jobs')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('status', 'in', ['queued', 'refreshing'])
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findJob(db: Db, organisationId: number, jobId: string): Promise<JobRow | null> {
  const row = await db.kysely
    .selectFrom('refresh_jobs')
    .select(JOB_COLUMNS)
    .where('id', '=', jobId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row ?? null;
}

/** The organisation's ten latest jobs, newest first, with who started each. */
export function latestJobs(
  db: Db,
  organisationId: number,
): Promise<(JobRow & { started_by: number | null; started_by_name: string | null })[]> {
  return db.kysely
    .selectFrom('refresh_jobs as j')
    .leftJoin('users as u', 'u.id', 'j.user_id')
    .select(JOB_COLUMNS.map((c) => `j.${c}` as const))
    .select([
      'u.id as started_by',
      sql<string | null>`COALESCE(NULLIF(u.full_name, ''), u.username)`.as('started_by_name'),
    ])
    .where('j.organisation_id', '=', organisationId)
    .orderBy('j.requested_at', 'desc')
    .limit(10)
    .execute();
}

/** Row counts and durations of the latest completed refreshes (any member's), for the estimate. */
export async function refreshHistory(
  db: Db,
  limit: number,
): Promise<{ rowCount: number; durationMs: number }[]> {
  const rows = await db.kysely
    .selectFrom('refresh_jobs')
    .select(['row_count', 'duration_ms'])
    .where('status', '=', 'completed')
    .where('duration_ms', 'is not', null)
    .where('row_count', 'is not', null)
    .orderBy('finished_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((h) => ({ rowCount: Number(h.row_count), durationMs: Number(h.duration_ms) }));
}

/** Jobs whose workers died `maxAttempts` times end as failed. */
export async function failStaleJobs(db: Db, maxAttempts: number, message: string) {
  await db.kysely
    .updateTable('refresh_jobs')
    .set({
      status: 'failed',
      message,
      finished_at: sql`now()`,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('status', '=', 'refreshing')
    .where('lease_expires_at', '<', sql<Date>`now()`)
    .where('attempts', '>=', maxAttempts)
    .execute();
}

/** Takes the oldest queued job, or one whose lease expired, for `owner` (FOR UPDATE SKIP LOCKED). */
export async function claimJob(db: Db, owner: string, leaseMs: number) {
  const row = await db.kysely
    .updateTable('refresh_jobs')
    .set({
      status: 'refreshing',
      lease_owner: owner,
      lease_expires_at: fromNow(leaseMs),
      started_at: sql`now()`,
      attempts: sql`attempts + 1`,
      message: 'Refreshing',
    })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('refresh_jobs')
        .select('id')
        .where((w) =>
          w.or([
            w('status', '=', 'queued'),
            w.and([w('status', '=', 'refreshing'), w('lease_expires_at', '<', sql<Date>`now()`)]),
          ]),
        )
        .orderBy('requested_at')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'organisation_id', 'attempts'])
    .executeTakeFirst();
  return row ? { id: row.id, organisationId: row.organisation_id, attempts: row.attempts } : null;
}

/** Extends the job's lease while its owner runs it. */
export async function renewLease(db: Db, jobId: string, owner: string, leaseMs: number) {
  await db.kysely
    .updateTable('refresh_jobs')
    .set({ lease_expires_at: fromNow(leaseMs) })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'refreshing')
    .execute();
}

/** Completes the job if `owner` still holds it; false when the lease was lost. */
export async function completeJob(tx: Tx, jobId: string, owner: string, rowCount: number) {
  const done = await tx.kysely
    .updateTable('refresh_jobs')
    .set({
      status: 'completed',
      message: 'Refresh completed',
      row_count: rowCount,
      finished_at: sql`clock_timestamp()`,
      duration_ms: sql`greatest(0, round(extract(epoch FROM clock_timestamp() - started_at) * 1000))::int`,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'refreshing')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Puts a job an outage interrupted back in the queue, without counting the attempt. */
export async function requeueJob(db: Db, jobId: string, owner: string) {
  await db.kysely
    .updateTable('refresh_jobs')
    .set({
      status: 'queued',
      message: 'Refresh queued',
      lease_owner: null,
      lease_expires_at: null,
      attempts: sql`greatest(attempts - 1, 0)`,
    })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'refreshing')
    .execute();
}

export async function failJob(db: Db, jobId: string, owner: string, message: string) {
  await db.kysely
    .updateTable('refresh_jobs')
    .set({
      status: 'failed',
      message,
      finished_at: sql`clock_timestamp()`,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Serialises refreshes of one organisation (a reclaimed job may overlap its dying predecessor). */
export async function lockOrganisation(tx: Tx, organisationId: number) {
  await sql`SELECT pg_advisory_xact_lock(727002, ${organisationId}::int)`.execute(tx.kysely);
}
