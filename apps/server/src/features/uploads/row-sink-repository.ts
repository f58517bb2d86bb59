import type { SectorDeclaration } from '@insightra/contract';
import type { Database } from '../../db/client';
import { copyColumns } from './copy-encoder';

/**
 * How much COPY text one piece of an upload holds (decision 080): each piece is one short statement
 * of its own, and other requests are served between pieces. On PGlite (one connection) a piece is
 * also the longest any other request waits for an upload.
 */
export function pieceBytes(db: Database): number {
  return db.kind === 'postgres' ? 1024 * 1024 : 512 * 1024;
}

/**
 * How many pieces of one upload the database writes at once. PostgreSQL: two connections, so its
 * COPY work (parsing the text, the keys' indexes) uses a second core; PGlite runs one statement at a
 * time.
 */
export function pieceWriters(db: Database): number {
  return db.kind === 'postgres' ? 2 : 1;
}

/**
 * Writes one complete piece of COPY text into the sector's table (dataset_rows for Education) as a
 * statement of its own: the database never waits on the client, and nothing is held between pieces.
 * COPY is far faster than INSERTs: one `/dev/blob` COPY on PGlite, one stream on PostgreSQL.
 */
export async function writePiece(
  db: Database,
  declaration: SectorDeclaration,
  data: Uint8Array,
): Promise<void> {
  await db.copyIn(`${declaration.table} (${copyColumns(declaration)})`, data);
}
