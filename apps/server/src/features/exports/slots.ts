import { EXPORT_MESSAGES } from '@insightra/contract';
import { serviceUnavailable } from '../../lib/http-error';

/** What a busy export answer asks the client to wait, in seconds. */
export const BUSY_RETRY_AFTER_S = 5;

/**
 * At most `limit` exports at once. A member's download that finds them all taken is answered 503 with
 * Retry-After at once; work that can wait (a scheduled send) waits its turn, before any new download.
 */
export class ExportSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Runs `work` in a free slot now, or throws 503 busy. */
  async now<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) throw serviceUnavailable(EXPORT_MESSAGES.busy, BUSY_RETRY_AFTER_S);
    this.running++;
    return this.release(work);
  }

  /** Runs `work` in the next free slot. */
  async queued<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    return this.release(work);
  }

  private async release<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      // A waiting export takes the slot over; otherwise it is free.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
