// The thread PGlite runs in (decision 123): opening the data folder and every statement run here, so
// the server's own thread serves requests, loads its code and registers its routes meanwhile.
// workerData: { dir } — the folder to open. Requests and replies: pglite-protocol.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { numericParsers } from './numeric-parsers';
import type { PgliteReply, PgliteRequest, PgliteRows, ThreadError } from './pglite-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

const db = new PGlite(workerData.dir as string, { parsers: numericParsers });
// A failed open is answered to every request; it must not also end the thread as unhandled.
db.waitReady.catch(() => {});

interface OpenTransaction {
  tx: Transaction;
  decide: (commit: boolean) => void;
  done: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;

port.on('message', (request: PgliteRequest) => {
  run(request).then(
    (value) => reply({ id: request.id, ok: true, value }),
    (err) => reply({ id: request.id, ok: false, error: toThreadError(err) }),
  );
});

function reply(message: PgliteReply): void {
  port?.postMessage(message);
}

async function run(request: PgliteRequest): Promise<PgliteRows | number | undefined> {
  switch (request.op) {
    case 'ready':
      await db.waitReady;
      return;
    case 'query': {
      const target = request.tx ? openTransaction(request.tx).tx : db;
      const options = request.blob ? { blob: new Blob([request.blob]) } : undefined;
      const result = await target.query(request.text, request.params, options);
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'exec':
      await (request.tx ? openTransaction(request.tx).tx : db).exec(request.sql);
      return;
    case 'begin':
      return begin();
    case 'end': {
      const open = openTransaction(request.tx);
      open.decide(request.commit);
      await open.done;
      return;
    }
    case 'close': {
      // A transaction left open (its owner stopped mid-way: the server is stopping) is rolled back, or
      // the close would wait for it for ever.
      const open = [...transactions.values()];
      for (const t of open) t.decide(false);
      await Promise.allSettled(open.map((t) => t.done));
      if (!db.closed) await db.close();
      return;
    }
  }
}

function openTransaction(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open;
}

/**
 * Opens a transaction that stays open across requests: PGlite's callback waits until `end` decides
 * whether it commits. Other statements queue behind it meanwhile, as they do in one thread.
 */
async function begin(): Promise<number> {
  const id = nextTransaction++;
  let decide: (commit: boolean) => void = () => {};
  const decided = new Promise<boolean>((resolve) => {
    decide = resolve;
  });
  let started: () => void = () => {};
  const begun = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = db
    .transaction(async (tx) => {
      transactions.set(id, { tx, decide, done });
      started();
      if (!(await decided)) await tx.rollback();
    })
    .finally(() => transactions.delete(id));
  // Awaited by `end`; a failed BEGIN is reported by the race below.
  done.catch(() => {});
  await Promise.race([begun, done]);
  return id;
}

function toThreadError(err: unknown): ThreadError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: ThreadError['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: err.message, name: err.name, stack: err.stack, fields };
}
