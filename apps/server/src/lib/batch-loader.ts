/**
 * Gathers the lookups made while the event loop handles one batch of I/O and answers them with one
 * query. A lookup is always answered by a query that starts after it was asked, so it never sees
 * data older than the moment of asking; only the number of round trips changes.
 *
 * At most `maxInFlight` queries run at once: while they do, new keys wait and go together in the
 * next one, so the batches grow with the load and a quiet server answers each lookup at once.
 */
export interface BatchLoaderOptions {
  maxInFlight?: number;
  maxBatch?: number;
}

interface Waiter<V> {
  resolve: (value: V | null) => void;
  reject: (err: unknown) => void;
}

export function createBatchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  { maxInFlight = 4, maxBatch = 500 }: BatchLoaderOptions = {},
): (key: K) => Promise<V | null> {
  const pending = new Map<K, Waiter<V>[]>();
  let scheduled = false;
  let inFlight = 0;

  const flush = () => {
    scheduled = false;
    while (pending.size > 0 && inFlight < maxInFlight) {
      const batch = new Map<K, Waiter<V>[]>();
      for (const [key, waiters] of pending) {
        if (batch.size >= maxBatch) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) pending.delete(key);
      run(batch);
    }
  };

  const run = (batch: Map<K, Waiter<V>[]>) => {
    inFlight++;
    loadMany([...batch.keys()])
      .then(
        (found) => {
          for (const [key, waiters] of batch) {
            const value = found.get(key) ?? null;
            for (const w of waiters) w.resolve(value);
          }
        },
        (err) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
        },
      )
      .finally(() => {
        inFlight--;
        if (pending.size > 0 && !scheduled) flush();
      });
  };

  return (key) =>
    new Promise<V | null>((resolve, reject) => {
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
