import type { SectorDeclaration } from '@insightra/contract';
import { from as copyFrom } from 'pg-copy-streams';
import { connect, type Database } from '../../db/client';
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
 * Writes one complete piece of COPY text into the sector's table (dataset_rows for Education) as a
 * statement of its own: the database never waits on the client, and nothing is held between pieces.
 * COPY is far faster than INSERTs: one `/dev/blob` COPY on PGlite, one stream on PostgreSQL.
 */
export async function writePiece(
  db: Database,
  declaration: SectorDeclaration,
  data: Uint8Array,
): Promise<void> {
  const target = `${declaration.table} (${copyColumns(declaration)})`;
  if (db.pglite) {
    await db.pglite.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([data]) });
    return;
  }
  const client = await connect(db.pool!);
  let broken = false;
  try {
    await copyInto(client, target, data);
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    client.release(broken);
  }
}

/** One COPY … FROM STDIN of `data` on `client`; a failure sends CopyFail so the connection stays usable. */
async function copyInto(client: import('pg').PoolClient, target: string, data: Uint8Array): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${target} FROM STDIN`));
  try {
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.once('finish', () => resolve());
      stream.end(data);
    });
  } catch (err) {
    if (!stream.destroyed) stream.destroy(err instanceof Error ? err : new Error('upload aborted'));
    throw err;
  }
}
