import type { Queryable } from '../db/client';
import type { RawQuery } from '../db/connection-dialect';

/** What the request limits need of the database: the builder, and raw text for the tuned counting. */
export type LimitsDb = RawQuery & Queryable;

/** One window to count an attempt in. */
export interface WindowToCount {
  bucket: string;
  key: string;
  windowSeconds: number;
  max: number;
}

export interface CountedRow {
  layer: number;
  hits: number;
  max: number;
  window_end: number;
  retry_after: number;
}

const UPSERT = (n: number, from: string) => `l${n} AS (
  INSERT INTO rate_limit_windows AS w (bucket, key, hits, expires_at)
  SELECT $${4 * n + 1}::text, $${4 * n + 2}::text, 1, date_trunc('second', now()) + $${4 * n + 3}::int * interval '1 second'
  ${from}
  ON CONFLICT (bucket, key) DO UPDATE SET
    hits = CASE WHEN w.expires_at <= now() THEN 1 ELSE w.hits + 1 END,
    expires_at = CASE WHEN w.expires_at <= now() THEN excluded.expires_at ELSE w.expires_at END
  RETURNING hits, expires_at, $${4 * n + 4}::int AS max
)`;

/**
 * Counts one attempt in each window, in order, in one statement: a window is counted only while the
 * ones before it are within their limits. Kept as SQL text (docs/decisions/113-one-data-layer.md): a
 * chain of upserts, one per layer, that runs before every limited request (decision 095).
 */
export async function countAttempts(db: RawQuery, windows: readonly WindowToCount[]): Promise<CountedRow[]> {
  const ctes = windows.map((_, i) =>
    UPSERT(i, i === 0 ? '' : `FROM l${i - 1} WHERE l${i - 1}.hits <= l${i - 1}.max`),
  );
  const selects = windows.map(
    (_, i) =>
      `SELECT ${i} AS layer, hits, max, extract(epoch FROM expires_at)::bigint AS window_end,
        GREATEST(1, ceil(extract(epoch FROM expires_at - now())))::int AS retry_after FROM l${i}`,
  );
  const params = windows.flatMap((w) => [w.bucket, w.key, w.windowSeconds, w.max]);
  const { rows } = await db.query<CountedRow>(
    `WITH ${ctes.join(',\n')}\n${selects.join('\nUNION ALL\n')}`,
    params,
  );
  return rows;
}

/**
 * Takes one attempt back in each window named by its end (epoch seconds). Kept as SQL text with
 * countAttempts: one statement over a VALUES list, whatever the number of windows.
 */
export async function refundAttempts(
  db: RawQuery,
  windows: readonly { bucket: string; key: string; windowEnd: number }[],
): Promise<void> {
  if (windows.length === 0) return;
  const values = windows.map((_, i) => `($${3 * i + 1}::text, $${3 * i + 2}::text, $${3 * i + 3}::bigint)`);
  await db.query(
    `UPDATE rate_limit_windows AS w SET hits = GREATEST(w.hits - 1, 0)
       FROM (VALUES ${values.join(', ')}) AS v(bucket, key, window_end)
      WHERE w.bucket = v.bucket AND w.key = v.key AND w.expires_at = to_timestamp(v.window_end)`,
    windows.flatMap((w) => [w.bucket, w.key, w.windowEnd]),
  );
}

export async function deleteWindow(db: Queryable, bucket: string, key: string): Promise<void> {
  await db.kysely
    .deleteFrom('rate_limit_windows')
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .execute();
}

/** Removes expired windows; answers how many. */
export async function deleteExpiredWindows(db: Queryable): Promise<number> {
  const result = await db.kysely
    .deleteFrom('rate_limit_windows')
    .where((eb) => eb('expires_at', '<=', eb.fn<Date>('now')))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
