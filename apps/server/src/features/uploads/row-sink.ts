import { from as copyFrom } from 'pg-copy-streams';
import type { Database, Tx } from '../../db/client';
import { COPY_COLUMNS } from './copy-encoder';

export interface RowSink {
  write(data: Uint8Array): Promise<void>;
  end(): Promise<void>;
  /** Stops a COPY in progress so the transaction can roll back. */
  abort(): void;
}

/** How much COPY text (bytes) to gather before handing it to the database. */
export function sinkBatchBytes(tx: Tx | Database): number {
  // PostgreSQL takes a stream; each PGlite COPY is one call, so fewer, larger pieces there.
  const kind = 'raw' in tx ? tx.raw.kind : tx.kind;
  return kind === 'postgres' ? 256 * 1024 : 2 * 1024 * 1024;
}

/**
 * How much COPY text one piece of an upload holds (decision 080): each piece is one short statement
 * of its own, and other requests are served between pieces. On PGlite (one connection) a piece is
 * also the longest any other request waits for an upload.
 */
export function pieceBytes(db: Database): number {
  return db.kind === 'postgres' ? 1024 * 1024 : 512 * 1024;
}

/**
 * Writes one complete piece of COPY text into dataset_rows as a statement of its own: the database
 * never waits on the client, and nothing is held between pieces.
 */
export async function writePiece(db: Database, data: Uint8Array): Promise<void> {
  if (db.pglite) {
    await db.pglite.query(`COPY dataset_rows (${COPY_COLUMNS}) FROM '/dev/blob'`, [], {
      blob: new Blob([data]),
    });
    return;
  }
  const client = await db.pool!.connect();
  let broken = false;
  try {
    const sink = postgresSink(client);
    try {
      await sink.write(data);
      await sink.end();
    } catch (err) {
      sink.abort();
      broken = true;
      throw err;
    }
  } finally {
    client.release(broken);
  }
}

/**
 * Accepted rows go to dataset_rows by COPY on the transaction's own connection: one stream on
 * PostgreSQL (pg-copy-streams), one `/dev/blob` COPY per piece on PGlite — both far faster than INSERTs.
 */
export function openRowSink(tx: Tx): RowSink {
  return tx.raw.kind === 'postgres' ? postgresSink(tx.raw.client) : pgliteSink(tx);
}

function postgresSink(client: import('pg').PoolClient): RowSink {
  const stream = client.query(copyFrom(`COPY dataset_rows (${COPY_COLUMNS}) FROM STDIN`));
  let failure: Error | null = null;
  stream.on('error', (err) => {
    failure = err;
  });
  return {
    async write(data) {
      if (failure) throw failure;
      if (!stream.write(data)) {
        // One pair of listeners per wait, both removed, so long uploads do not pile them up.
        await new Promise<void>((resolve, reject) => {
          const onDrain = () => {
            stream.off('error', onError);
            resolve();
          };
          const onError = (err: Error) => {
            stream.off('drain', onDrain);
            reject(err);
          };
          stream.once('drain', onDrain);
          stream.once('error', onError);
        });
      }
      if (failure) throw failure;
    },
    async end() {
      stream.end();
      await new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        stream.once('finish', () => resolve());
        stream.once('error', reject);
      });
    },
    abort() {
      // Destroying the copy stream sends CopyFail; the ROLLBACK that follows then succeeds.
      if (!stream.destroyed) stream.destroy(new Error('upload aborted'));
    },
  };
}

function pgliteSink(tx: Tx): RowSink {
  if (tx.raw.kind !== 'pglite') throw new Error('not a PGlite transaction');
  const t = tx.raw.tx;
  return {
    async write(data) {
      await t.query(`COPY dataset_rows (${COPY_COLUMNS}) FROM '/dev/blob'`, [], { blob: new Blob([data]) });
    },
    end: async () => {},
    abort() {},
  };
}
