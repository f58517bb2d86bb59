import type { SectorDeclaration } from '@insightra/contract';
import { from as copyFrom } from 'pg-copy-streams';
import type { Tx } from '../../db/client';
import { copyColumns } from './copy-encoder';

export interface RowSink {
  write(data: Uint8Array): Promise<void>;
  end(): Promise<void>;
  /** Stops a COPY in progress so the transaction can roll back. */
  abort(): void;
}

/** How much COPY text (bytes) to gather before handing it to the database. */
export function sinkBatchBytes(tx: Tx): number {
  // PostgreSQL takes a stream; each PGlite COPY is one call, so fewer, larger pieces there.
  return tx.raw.kind === 'postgres' ? 256 * 1024 : 2 * 1024 * 1024;
}

/**
 * Accepted rows go to the sector's table (dataset_rows for Education) by COPY on the transaction's own connection: one stream on
 * PostgreSQL (pg-copy-streams), one `/dev/blob` COPY per piece on PGlite — both far faster than INSERTs.
 */
export function openRowSink(tx: Tx, declaration: SectorDeclaration): RowSink {
  const target = `${declaration.table} (${copyColumns(declaration)})`;
  return tx.raw.kind === 'postgres' ? postgresSink(tx.raw.client, target) : pgliteSink(tx, target);
}

function postgresSink(client: import('pg').PoolClient, target: string): RowSink {
  const stream = client.query(copyFrom(`COPY ${target} FROM STDIN`));
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

function pgliteSink(tx: Tx, target: string): RowSink {
  if (tx.raw.kind !== 'pglite') throw new Error('not a PGlite transaction');
  const t = tx.raw.tx;
  return {
    async write(data) {
      await t.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([data]) });
    },
    end: async () => {},
    abort() {},
  };
}
