import type { UploadLog } from '@insightra/contract';
import { api, SECTOR_DECLARATIONS } from '@insightra/contract';
import type { Database } from '../../db/client';
import { removeFileContent } from '../../lib/file-store';

const fileUrl = (path: string, id: number) => path.replace(':id', String(id));

/** The caller's upload logs, newest first, with download paths for the files they have. */
export async function listActivity(db: Database, userId: number): Promise<UploadLog[]> {
  const rows = await db.kysely
    .selectFrom('upload_logs')
    .select([
      'id',
      'file_name',
      'total_processed',
      'total_accepted',
      'total_failed',
      'success_rate',
      'status',
      'date',
      'original_file_id',
      'rejected_file_id',
    ])
    .where('user_id', '=', userId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    file_name: r.file_name,
    total_processed: r.total_processed,
    total_accepted: r.total_accepted,
    total_failed: r.total_failed,
    success_rate: Number(r.success_rate),
    status: r.status,
    date: new Date(r.date).toISOString(),
    originalFileUrl: r.original_file_id ? fileUrl(api.uploads.originalFile.path, r.id) : null,
    rejectedFileUrl: r.rejected_file_id ? fileUrl(api.uploads.rejectedFile.path, r.id) : null,
  }));
}

/** The id of an upload's stored file, or undefined when the upload is not the caller's. */
export async function uploadFileId(
  db: Database,
  userId: number,
  uploadId: number,
  kind: 'original' | 'rejected',
): Promise<{ fileId: number | null } | undefined> {
  const row = await db.kysely
    .selectFrom('upload_logs')
    .select(['original_file_id', 'rejected_file_id'])
    .where('id', '=', uploadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { fileId: kind === 'original' ? row.original_file_id : row.rejected_file_id };
}

/**
 * Purges the caller's active uploads among `ids`: their rows and file contents go (an earlier
 * upload's row with the same row key becomes current again), the log stays as Deleted.
 */
export async function purgeUploads(db: Database, userId: number, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: number;
      original_file_id: number | null;
      rejected_file_id: number | null;
    }>(
      `UPDATE upload_logs SET status = 0, deleted_at = now()
        WHERE user_id = $1 AND id = ANY($2::int[]) AND status <> 0
        RETURNING id, original_file_id, rejected_file_id`,
      [userId, ids],
    );
    if (!rows.length) return 0;
    // Each sector's rows have their own table; a member's are in one of them.
    for (const { table } of SECTOR_DECLARATIONS) {
      await tx.query(`DELETE FROM ${table} WHERE upload_id = ANY($1::int[])`, [rows.map((r) => r.id)]);
    }
    for (const r of rows) {
      if (r.original_file_id) await removeFileContent(tx, r.original_file_id);
      if (r.rejected_file_id) await removeFileContent(tx, r.rejected_file_id);
    }
    return rows.length;
  });
}

/**
 * Removes the content of every expired file in ONE statement. With several instances running it
 * concurrently, the row locks of the UPDATE make each file's removal happen once; the others skip it.
 */
export async function removeExpiredFiles(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (
       UPDATE stored_files SET removed_at = now()
        WHERE expires_at <= now() AND removed_at IS NULL
        RETURNING id
     ), chunks AS (
       DELETE FROM stored_file_chunks WHERE file_id IN (SELECT id FROM gone)
     )
     SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]?.n ?? 0;
}
