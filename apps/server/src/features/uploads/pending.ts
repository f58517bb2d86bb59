import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { MESSAGES } from '@insightra/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { tooManyRequests } from '../../lib/http-error';

/** Advisory lock key (with the member's id) serialising the admission of one member's uploads. */
const ADMIT_LOCK_KEY = 727_013;
/** Rows removed per statement when an unpublished upload is cleared. */
const REMOVE_ROWS_PER_PIECE = 20_000;

/**
 * This process's name as a lease owner: host, process id and a random part. Another process on the
 * same host can then tell a dead owner from a live one (decision 080).
 */
export const LEASE_OWNER = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Whether a process of this host with that id runs (EPERM: it runs under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `owner` is a process of this host that no longer runs (its lease need not be waited out). */
export function deadOwner(owner: string): boolean {
  const [host, pidText] = owner.split(':');
  const pid = Number(pidText);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return owner !== LEASE_OWNER;
  return !processAlive(pid);
}

/**
 * Opens a pending upload for `userId`, after checking the member's bounds under a lock of their own
 * (so two requests at once cannot both pass): uploads in progress, and uploads and megabytes in the
 * last 24 hours (counted in the database, so every instance agrees). Throws 429 with Retry-After.
 */
export async function openPending(
  db: Database,
  config: Config,
  userId: number,
  fileName: string,
): Promise<number> {
  const { perMember, dailyFiles, dailyBytes, leaseMs } = config.uploads;
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, $2::int)', [ADMIT_LOCK_KEY, userId]);
    const { rows } = await tx.query<{ running: number; files: number; bytes: number; wait_s: number }>(
      `WITH recent AS (
         SELECT date, byte_size FROM upload_logs WHERE user_id = $1 AND date > now() - interval '24 hours'
         UNION ALL
         SELECT created_at, byte_size FROM pending_uploads WHERE user_id = $1
       )
       SELECT (SELECT count(*) FROM pending_uploads WHERE user_id = $1 AND lease_expires_at > now())::int AS running,
              count(*)::int AS files, coalesce(sum(byte_size), 0)::bigint AS bytes,
              coalesce(ceil(extract(epoch FROM min(date) + interval '24 hours' - now())), 60)::int AS wait_s
         FROM recent`,
      [userId],
    );
    const r = rows[0]!;
    const waitS = Math.max(1, Number(r.wait_s));
    if (r.running >= perMember) throw tooManyRequests(MESSAGES.uploads.tooManyAtOnce(perMember), 10);
    if (r.files >= dailyFiles) throw tooManyRequests(MESSAGES.uploads.dailyFiles(dailyFiles), waitS);
    if (Number(r.bytes) >= dailyBytes)
      throw tooManyRequests(MESSAGES.uploads.dailyVolume(Math.round(dailyBytes / 1024 / 1024)), waitS);
    const created = await tx.query<{ id: number }>(
      `INSERT INTO pending_uploads (user_id, file_name, lease_owner, lease_expires_at)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond') RETURNING id`,
      [userId, fileName, LEASE_OWNER, leaseMs],
    );
    return created.rows[0]!.id;
  });
}

/**
 * The bytes received so far, checked against the member's daily volume (other uploads included).
 * Renews the lease too; false when the lease was lost (the upload must stop).
 */
export async function renewPending(db: Database, id: number, leaseMs: number, bytes: number) {
  const { rowCount } = await db.query(
    `UPDATE pending_uploads SET lease_expires_at = now() + $3 * interval '1 millisecond', byte_size = $4
      WHERE id = $1 AND lease_owner = $2`,
    [id, LEASE_OWNER, leaseMs, bytes],
  );
  return rowCount > 0;
}

export async function setPendingFile(
  db: Database,
  id: number,
  kind: 'original' | 'rejected',
  fileId: number,
) {
  const column = kind === 'original' ? 'original_file_id' : 'rejected_file_id';
  await db.query(`UPDATE pending_uploads SET ${column} = $2 WHERE id = $1`, [id, fileId]);
}

export interface Totals {
  format: string;
  processed: number;
  accepted: number;
  failed: number;
  successRate: number;
  bytes: number;
}

/**
 * Publishes a pending upload in one small transaction: its log row appears (with the id its rows
 * already carry) and the pending row goes. `beforeCommit` is a pause point for tests.
 */
export async function publishPending(
  db: Database,
  id: number,
  totals: Totals,
  beforeCommit?: () => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `INSERT INTO upload_logs (id, user_id, file_name, file_format, total_processed, total_accepted,
                                total_failed, success_rate, original_file_id, rejected_file_id, byte_size)
       SELECT id, user_id, file_name, $3, $4, $5, $6, $7, original_file_id, rejected_file_id, $8
         FROM pending_uploads WHERE id = $1 AND lease_owner = $2 FOR UPDATE`,
      [
        id,
        LEASE_OWNER,
        totals.format,
        totals.processed,
        totals.accepted,
        totals.failed,
        totals.successRate,
        totals.bytes,
      ],
    );
    if (!rowCount) throw new Error('The upload lost its lease before it was published');
    await tx.query('DELETE FROM pending_uploads WHERE id = $1', [id]);
    await beforeCommit?.();
  });
}

/**
 * Removes an unpublished upload owned by this process: its rows in bounded pieces (other requests are
 * served between them), its files, then the pending row.
 */
export async function removePending(db: Database, id: number): Promise<void> {
  for (;;) {
    const { rowCount } = await db.query(
      `DELETE FROM dataset_rows WHERE upload_id = $1 AND student_id IN
         (SELECT student_id FROM dataset_rows WHERE upload_id = $1 LIMIT ${REMOVE_ROWS_PER_PIECE})
         AND NOT EXISTS (SELECT 1 FROM upload_logs WHERE id = $1)`,
      [id],
    );
    if (!rowCount) break;
  }
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ original_file_id: number | null; rejected_file_id: number | null }>(
      'DELETE FROM pending_uploads WHERE id = $1 RETURNING original_file_id, rejected_file_id',
      [id],
    );
    const files = rows.flatMap((r) => [r.original_file_id, r.rejected_file_id]).filter((f) => f !== null);
    if (files.length) await tx.query('DELETE FROM stored_files WHERE id = ANY($1::bigint[])', [files]);
  });
}

/**
 * Removes the pending uploads whose lease expired, or whose owner is a dead process of this host: each
 * is first taken over (its lease given to this process, under row locks that a publish also takes), so
 * a live upload is never removed and two sweepers never work on the same one.
 */
export async function sweepPending(db: Database, leaseMs: number): Promise<number> {
  const owners = await db.query<{ lease_owner: string }>('SELECT DISTINCT lease_owner FROM pending_uploads');
  const dead = owners.rows.map((r) => r.lease_owner).filter(deadOwner);
  const { rows } = await db.query<{ id: number }>(
    `UPDATE pending_uploads SET lease_owner = $1, lease_expires_at = now() + $2 * interval '1 millisecond'
      WHERE id IN (SELECT id FROM pending_uploads
                    WHERE lease_expires_at <= now() OR lease_owner = ANY($3::text[])
                    FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [LEASE_OWNER, leaseMs, dead],
  );
  for (const { id } of rows) await removePending(db, id);
  return rows.length;
}
