import { MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';

/** The upload load of this instance, for metrics. */
export interface UploadLoad {
  /** Uploads in progress (admitted, not yet answered). */
  uploadsRunning: number;
  /** Uploads admitted and waiting for a parse worker. */
  uploadsQueued: number;
  /** Parse workers (worker threads) running. */
  workersRunning: number;
  /** Requests for a parse worker waiting in the queue. */
  workersQueued: number;
}

/** Seconds a client is asked to wait when the instance is saturated. */
export const BUSY_RETRY_AFTER_S = 30;

export const serverBusy = () =>
  new HttpError(503, MESSAGES.uploads.serverBusy, { 'retry-after': String(BUSY_RETRY_AFTER_S) });

/**
 * The parse workers of one instance: at most `workers` run at once and at most `queue` uploads wait
 * for one; an upload beyond that is refused (503) before any of its work starts. All but one worker
 * may parse an upload while it is still being received (parsing overlaps receiving); the last one
 * only ever parses complete files from scratch storage, so slow clients can never hold every worker.
 */
export class UploadSlots {
  private running = 0;
  private streaming = 0;
  private uploads = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly workers: number,
    private readonly queue: number,
  ) {}

  /** Admits an upload (throws 503 when the instance is saturated); `release` ends it. */
  admit(): { release: () => void } {
    if (this.uploads >= this.workers + this.queue) throw serverBusy();
    this.uploads++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.uploads--;
      },
    };
  }

  /**
   * Runs `fn` at once holding a worker while the upload is still being received, when a worker is
   * free, nobody waits for one and another stays free for complete files; otherwise null.
   */
  tryWhileReceiving<T>(fn: () => Promise<T>): Promise<T> | null {
    if (this.running >= this.workers || this.waiting.length || this.streaming >= this.workers - 1)
      return null;
    this.running++;
    this.streaming++;
    return this.hold(fn, () => this.streaming--);
  }

  /** Runs `fn` holding a worker, waiting for one in the queue when all are busy. */
  async withWorker<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.workers) {
      if (this.waiting.length >= this.queue) throw serverBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    return this.hold(fn);
  }

  private async hold<T>(fn: () => Promise<T>, done?: () => void): Promise<T> {
    try {
      return await fn();
    } finally {
      done?.();
      const next = this.waiting.shift();
      // The worker passes straight to the next in line; `running` stays the same.
      if (next) next();
      else this.running--;
    }
  }

  load(): UploadLoad {
    return {
      uploadsRunning: this.uploads,
      uploadsQueued: this.waiting.length,
      workersRunning: this.running,
      workersQueued: this.waiting.length,
    };
  }
}

const instances = new WeakMap<Database, UploadSlots>();

/** The parse workers of the app that owns `db` (one per app, shared by its routes). */
export function slotsFor(db: Database, config: Config): UploadSlots {
  let slots = instances.get(db);
  if (!slots) {
    slots = new UploadSlots(config.uploads.workers, config.uploads.queue);
    instances.set(db, slots);
  }
  return slots;
}

/** The upload load of this instance (for metrics): uploads and parse workers running and queued. */
export function uploadLoad(app: FastifyInstance): UploadLoad {
  return slotsFor(app.db, app.config).load();
}
