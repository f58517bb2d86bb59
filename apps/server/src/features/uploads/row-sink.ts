import { STUDENT_TEMPLATE } from '@insightra/contract';
import { from as copyFrom } from 'pg-copy-streams';
import type { Tx } from '../../db/client';
import type { CellValue } from './validate';

/** dataset_rows columns in template order; the table mirrors the student template. */
const TEMPLATE_COLUMNS = STUDENT_TEMPLATE.columns.map((c) => c.name);
const COPY_COLUMNS = ['upload_id', 'user_id', ...TEMPLATE_COLUMNS].join(', ');
const BOOLEAN_COLUMNS = new Set(['project_submitted']);
const BOOL_INDEXES = TEMPLATE_COLUMNS.map((name) => BOOLEAN_COLUMNS.has(name));
// Only free text can hold a tab, newline or backslash; enums, numbers and dates are validated forms.
const TEXT_INDEXES = STUDENT_TEMPLATE.columns.map((c) => c.kind.type === 'text');

// COPY text format: backslash escapes for the few characters that would end a field or a row.
const SPECIAL = /[\\\t\n\r]/;
function escapeCopy(value: string): string {
  if (!SPECIAL.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

export interface RowSink {
  write(values: CellValue[]): Promise<void> | void;
  end(): Promise<void>;
  /** Stops a COPY in progress so the transaction can roll back. */
  abort(): void;
}

/**
 * Accepted rows go to dataset_rows by COPY on the transaction's own connection: a stream on
 * PostgreSQL (pg-copy-streams), batches of `/dev/blob` COPYs on PGlite — both far faster than INSERTs.
 */
export function openRowSink(tx: Tx, uploadId: number, userId: number): RowSink {
  const prefix = `${uploadId}\t${userId}\t`;
  const encode = (values: CellValue[]) => {
    let line = prefix;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (i) line += '\t';
      if (v === null || v === undefined) line += '\\N';
      else if (BOOL_INDEXES[i]) line += v === 'Yes' ? 't' : 'f';
      else if (TEXT_INDEXES[i]) line += escapeCopy(v as string);
      else line += v;
    }
    return `${line}\n`;
  };
  return tx.raw.kind === 'postgres' ? postgresSink(tx.raw.client, encode) : pgliteSink(tx, encode);
}

type Encode = (values: CellValue[]) => string;
const FLUSH_CHARS = 256 * 1024;

function postgresSink(client: import('pg').PoolClient, encode: Encode): RowSink {
  const stream = client.query(copyFrom(`COPY dataset_rows (${COPY_COLUMNS}) FROM STDIN`));
  let failure: Error | null = null;
  stream.on('error', (err) => {
    failure = err;
  });
  let pending = '';
  const flush = async () => {
    if (failure) throw failure;
    if (!pending) return;
    const text = pending;
    pending = '';
    if (!stream.write(text)) {
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
  };
  return {
    write(values) {
      pending += encode(values);
      if (pending.length >= FLUSH_CHARS) return flush();
    },
    async end() {
      await flush();
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

const PGLITE_BATCH_CHARS = 8 * 1024 * 1024;

function pgliteSink(tx: Tx, encode: Encode): RowSink {
  if (tx.raw.kind !== 'pglite') throw new Error('not a PGlite transaction');
  const t = tx.raw.tx;
  // One string per batch (V8 joins the appends cheaply); a Blob of many small parts was slower.
  let pending = '';
  const flush = async () => {
    if (!pending) return;
    const blob = new Blob([pending]);
    pending = '';
    await t.query(`COPY dataset_rows (${COPY_COLUMNS}) FROM '/dev/blob'`, [], { blob });
  };
  return {
    write(values) {
      pending += encode(values);
      if (pending.length >= PGLITE_BATCH_CHARS) return flush();
    },
    end: flush,
    abort() {
      pending = '';
    },
  };
}
