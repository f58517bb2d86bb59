import type { UploadLog } from '@insightra/contract';
import { api, SECTOR_DECLARATIONS } from '@insightra/contract';
import { sql } from 'kysely';
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
    const rows = await tx.kysely
      .updateTable('upload_logs')
      .set({ status: 0, deleted_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('id', '=', sql<number>`ANY(${ids}::int[])`)
      .where('status', '<>', 0)
      .returning(['id', 'original_file_id', 'rejected_file_id'])
      .execute();
    if (!rows.length) return 0;
    // Each sector's rows have their own table, made from its declaration and so not in the typed
    // schema; a member's are in one of them.
    const purged = rows.map((r) => r.id);
    await tx.kysely.deleteFrom('upload_summaries').where('upload_id', 'in', purged).execute();
    for (const { table } of SECTOR_DECLARATIONS) {
      await sql`DELETE FROM ${sql.table(table)} WHERE upload_id = ANY(${purged}::int[])`.execute(tx.kysely);
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
  const row = await db.kysely
    .with('gone', (qb) =>
      qb
        .updateTable('stored_files')
        .set({ removed_at: sql<Date>`now()` })
        .where((eb) => eb('expires_at', '<=', eb.fn<Date>('now')))
        .where('removed_at', 'is', null)
        .returning('id'),
    )
    .with('chunks', (qb) =>
      qb.deleteFrom('stored_file_chunks').where('file_id', 'in', (eb) => eb.selectFrom('gone').select('id')),
    )
    .selectFrom('gone')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}
