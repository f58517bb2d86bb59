import { sql } from 'kysely';
import type { Queryable } from '../db/client';
import type { FilePurpose } from '../db/schema';

export async function insertFileRow(
  db: Queryable,
  file: {
    ownerId: number | null;
    purpose: FilePurpose;
    fileName: string;
    contentType: string;
    contentEncoding: 'gzip' | null;
    expiresAt: Date | null;
  },
): Promise<number> {
  const { id } = await db.kysely
    .insertInto('stored_files')
    .values({
      owner_id: file.ownerId,
      purpose: file.purpose,
      file_name: file.fileName,
      content_type: file.contentType,
      content_encoding: file.contentEncoding,
      expires_at: file.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * One chunk, sent as base64 text and decoded by the database: PGlite serialises a binary parameter ~6x
 * slower (12 MB: 5.7 s vs 0.9 s), and it is a third less to send than pg's hex form.
 */
export async function insertChunk(db: Queryable, fileId: number, seq: number, data: Buffer): Promise<void> {
  await db.kysely
    .insertInto('stored_file_chunks')
    .values({ file_id: fileId, seq, data: sql<Uint8Array>`decode(${data.toString('base64')}, 'base64')` })
    .execute();
}

export async function setFileSize(db: Queryable, id: number, byteSize: number): Promise<void> {
  await db.kysely.updateTable('stored_files').set({ byte_size: byteSize }).where('id', '=', id).execute();
}

export function fileRow(db: Queryable, id: number) {
  return db.kysely
    .selectFrom('stored_files')
    .select([
      'id',
      'owner_id',
      'file_name',
      'content_type',
      'content_encoding',
      'byte_size',
      'removed_at',
      'expires_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One chunk of a file's content, or undefined past its end. */
export async function chunkAt(db: Queryable, fileId: number, seq: number): Promise<Uint8Array | undefined> {
  const row = await db.kysely
    .selectFrom('stored_file_chunks')
    .select('data')
    .where('file_id', '=', fileId)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row?.data;
}

/** Removes a file's content but keeps its row, marked removed. */
export async function deleteFileContent(db: Queryable, id: number): Promise<void> {
  await db.kysely.deleteFrom('stored_file_chunks').where('file_id', '=', id).execute();
  await db.kysely
    .updateTable('stored_files')
    .set({ removed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .execute();
}
