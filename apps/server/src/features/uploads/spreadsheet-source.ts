import { badRequest } from '../../lib/http-error';
import { startWorker } from '../../lib/worker';
import { type RowBatch, SPREADSHEET_LIMITS, tooMuchMemory, type UploadFormat } from './types';

/** The reader's bounds (types.ts), each of them a number: a caller or a test may set its own. */
export type SpreadsheetLimits = { [K in keyof typeof SPREADSHEET_LIMITS]: number };

type WorkerMessage =
  | { type: 'rows'; rows: RowBatch }
  | { type: 'done' }
  | { type: 'error'; message: string; detail?: string };

/**
 * Reads a spooled .xlsx/.xls in a worker thread with a heap limit and a deadline, yielding row
 * batches as the worker produces them (it waits for our acknowledgements, so it never runs far ahead).
 * The worker writes no file of its own (an .xlsx is re-read from `path`, never unpacked to disk), so
 * stopping it at any point — the deadline, the consumer leaving early, an error — leaves nothing behind;
 * `path` is the caller's to remove.
 */
export async function* spreadsheetBatches(
  path: string,
  format: Exclude<UploadFormat, 'csv'>,
  limits: SpreadsheetLimits = SPREADSHEET_LIMITS,
): AsyncGenerator<RowBatch> {
  const worker = startWorker('spreadsheet-worker', new URL('./spreadsheet-worker.mjs', import.meta.url), {
    workerData: { path, format, limits },
    resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb },
  });
  const queue: (WorkerMessage | { type: 'fail'; message: string })[] = [];
  let wake: (() => void) | null = null;
  const push = (m: (typeof queue)[number]) => {
    queue.push(m);
    wake?.();
  };
  worker.on('message', (m: WorkerMessage) => push(m));
  worker.on('error', (err: Error & { code?: string }) =>
    push({
      type: 'fail',
      message:
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? tooMuchMemory(format)
          : `The .${format} file could not be read as a spreadsheet`,
    }),
  );
  worker.on('exit', () => push({ type: 'fail', message: `The .${format} file could not be read` }));
  const timer = setTimeout(() => {
    push({ type: 'fail', message: `The .${format} file took too long to read` });
    void worker.terminate();
  }, limits.timeoutMs);
  try {
    for (;;) {
      while (!queue.length) await new Promise<void>((r) => (wake = r));
      const m = queue.shift()!;
      if (m.type === 'rows') {
        yield m.rows;
        worker.postMessage('ack');
      } else if (m.type === 'done') return;
      else throw badRequest(m.message);
    }
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}
