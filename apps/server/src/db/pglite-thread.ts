import { mkdirSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/worker';
import type { PgliteReply, PgliteRequest, PgliteRows, ThreadError } from './pglite-protocol';

/** Distributes Omit over the request union, so each operation keeps its own fields. */
type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface PgliteQueryOptions {
  /** The input of `COPY … FROM '/dev/blob'`. */
  blob?: Blob;
  /** PGlite's per-statement parsers; in a thread its own (numeric-parsers.ts) apply instead. */
  parsers?: Record<number, (value: string) => unknown>;
}

/** What a statement runs on: the database, or one of its transactions. */
export interface PgliteStatements {
  query(text: string, params?: unknown[], options?: PgliteQueryOptions): Promise<PgliteRows>;
  exec(sql: string): Promise<unknown>;
}

/** The part of PGlite the server uses: PGlite itself (tests) or PGlite in a thread (the server). */
export interface PgliteLike extends PgliteStatements {
  transaction<T>(fn: (tx: PgliteStatements) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly closed: boolean;
  readonly waitReady: Promise<void>;
}

/** Starts the thread that opens PGlite in `dir` (created if missing) at once (decision 123). */
export function startPgliteWorker(dir: string): Worker {
  mkdirSync(dir, { recursive: true });
  return startWorker('pglite-worker', new URL('./pglite-worker.ts', import.meta.url), {
    workerData: { dir },
  });
}

/**
 * PGlite running in a worker thread (pglite-worker.ts). Opening the folder and every statement's WASM
 * work happen there, so this thread keeps serving requests (and loading the server's code at start)
 * while they run. Statements still run one at a time, in the order they are sent.
 */
export class PgliteThread implements PgliteLike {
  closed = false;
  readonly waitReady: Promise<void>;
  #worker: Worker;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  #nextId = 1;
  #failure: Error | undefined;

  constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: PgliteReply) => {
      const call = this.#pending.get(message.id);
      if (!call) return;
      this.#pending.delete(message.id);
      if (message.ok) call.resolve(message.value);
      else call.reject(fromThreadError(message.error));
    });
    worker.on('error', (err) => this.#fail(err));
    worker.on('exit', (code) => this.#fail(new Error(`the database thread stopped (exit code ${code})`)));
    this.waitReady = this.#call({ op: 'ready' }).then(() => undefined);
  }

  query(text: string, params?: unknown[], options?: PgliteQueryOptions): Promise<PgliteRows> {
    return this.#query(text, params, options);
  }

  async exec(sql: string): Promise<unknown> {
    return this.#call({ op: 'exec', sql });
  }

  async transaction<T>(fn: (tx: PgliteStatements) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await fn({
        query: (text, params, options) => this.#query(text, params, options, tx),
        exec: (sql) => this.#call({ op: 'exec', sql, tx }),
      });
    } catch (err) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => {});
      throw err;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (!this.#failure) await this.#call({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }

  async #query(
    text: string,
    params: unknown[] | undefined,
    options: PgliteQueryOptions | undefined,
    tx?: number,
  ): Promise<PgliteRows> {
    const blob = options?.blob ? new Uint8Array(await options.blob.arrayBuffer()) : undefined;
    return (await this.#call(
      { op: 'query', text, params, blob, tx },
      blob ? [blob.buffer] : [],
    )) as PgliteRows;
  }

  #call(request: Without<PgliteRequest, 'id'>, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.closed && request.op !== 'close') return Promise.reject(new Error('the database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id }, transfer);
    });
  }

  #fail(err: Error): void {
    this.#failure ??= err;
    for (const call of this.#pending.values()) call.reject(err);
    this.#pending.clear();
  }
}

/** The thread's error as an Error here, with PostgreSQL's fields (code, constraint, …) on it. */
function fromThreadError(error: ThreadError): Error {
  const err = Object.assign(new Error(error.message), error.fields);
  err.name = error.name;
  if (error.stack) err.stack = error.stack;
  return err;
}
