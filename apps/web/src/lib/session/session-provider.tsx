import type { User } from '@insightra/contract';
// Route refs without schemas: the session check runs on every page's first load.
import { apiRefs as api, MESSAGES, STORAGE_KEYS, TIMINGS } from '@insightra/contract/public';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../components/ui/toast/toast-context';
import { ApiError, apiRequest } from '../api-client';
import { storage } from '../storage';
import { type Session, SessionContext, type SessionStatus } from './session-context';
import { decodeToken, isTokenUsable, userFromClaims } from './token';

/**
 * The session of docs/PRODUCT.md#sessions: the token under `token` is decoded on load; a usable one sets the user from
 * its claims and then from GET /auth/me. 401/403 from that call logs out; other failures keep the user.
 * /auth/me renews a token past half its life; Logout also ends the session on the server.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const [state, setState] = useState<{ status: SessionStatus; user: User | null; token: string | null }>(
    () => {
      const token = storage.get(STORAGE_KEYS.token);
      const claims = token ? decodeToken(token) : null;
      if (!token || !isTokenUsable(claims)) {
        // A malformed or expired token is no session: drop it so no request sends it again.
        if (token) storage.remove(STORAGE_KEYS.token);
        return { status: 'anonymous', user: null, token: null };
      }
      return { status: 'loading', user: userFromClaims(claims), token };
    },
  );

  const clear = useCallback(() => {
    storage.remove(STORAGE_KEYS.token);
    setState({ status: 'anonymous', user: null, token: null });
  }, []);

  const refresh = useCallback(async () => {
    const token = storage.get(STORAGE_KEYS.token);
    if (!token) return clear();
    try {
      const res = await apiRequest(api.auth.me, { token });
      // Past half its life the token comes back renewed: it replaces the stored one in place.
      const fresh = res.data.token && storage.get(STORAGE_KEYS.token) === token ? res.data.token : null;
      if (fresh) storage.set(STORAGE_KEYS.token, fresh);
      setState({ status: 'authenticated', user: res.data.user, token: fresh ?? token });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return clear();
      // Server or network trouble: stay signed in with what the token says.
      setState((s) => ({ ...s, status: s.user ? 'authenticated' : 'anonymous' }));
    }
  }, [clear]);

  // The first check runs once, on mount; later refreshes are explicit.
  const firstCheck = useRef(state.status === 'loading');
  useEffect(() => {
    if (!firstCheck.current) return;
    firstCheck.current = false;
    void refresh();
  }, [refresh]);

  // Another tab signing in or out changes this tab's session too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.token) return;
      if (!event.newValue) setState({ status: 'anonymous', user: null, token: null });
      else {
        setState((s) => ({ ...s, status: 'loading', token: event.newValue }));
        void refresh();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  const login = useCallback((token: string, user: User) => {
    storage.set(STORAGE_KEYS.token, token);
    setState({ status: 'authenticated', user, token });
  }, []);

  // An open page renews its token once it is past half its life, as a reload would.
  useEffect(() => {
    if (state.status !== 'authenticated' || !state.token) return;
    const claims = decodeToken(state.token);
    if (typeof claims?.exp !== 'number' || typeof claims.iat !== 'number') return;
    const due = ((claims.iat + claims.exp) / 2) * 1000 - Date.now();
    // Timers longer than about 24.8 days fire at once; tokens live hours.
    if (due > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void refresh(), Math.max(due, 0) + 1000);
    return () => clearTimeout(timer);
  }, [state.status, state.token, refresh]);

  const logout = useCallback(
    (options?: { endOnServer?: boolean }) => {
      const token = storage.get(STORAGE_KEYS.token);
      // The server ends the session in the background; the user is logged out here at once either way.
      if (token && options?.endOnServer !== false) {
        apiRequest(api.auth.logout, { token }).catch(() => {});
      }
      clear();
      toast.info(MESSAGES.auth.loggedOut, TIMINGS.logoutToastMs);
    },
    [clear, toast],
  );

  const setUser = useCallback((user: User) => setState((s) => ({ ...s, user })), []);

  const value = useMemo<Session>(
    () => ({ ...state, login, logout, setUser, refresh }),
    [state, login, logout, setUser, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
