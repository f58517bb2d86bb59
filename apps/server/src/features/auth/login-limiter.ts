/**
 * Failed-login counters, per account and per client address, kept in this process. docs/PRODUCT.md#data-and-deployment
 * allows per-instance rate limits: with N instances an attacker gets at most N times the budget.
 */
export interface LimitPolicy {
  maxFailures: number;
  windowMs: number;
}

export const ACCOUNT_POLICY: LimitPolicy = { maxFailures: 5, windowMs: 15 * 60_000 };
export const ADDRESS_POLICY: LimitPolicy = { maxFailures: 20, windowMs: 15 * 60_000 };

/** Beyond this many tracked keys the oldest windows are dropped, so a flood cannot exhaust memory. */
const MAX_KEYS = 50_000;

interface Window {
  failures: number;
  resetAt: number;
}

export class FailureCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly policy: LimitPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const w = this.windows.get(key);
    if (!w) return 0;
    const now = this.now();
    if (now >= w.resetAt) {
      this.windows.delete(key);
      return 0;
    }
    return w.failures >= this.policy.maxFailures ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  fail(key: string): void {
    const now = this.now();
    const w = this.windows.get(key);
    if (w && now < w.resetAt) {
      w.failures += 1;
      return;
    }
    if (this.windows.size >= MAX_KEYS) this.prune(now);
    this.windows.set(key, { failures: 1, resetAt: now + this.policy.windowMs });
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now >= w.resetAt) this.windows.delete(key);
    // Still full: drop the oldest insertions (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}

export function tooManyMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
