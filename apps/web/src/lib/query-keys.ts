import type { api, User } from '@insightra/contract';
import type { QueryClient } from '@tanstack/react-query';

type Api = typeof api;
type Access<D extends keyof Api, N extends keyof Api[D]> = Api[D][N] extends { access: infer A } ? A : never;

/** The owner of a key whose route anyone may call (access 'none'): its answer is the same for everyone. */
export const PUBLIC = 'public';
/** The signed-in user a query answers for (the session's user), or null when nobody is signed in. */
export type Viewer = Pick<User, 'id'> | null;
/** Whose answer a key names: everyone's for a public route, else the viewer's. */
type Owner<D extends keyof Api, N extends keyof Api[D]> = [Access<D, N>] extends ['none']
  ? typeof PUBLIC
  : Viewer;
/** The first element of every key: `public`, `user:{id}` or `signed-out`. */
export type KeyScope = typeof PUBLIC | `user:${number}` | 'signed-out';

function scope(owner: typeof PUBLIC | Viewer): KeyScope {
  if (owner === PUBLIC) return PUBLIC;
  return owner ? `user:${owner.id}` : 'signed-out';
}

/**
 * The one query-key scheme of the web (docs/ARCHITECTURE.md#conventions): whose answer it is, then the
 * route's place in the contract's `api` table, domain then route name, then the inputs that change the
 * answer. A public route's key starts with `PUBLIC`; any other starts with the viewer it answered
 * (`user:7`), so one user's cached answer can never answer another's. Two queries share a
 * key only when they call the same route with the same inputs for the same viewer, and `[scope, domain]`
 * or `[scope, domain, name]` reaches every query of that domain or route (e.g. to invalidate them).
 * Type-only imports: public-config.ts uses this on the first load, which ships no zod.
 */
export function queryKey<D extends keyof Api, N extends keyof Api[D] & string, const I extends unknown[]>(
  owner: Owner<D, N>,
  domain: D,
  name: N,
  ...inputs: I
): readonly [KeyScope, D, N, ...I] {
  return [scope(owner), domain, name, ...inputs];
}

/** Every query of one contract domain the viewer holds, e.g. to invalidate all of them after a write. */
export function domainKey<D extends keyof Api>(viewer: Viewer, domain: D): readonly [KeyScope, D] {
  return [scope(viewer), domain];
}

/**
 * Forgets every cached answer but the public ones, and every mutation (their inputs and answers): what
 * the session does when its user leaves (logout, a session ended elsewhere, signing in as someone else).
 * Removing a query also cancels its fetch.
 */
export function forgetViewerAnswers(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PUBLIC });
  queryClient.getMutationCache().clear();
}
