import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { isStorableText } from '@insightra/contract';
import { tooManyRequests } from './http-error';
import {
  countAttempts,
  deleteExpiredWindows,
  deleteWindow,
  type LimitsDb,
  refundAttempts,
} from './rate-limit-repository';

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

/**
 * Counts one attempt in each layer, in order, in one statement: a layer is counted only while the
 * layers before it are within their limits (so attempts refused by the address layer do not spend the
 * account's budget). Answers the first layer over its limit, if any.
 */
export async function consume(db: LimitsDb, layers: readonly Layer[]): Promise<Consumed> {
  const rows = await countAttempts(
    db,
    layers.map(({ limit, key }) => ({
      bucket: limit.bucket,
      key: storedKey(key),
      windowSeconds: limit.windowSeconds,
      max: limit.max,
    })),
  );
  rows.sort((a, b) => a.layer - b.layer);
  const counted = rows.map((r) => ({ layer: layers[r.layer] as Layer, window: Number(r.window_end) }));
  const over = rows.find((r) => r.hits > r.max);
  if (!over) return { allowed: true, counted };
  return { allowed: false, retryAfter: over.retry_after, refused: layers[over.layer] as Layer, counted };
}

/** Counts one attempt; throws 429 with Retry-After and `message(seconds)` when a layer is spent. */
export async function enforce(
  db: LimitsDb,
  layers: readonly Layer[],
  message: (seconds: number) => string,
): Promise<Counted[]> {
  const result = await consume(db, layers);
  if (!result.allowed) throw tooManyRequests(message(result.retryAfter), result.retryAfter);
  return result.counted;
}

/**
 * As `enforce`, with each layer's own message (e.g. one client address's share, or everyone's): the 429
 * names the limit that was reached.
 */
export async function enforceLayers(
  db: LimitsDb,
  layers: readonly (Layer & { message: (seconds: number) => string })[],
): Promise<Counted[]> {
  const result = await consume(db, layers);
  if (result.allowed) return result.counted;
  const refused = layers.find((l) => l === result.refused) ?? layers[0]!;
  throw tooManyRequests(refused.message(result.retryAfter), result.retryAfter);
}

/** Takes counted attempts back (a success is not a failure), in the windows they were counted in. */
export async function refund(db: LimitsDb, counted: readonly Counted[]): Promise<void> {
  await refundAttempts(
    db,
    counted.map((c) => ({ bucket: c.layer.limit.bucket, key: storedKey(c.layer.key), windowEnd: c.window })),
  );
}

/** Forgets a key's window altogether (a successful sign-in clears its pair's failures). */
export async function clear(db: LimitsDb, layer: Layer): Promise<void> {
  await deleteWindow(db, layer.limit.bucket, storedKey(layer.key));
}

/** Removes expired windows; live ones stay, however many there are. Answers how many were removed. */
export async function pruneExpired(db: LimitsDb): Promise<number> {
  return deleteExpiredWindows(db);
}

/** Keys up to this many characters are stored as they are (when the database can store them). */
const KEY_MAX = 300;

/**
 * A key as the database keeps it. Keys come from what callers send (a claimed Google account, a typed
 * name), so one that is long or holds text PostgreSQL cannot store (a NUL character, half a surrogate
 * pair) is kept as its SHA-256 instead: still one window per distinct key, never a database error.
 */
export function storedKey(key: string): string {
  if (key.length <= KEY_MAX && isStorableText(key)) return key;
  return `sha256:${createHash('sha256').update(key, 'utf16le').digest('hex')}`;
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
