/**
 * Worker thread for a CSV upload: parses the bytes the server forwards (csv-source.ts), validates and
 * encodes the rows (row-processor.ts) and sends the COPY text back as UTF-8 bytes, while the server's
 * own thread writes the previous piece to the database. Protocol: csv-worker-client.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../lib/http-error';
import { csvBatches } from './csv-source';
import type { ToWorker } from './csv-worker-client';
import { type ProcessOptions, processRows } from './row-processor';

const port = parentPort!;
const options = (workerData as { options: ProcessOptions }).options;
/** Pieces of COPY text sent but not yet written by the server: one more than it writes at once. */
const MAX_UNWRITTEN = (options.writers ?? 1) + 1;

const input: (Uint8Array | null)[] = [];
let unwritten = 0;
let wake: (() => void) | null = null;
const wakeUp = () => {
  const w = wake;
  wake = null;
  w?.();
};

port.on('message', (m: ToWorker) => {
  if (m.type === 'chunk') input.push(m.data);
  else if (m.type === 'end') input.push(null);
  else unwritten--;
  wakeUp();
});

async function* chunks(): AsyncGenerator<Buffer> {
  for (;;) {
    while (!input.length) await new Promise<void>((r) => (wake = r));
    const chunk = input.shift()!;
    if (chunk === null) return;
    port.postMessage({ type: 'consumed', bytes: chunk.byteLength });
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

async function emit(data: Uint8Array) {
  port.postMessage({ type: 'copy', data }, [data.buffer as ArrayBuffer]);
  unwritten++;
  while (unwritten >= MAX_UNWRITTEN) await new Promise<void>((r) => (wake = r));
}

processRows(csvBatches(chunks()), options, emit).then(
  (stats) => port.postMessage({ type: 'done', stats }),
  (err: unknown) =>
    port.postMessage({
      type: 'error',
      status: err instanceof HttpError ? err.statusCode : null,
      message: err instanceof Error ? err.message : String(err),
    }),
);
