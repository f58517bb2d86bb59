/**
 * A small in-process cache of async results for a few seconds. It keeps the promise, so concurrent
 * requests for a cold key share one database query; a failed load is not kept.
 */
export class TtlCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    /** How long a result is served from memory; 0 turns caching off. Adjustable at run time. */
    public ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value as Promise<T>;
    const value = load();
    if (this.ttlMs > 0) {
      this.entries.set(key, { expires: this.now() + this.ttlMs, value });
      value.catch(() => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      });
    }
    return value;
  }

  /** Forgets every entry (after the demo data changes, and in tests). */
  clear(): void {
    this.entries.clear();
  }
}
