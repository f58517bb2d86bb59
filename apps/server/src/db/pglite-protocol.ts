/**
 * Messages between the server and the thread that runs PGlite (pglite-worker.ts, pglite-thread.ts).
 * Every request carries an id and gets exactly one reply with that id.
 */
export type PgliteRequest = { id: number } & (
  | { op: 'ready' }
  /** `tx`: the transaction to run in (its id from `begin`); none: the database itself. */
  | { op: 'query'; text: string; params?: unknown[]; blob?: Uint8Array; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);

export interface PgliteRows {
  rows: unknown[];
  affectedRows?: number;
}

/** An error as it crosses the thread: its message plus PostgreSQL's fields (code, constraint, …). */
export interface ThreadError {
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

export type PgliteReply =
  | { id: number; ok: true; value?: PgliteRows | number }
  | { id: number; ok: false; error: ThreadError };
