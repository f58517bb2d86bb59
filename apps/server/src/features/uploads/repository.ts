import type { UploadLog } from '@insightra/contract';
import { api, SECTOR_DECLARATIONS } from '@insightra/contract';
import { sql } from 'kysely';
import type { Database } from '../../db/client';
import { removeFileContent } from '../../lib/file-store';
import { copyPurgedSummaries } from '../bi/builtin/upload-summary-repository';

const fileUrl = (path: string, id: number) => path.replace(':id', String(id));

/** The organisation's upload logs, newest first, with who uploaded each and download paths for its files. */
export async function listActivity(db: Database, organisationId: number): Promise<UploadLog[]> {
  const rows = await db.kysely
    .selectFrom('upload_logs as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'l.id',
      'l.file_name',
      'l.total_processed',
      'l.total_accepted',
      'l.total_failed',
      'l.success_rate',
      'l.status',
      'l.date',
      'l.original_file_id',
      'l.rejected_file_id',
      'l.user_id',
      sql<string | null>`COALESCE(NULLIF(u.full_name, ''), u.username)`.as('uploader'),
    ])
    .where('l.organisation_id', '=', organisationId)
    .orderBy('l.date', 'desc')
    .orderBy('l.id', 'desc')
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
    uploaded_by: { id: r.user_id, name: r.uploader },
  }));
}

/** The id of an upload's stored file, or undefined when the upload is not the organisation's. */
export async function uploadFileId(
  db: Database,
  organisationId: number,
  uploadId: number,
  kind: 'original' | 'rejected',
): Promise<{ fileId: number | null } | undefined> {
  const row = await db.kysely
    .selectFrom('upload_logs')
    .select(['original_file_id', 'rejected_file_id'])
    .where('id', '=', uploadId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { fileId: kind === 'original' ? row.original_file_id : row.rejected_file_id };
}

/**
 * Purges the organisation's active uploads among `ids`: their rows and file contents go (an earlier
 * upload's row with the same row key becomes current again), the log stays as Deleted.
 */
export async function purgeUploads(db: Database, organisationId: number, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.kysely
      .updateTable('upload_logs')
      .set({ status: 0, deleted_at: sql<Date>`now()` })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', sql<number>`ANY(${ids}::int[])`)
      .where('status', '<>', 0)
      .returning(['id', 'original_file_id', 'rejected_file_id'])
      .execute();
    if (!rows.length) return 0;
    // Each sector's rows have their own table, made from its declaration and so not in the typed
    // schema; an organisation's are in one of them.
    const purged = rows.map((r) => r.id);
    await copyPurgedSummaries(tx, organisationId, purged);
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
