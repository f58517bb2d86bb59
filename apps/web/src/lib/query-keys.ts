import type { api } from '@insightra/contract';

type Api = typeof api;

/**
 * The one query-key scheme of the web (docs/ARCHITECTURE.md#conventions): a query's key is its
 * route's place in the contract's `api` table, domain then route name, followed by the inputs that change
 * the answer. Two queries share a key only when they call the same route with the same inputs, and
 * `[domain]` or `[domain, name]` reaches every query of that domain or route (e.g. to invalidate them).
 * Type-only import: public-config.ts uses this on the first load, which ships no zod.
 */
export function queryKey<D extends keyof Api, N extends keyof Api[D] & string, const I extends unknown[]>(
  domain: D,
  name: N,
  ...inputs: I
): readonly [D, N, ...I] {
  return [domain, name, ...inputs];
}

/** Every query of one contract domain, e.g. to invalidate all of them after a write. */
export function domainKey<D extends keyof Api>(domain: D): readonly [D] {
  return [domain];
}
