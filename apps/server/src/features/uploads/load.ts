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
 * for one; an upload beyond that is refused (503) before any of its work starts.
 */
export class UploadSlots {
  private running = 0;
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

  /** Runs `fn` holding a parse worker, waiting for one in the queue when all are busy. */
  async withWorker<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.workers) {
      if (this.waiting.length >= this.queue) throw serverBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; `running` stays the same.
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
