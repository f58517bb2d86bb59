// A worker thread that renders report files (render-pool.ts): PDF and XLSX layout takes hundreds of
// milliseconds for a large table, which the server's event loop must not wait for.
import { parentPort } from 'node:worker_threads';
import { type ReportDocument, reportPdf } from './pdf-document';
import type { RenderReply, RenderRequest } from './render-pool';
import { reportXlsx } from './xlsx';

const port = parentPort!;
const renderers: Record<RenderRequest['kind'], (input: ReportDocument) => Promise<Buffer>> = {
  pdf: reportPdf,
  xlsx: reportXlsx,
};

port.on('message', async ({ kind, input }: RenderRequest) => {
  let reply: RenderReply;
  try {
    const file = await renderers[kind](input);
    // A copy with a buffer of its own, handed over without another copy.
    const data = new Uint8Array(file);
    port.postMessage({ ok: true, data } satisfies RenderReply, [data.buffer]);
    return;
  } catch (err) {
    reply = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
