import { isIPv6 } from 'node:net';
import type { RawQuery } from '../db/connection-dialect';
import { tooManyRequests } from './http-error';

/**
 * Request limits kept in the database (`rate_limit_windows`, decision 095), so every server instance on
 * one database shares one budget. A limit is a fixed window per key: `max` attempts per
 * `windowSeconds`. Attempts are counted before the work they guard, in one statement, so parallel
 * requests cannot all pass a check made before any of them is counted.
 */
export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

export interface Layer {
  limit: Limit;
  key: string;
}

/** A window an attempt was counted in; `window` (its end, in epoch seconds) identifies it for a refund. */
export interface Counted {
  layer: Layer;
  window: number;
}

export type Consumed =
  | { allowed: true; counted: Counted[] }
  | { allowed: false; retryAfter: number; refused: Layer; counted: Counted[] };

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
 * Counts one attempt in each layer, in order, in one statement: a layer is counted only while the
 * layers before it are within their limits (so attempts refused by the address layer do not spend the
 * account's budget). Answers the first layer over its limit, if any.
 */
export async function consume(db: RawQuery, layers: readonly Layer[]): Promise<Consumed> {
  const ctes = layers.map((_, i) =>
    UPSERT(i, i === 0 ? '' : `FROM l${i - 1} WHERE l${i - 1}.hits <= l${i - 1}.max`),
  );
  const selects = layers.map(
    (_, i) =>
      `SELECT ${i} AS layer, hits, max, extract(epoch FROM expires_at)::bigint AS window_end,
        GREATEST(1, ceil(extract(epoch FROM expires_at - now())))::int AS retry_after FROM l${i}`,
  );
  const params = layers.flatMap(({ limit, key }) => [limit.bucket, key, limit.windowSeconds, limit.max]);
  const { rows } = await db.query<{
    layer: number;
    hits: number;
    max: number;
    window_end: number;
    retry_after: number;
  }>(`WITH ${ctes.join(',\n')}\n${selects.join('\nUNION ALL\n')}`, params);
  rows.sort((a, b) => a.layer - b.layer);
  const counted = rows.map((r) => ({ layer: layers[r.layer] as Layer, window: Number(r.window_end) }));
  const over = rows.find((r) => r.hits > r.max);
  if (!over) return { allowed: true, counted };
  return { allowed: false, retryAfter: over.retry_after, refused: layers[over.layer] as Layer, counted };
}

/** Counts one attempt; throws 429 with Retry-After and `message(seconds)` when a layer is spent. */
export async function enforce(
  db: RawQuery,
  layers: readonly Layer[],
  message: (seconds: number) => string,
): Promise<Counted[]> {
  const result = await consume(db, layers);
  if (!result.allowed) throw tooManyRequests(message(result.retryAfter), result.retryAfter);
  return result.counted;
}

/** Takes counted attempts back (a success is not a failure), in the windows they were counted in. */
export async function refund(db: RawQuery, counted: readonly Counted[]): Promise<void> {
  if (counted.length === 0) return;
  const values = counted.map((_, i) => `($${3 * i + 1}::text, $${3 * i + 2}::text, $${3 * i + 3}::bigint)`);
  await db.query(
    `UPDATE rate_limit_windows AS w SET hits = GREATEST(w.hits - 1, 0)
       FROM (VALUES ${values.join(', ')}) AS v(bucket, key, window_end)
      WHERE w.bucket = v.bucket AND w.key = v.key AND w.expires_at = to_timestamp(v.window_end)`,
    counted.flatMap((c) => [c.layer.limit.bucket, c.layer.key, c.window]),
  );
}

/** Forgets a key's window altogether (a successful sign-in clears its pair's failures). */
export async function clear(db: RawQuery, layer: Layer): Promise<void> {
  await db.query('DELETE FROM rate_limit_windows WHERE bucket = $1 AND key = $2', [
    layer.limit.bucket,
    layer.key,
  ]);
}

/** Removes expired windows; live ones stay, however many there are. Answers how many were removed. */
export async function pruneExpired(db: RawQuery): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM rate_limit_windows WHERE expires_at <= now()');
  return rowCount;
}

/**
 * The key of a client address: IPv4 as is (also when written IPv4-mapped), IPv6 by its /64 network —
 * one subscriber usually holds a whole /64, so single IPv6 addresses would give them 2^64 budgets.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
