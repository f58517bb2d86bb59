import { sql } from 'kysely';
import type { Queryable, Tx } from '../../db/client';

/** Advisory lock key (with the member's id) serialising the admission of one member's uploads. */
const ADMIT_LOCK_KEY = 727_013;
/** Rows removed per statement when an unpublished upload is cleared. */
const REMOVE_ROWS_PER_PIECE = 20_000;

const leaseUntil = (leaseMs: number) => sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`;

/** Holds the member's admission lock until the transaction ends. */
export async function lockAdmission(tx: Tx, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ADMIT_LOCK_KEY}, ${userId}::int)`.execute(tx.kysely);
}

export interface MemberLoad {
  running: number;
  files: number;
  bytes: number;
  /** Seconds until the oldest upload of the last 24 hours leaves the window. */
  wait_s: number;
}

/**
 * The member's uploads in progress, and uploads and bytes of the last 24 hours, in one statement.
 * Kept as SQL text (docs/decisions/113-one-data-layer.md): one tuned aggregate run under the admission
 * lock, so every upload waits on it.
 */
export async function memberLoad(tx: Tx, userId: number): Promise<MemberLoad> {
  const { rows } = await sql<MemberLoad>`WITH recent AS (
         SELECT date, byte_size FROM upload_logs WHERE user_id = ${userId} AND date > now() - interval '24 hours'
         UNION ALL
         SELECT created_at, byte_size FROM pending_uploads WHERE user_id = ${userId}
       )
       SELECT (SELECT count(*) FROM pending_uploads WHERE user_id = ${userId} AND lease_expires_at > now())::int AS running,
              count(*)::int AS files, coalesce(sum(byte_size), 0)::bigint AS bytes,
              coalesce(ceil(extract(epoch FROM min(date) + interval '24 hours' - now())), 60)::int AS wait_s
         FROM recent`.execute(tx.kysely);
  return rows[0]!;
}

export async function insertPending(
  db: Queryable,
  pending: { userId: number; organisationId: number; fileName: string; leaseOwner: string; leaseMs: number },
): Promise<number> {
  const row = await db.kysely
    .insertInto('pending_uploads')
    .values({
      user_id: pending.userId,
      organisation_id: pending.organisationId,
      file_name: pending.fileName,
      lease_owner: pending.leaseOwner,
      lease_expires_at: leaseUntil(pending.leaseMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renews the lease and records the bytes received; false when `owner` no longer holds the lease. */
export async function renewLease(
  db: Queryable,
  id: number,
  owner: string,
  leaseMs: number,
  bytes: number,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('pending_uploads')
    .set({ lease_expires_at: leaseUntil(leaseMs), byte_size: bytes })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setPendingFileId(
  db: Queryable,
  id: number,
  column: 'original_file_id' | 'rejected_file_id',
  fileId: number,
): Promise<void> {
  await db.kysely
    .updateTable('pending_uploads')
    .set({ [column]: fileId })
    .where('id', '=', id)
    .execute();
}

export interface PublishedTotals {
  format: 'csv' | 'xlsx' | 'xls';
  processed: number;
  accepted: number;
  failed: number;
  successRate: number;
  bytes: number;
}

/**
 * The pending upload's log row, with the id its rows already carry, when `owner` still holds its
 * lease (the row is locked as it is read); false otherwise.
 */
export async function insertLogFromPending(
  tx: Tx,
  id: number,
  owner: string,
  totals: PublishedTotals,
): Promise<boolean> {
  const result = await tx.kysely
    .insertInto('upload_logs')
    .columns([
      'id',
      'organisation_id',
      'user_id',
      'file_name',
      'file_format',
      'total_processed',
      'total_accepted',
      'total_failed',
      'success_rate',
      'original_file_id',
      'rejected_file_id',
      'byte_size',
    ])
    .expression((eb) =>
      eb
        .selectFrom('pending_uploads')
        .select((s) => [
          'id',
          'organisation_id',
          'user_id',
          'file_name',
          s.val(totals.format).as('file_format'),
          s.val(totals.processed).as('total_processed'),
          s.val(totals.accepted).as('total_accepted'),
          s.val(totals.failed).as('total_failed'),
          s.val(totals.successRate).as('success_rate'),
          'original_file_id',
          'rejected_file_id',
          s.val(totals.bytes).as('byte_size'),
        ])
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .forUpdate(),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deletePending(db: Queryable, id: number): Promise<void> {
  await db.kysely.deleteFrom('pending_uploads').where('id', '=', id).execute();
}

/**
 * Removes up to one piece of an unpublished upload's rows; answers how many went (0: none left, or the
 * upload was published meanwhile). Kept as SQL text, as decision 080 measured it
 * (docs/decisions/113-one-data-layer.md). The piece is named by its rows' physical addresses (ctid),
 * so the plan does not depend on statistics: with statistics that have never seen this upload, the
 * planner expected one row and re-read the whole piece's subquery for each row to delete.
 */
export async function deleteUnpublishedRows(db: Queryable, id: number): Promise<number> {
  const result = await sql`DELETE FROM dataset_rows
      WHERE ctid = ANY(ARRAY(SELECT ctid FROM dataset_rows WHERE upload_id = ${id} LIMIT ${sql.lit(REMOVE_ROWS_PER_PIECE)}))
        AND NOT EXISTS (SELECT 1 FROM upload_logs WHERE id = ${id})`.execute(db.kysely);
  return Number(result.numAffectedRows ?? 0);
}

/** Removes the pending row and the files it names, in the caller's transaction. */
export async function deletePendingWithFiles(tx: Tx, id: number): Promise<void> {
  const rows = await tx.kysely
    .deleteFrom('pending_uploads')
    .where('id', '=', id)
    .returning(['original_file_id', 'rejected_file_id'])
    .execute();
  const files = rows.flatMap((r) => [r.original_file_id, r.rejected_file_id]).filter((f) => f !== null);
  if (files.length) await tx.kysely.deleteFrom('stored_files').where('id', 'in', files).execute();
}

export async function leaseOwners(db: Queryable): Promise<string[]> {
  const rows = await db.kysely.selectFrom('pending_uploads').select('lease_owner').distinct().execute();
  return rows.map((r) => r.lease_owner);
}

/**
 * Takes over the pending uploads whose lease expired or whose owner is in `deadOwners`, under row
 * locks a publish also takes (rows locked elsewhere are skipped); answers their ids.
 */
export async function takeOverStale(
  db: Queryable,
  owner: string,
  leaseMs: number,
  deadOwners: string[],
): Promise<number[]> {
  const rows = await db.kysely
    .updateTable('pending_uploads')
    .set({ lease_owner: owner, lease_expires_at: leaseUntil(leaseMs) })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('pending_uploads')
        .select('id')
        .where((w) =>
          w.or([
            w('lease_expires_at', '<=', w.fn<Date>('now')),
            w('lease_owner', '=', sql<string>`ANY(${deadOwners}::text[])`),
          ]),
        )
        .forUpdate()
        .skipLocked(),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
