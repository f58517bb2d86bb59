/** How often the frame checks its embed token (Microsoft's "Refresh the access token" guidance). */
export const TOKEN_CHECK_INTERVAL_MS = 30_000;
/** A new token is fetched once the current one has this little life left. */
export const TOKEN_RENEW_BEFORE_MS = 10 * 60_000;

/** Whether a token expiring at `expiration` (ISO date) should be renewed at `now`. */
export function shouldRenew(expiration: string | null, now: number): boolean {
  if (!expiration) return false;
  const at = Date.parse(expiration);
  return Number.isFinite(at) && at - now <= TOKEN_RENEW_BEFORE_MS;
}

/** Whether the token has already run out (the report then needs a reload after the new token). */
export function hasExpired(expiration: string | null, now: number): boolean {
  if (!expiration) return false;
  const at = Date.parse(expiration);
  return Number.isFinite(at) && at <= now;
}
