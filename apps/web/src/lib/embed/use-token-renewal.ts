import { useEffect, useRef } from 'react';

/** docs/EXTERNAL-SERVICES.md#power-bi-rest-api "Renewing the token": check every 30 s, renew when 10 minutes or less are left. */
export const TOKEN_CHECK_MS = 30_000;
export const TOKEN_RENEW_BEFORE_MS = 10 * 60_000;

export function tokenNeedsRenewal(expiration: string | null | undefined, now = Date.now()): boolean {
  if (!expiration) return false;
  const at = Date.parse(expiration);
  return Number.isFinite(at) && at - now <= TOKEN_RENEW_BEFORE_MS;
}

/** Calls `renew` (at most one at a time) whenever the token held is close to its expiration. */
export function useTokenRenewal(expiration: string | null | undefined, renew: () => Promise<unknown>) {
  const latest = useRef({ expiration, renew });
  latest.current = { expiration, renew };
  const busy = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => {
      if (busy.current || !tokenNeedsRenewal(latest.current.expiration)) return;
      busy.current = true;
      latest.current.renew().finally(() => {
        busy.current = false;
      });
    }, TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
}
