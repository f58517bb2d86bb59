import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database, Tx } from '../db/client';
import type { FilePurpose } from '../db/schema';
import {
  chunkAt,
  deleteFileContent,
  fileRow,
  insertChunk,
  insertFileRow,
  setFileSize,
} from './file-store-repository';

/** Files live in the database in chunks, written in the caller's transaction (docs/PRODUCT.md#data-and-deployment). */
export const CHUNK_BYTES = 256 * 1024;

export interface NewFile {
  ownerId: number | null;
  purpose: FilePurpose;
  fileName: string;
  contentType: string;
  expiresAt?: Date | null;
  /** The content is given gzip-compressed; `byteSize` is then the size of the file it decodes to. */
  encoded?: { contentEncoding: 'gzip'; byteSize: number };
}

/**
 * Stores `content` (a buffer or a stream of buffers) and returns the file's id. Given a transaction,
 * the file is written in it; given the database, each chunk is its own short statement, and `created`
 * learns the id first so that the owner of an unfinished file can find and remove it.
 */
export async function storeFile(
  tx: Tx | Database,
  file: NewFile,
  content: Buffer | AsyncIterable<Buffer>,
  created?: (id: number) => Promise<void>,
): Promise<number> {
  const id = await insertFileRow(tx, {
    ownerId: file.ownerId,
    purpose: file.purpose,
    fileName: file.fileName,
    contentType: file.contentType,
    contentEncoding: file.encoded?.contentEncoding ?? null,
    expiresAt: file.expiresAt ?? null,
  });
  await created?.(id);
  let seq = 0;
  let size = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const chunk = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    for (let offset = 0; offset < chunk.length; offset += CHUNK_BYTES) {
      await insertChunk(tx, id, seq++, chunk.subarray(offset, offset + CHUNK_BYTES));
    }
  };
  const parts = Buffer.isBuffer(content) ? [content] : content;
  for await (const part of parts) {
    pending.push(part);
    pendingBytes += part.length;
    size += part.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  await setFileSize(tx, id, file.encoded?.byteSize ?? size);
  return id;
}

export interface StoredFileInfo {
  id: number;
  ownerId: number | null;
  fileName: string;
  contentType: string;
  contentEncoding: 'gzip' | null;
  /** The size of the file as uploaded (decoded). */
  byteSize: number;
  /** False once purged or expired: downloads answer 410. */
  available: boolean;
}

export async function fileInfo(db: Database | Tx, id: number): Promise<StoredFileInfo | null> {
  const row = await fileRow(db, id);
  if (!row) return null;
  const expired = row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now();
  return {
    id: row.id,
    ownerId: row.owner_id,
    fileName: row.file_name,
    contentType: row.content_type,
    contentEncoding: row.content_encoding,
    byteSize: row.byte_size,
    available: row.removed_at === null && !expired,
  };
}

/** Yields the file's content chunk by chunk, so large files never sit whole in memory. */
export async function* readFileChunks(db: Database, id: number): AsyncGenerator<Buffer> {
  let seq = 0;
  for (;;) {
    const data = await chunkAt(db, id, seq++);
    if (!data) return;
    yield Buffer.from(data);
  }
}

/** `source` through `transform`; a failure on either side destroys the output, so readers see it. */
function through(source: Readable, transform: Transform): Readable {
  pipeline(source, transform).catch(() => {});
  return transform;
}

/** The compression of stored files given `encoded` (level 1: CSV shrinks ~4x, at ~300 MB/s). */
export function storageGzip(): Transform {
  return createGzip({ level: 1 });
}

/** `source` compressed with `storageGzip` as it is read. */
export function gzipped(source: Readable): Readable {
  return through(source, storageGzip());
}

/** The file as it was uploaded, decoded as it streams out. */
export function fileContent(db: Database, file: StoredFileInfo): Readable {
  const stored = Readable.from(readFileChunks(db, file.id));
  return file.contentEncoding === 'gzip' ? through(stored, createGunzip()) : stored;
}

/** Removes a file's content but keeps its row, so that a later download can say 410 Gone. */
export async function removeFileContent(tx: Tx | Database, id: number): Promise<void> {
  await deleteFileContent(tx, id);
}
