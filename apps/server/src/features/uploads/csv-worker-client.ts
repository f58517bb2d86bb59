import { MESSAGES } from '@insightra/contract';
import { badRequest, HttpError } from '../../lib/http-error';
import { startWorker } from '../../lib/worker';
import type { ProcessOptions, RowStats } from './row-processor';
import { tooMuchMemory } from './types';

/** Messages the server sends to csv-worker.ts. */
export type ToWorker = { type: 'chunk'; data: Uint8Array } | { type: 'end' } | { type: 'written' };

type FromWorker =
  | { type: 'consumed'; bytes: number }
  | { type: 'copy'; data: Uint8Array }
  | { type: 'done'; stats: RowStats }
  | { type: 'error'; status: number | null; message: string };

/** Bounds of one CSV upload's worker, like the spreadsheet reader's (types.ts). */
export const CSV_TIMEOUT_MS = 600_000;

/** Bytes forwarded to the worker and not yet parsed; above this the request stream waits. */
const MAX_UNPARSED_BYTES = 4 * 1024 * 1024;
const WORKER_HEAP_MB = 512;

/**
 * A CSV upload's rows processed in a worker thread (csv-worker.ts): the file's bytes go in as they
 * arrive, COPY text comes back and goes to `write` one piece at a time, so parsing the next piece
 * overlaps writing the last. Both directions wait for the slower side: memory stays flat. The worker
 * has a heap limit and a deadline (`timeoutMs`, from the start): past it the upload fails with 400.
 */
export function processCsvInWorker(
  chunks: AsyncIterable<Buffer>,
  options: ProcessOptions,
  write: (data: Uint8Array) => Promise<void>,
  heapMb = WORKER_HEAP_MB,
  timeoutMs = CSV_TIMEOUT_MS,
): Promise<RowStats> {
  const worker = startWorker('csv-worker', new URL('./csv-worker.ts', import.meta.url), {
    // The row keys are kept outside the heap (RowKeys): they are bound to as much again.
    workerData: { options: { ...options, keyBytes: heapMb * 1024 * 1024 } },
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  const send = (m: ToWorker, transfer?: ArrayBuffer[]) => worker.postMessage(m, transfer);
  return new Promise<RowStats>((resolve, reject) => {
    let settled = false;
    let unparsed = 0;
    let wakeFeeder: (() => void) | null = null;
    // Pieces are written by up to `writers` connections at once, in no particular order: each is
    // complete rows, and the upload is published only once all of them are written.
    const writers = options.writers ?? 1;
    const queued: Uint8Array[] = [];
    let writing = 0;
    /** The worker's answer, once it has sent every piece; resolved when they are all written. */
    let done: RowStats | null = null;
    const resolveIfWritten = () => {
      if (done && writing === 0 && queued.length === 0) settle(() => resolve(done!));
    };
    const startWrites = () => {
      while (!settled && writing < writers && queued.length) {
        writing++;
        write(queued.shift()!).then(
          () => {
            writing--;
            send({ type: 'written' });
            startWrites();
            resolveIfWritten();
          },
          (err: unknown) => fail(err),
        );
      }
    };
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      wakeFeeder?.();
      void worker.terminate();
      fn();
    };
    const fail = (err: unknown) => settle(() => reject(err));
    const deadline = setTimeout(() => fail(badRequest(MESSAGES.uploads.csvTooSlow)), timeoutMs);

    worker.on('message', (m: FromWorker) => {
      switch (m.type) {
        case 'consumed':
          unparsed -= m.bytes;
          if (unparsed <= MAX_UNPARSED_BYTES) wakeFeeder?.();
          break;
        case 'copy':
          queued.push(m.data);
          startWrites();
          break;
        case 'done':
          done = m.stats;
          resolveIfWritten();
          break;
        case 'error':
          fail(m.status ? new HttpError(m.status, m.message) : new Error(m.message));
          break;
      }
    });
    worker.on('error', (err: Error & { code?: string }) =>
      fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(tooMuchMemory('csv')) : err),
    );
    worker.on('exit', () => {
      if (!done) fail(new Error('The CSV reader stopped unexpectedly'));
    });

    void (async () => {
      for await (const chunk of chunks) {
        if (settled) return;
        // A copy with a buffer of its own, handed over without another copy.
        const data = new Uint8Array(chunk);
        unparsed += data.byteLength;
        send({ type: 'chunk', data }, [data.buffer]);
        while (unparsed > MAX_UNPARSED_BYTES && !settled) await new Promise<void>((r) => (wakeFeeder = r));
      }
      if (!settled) send({ type: 'end' });
    })().catch(fail);
  });
}
