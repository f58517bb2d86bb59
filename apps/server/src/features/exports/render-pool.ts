import type { Worker } from 'node:worker_threads';
import { EXPORT_MESSAGES } from '@insightra/contract';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { startWorker } from '../../lib/worker';
import type { ReportDocument } from './pdf-document';

export interface RenderRequest {
  kind: 'pdf' | 'xlsx';
  input: ReportDocument;
}
export type RenderReply = { ok: true; data: Uint8Array } | { ok: false; message: string };

/** A worker idle this long ends; the next export starts one again. */
const IDLE_MS = 60_000;
/** One render's deadline: past it the worker is ended and the export fails. */
const RENDER_TIMEOUT_MS = 60_000;
const WORKER_HEAP_MB = 384;

/**
 * Report files rendered in worker threads (render-worker.ts), one render per worker at a time. Workers
 * stay a while after a render, warm for the next one: the slots (slots.ts) bound how many run at once.
 */
export class RenderPool {
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private readonly busy = new Set<Worker>();

  constructor(private readonly log: FastifyBaseLogger) {}

  render(request: RenderRequest): Promise<Buffer> {
    const worker = this.take();
    this.busy.add(worker);
    return new Promise<Buffer>((resolve, reject) => {
      const finish = (outcome: () => void, reusable: boolean) => {
        clearTimeout(deadline);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        this.busy.delete(worker);
        if (reusable) this.park(worker);
        else void worker.terminate();
        outcome();
      };
      const failed = (err: unknown) => {
        this.log.error({ err, kind: request.kind }, 'Report export failed');
        return new HttpError(500, EXPORT_MESSAGES.failed);
      };
      const onMessage = (reply: RenderReply) =>
        reply.ok
          ? finish(
              () => resolve(Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength)),
              true,
            )
          : finish(() => reject(failed(new Error(reply.message))), true);
      const onError = (err: Error) => finish(() => reject(failed(err)), false);
      const onExit = () => finish(() => reject(failed(new Error('the export worker stopped'))), false);
      const deadline = setTimeout(() => onError(new Error('the export took too long')), RENDER_TIMEOUT_MS);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(request);
    });
  }

  /** Ends every worker (the app closes). */
  async close(): Promise<void> {
    const parked = this.idle.splice(0);
    for (const { timer } of parked) clearTimeout(timer);
    await Promise.all([...parked.map((p) => p.worker), ...this.busy].map((w) => w.terminate()));
  }

  private take(): Worker {
    const parked = this.idle.pop();
    if (parked) {
      clearTimeout(parked.timer);
      parked.worker.ref();
      return parked.worker;
    }
    return startWorker('export-worker', new URL('./render-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
  }

  private park(worker: Worker) {
    // An idle worker keeps no process alive, and ends after a while.
    worker.unref();
    const timer = setTimeout(() => {
      const at = this.idle.findIndex((p) => p.worker === worker);
      if (at >= 0) this.idle.splice(at, 1);
      void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    this.idle.push({ worker, timer });
  }
}
