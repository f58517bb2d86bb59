import type { User } from '@insightra/contract';
// Route refs without schemas: the session check runs on every page's first load.
import { apiRefs as api, MESSAGES, STORAGE_KEYS, TIMINGS } from '@insightra/contract/public';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../components/ui/toast/toast-context';
import { ApiError, apiRequest, onUnauthorized } from '../api-client';
import { forgetViewerAnswers } from '../query-keys';
import { forgetUserStorage, storage } from '../storage';
import { type Session, SessionContext, type SessionStatus } from './session-context';
import { decodeToken, isTokenUsable, userFromClaims } from './token';

type State = { status: SessionStatus; user: User | null; token: string | null };
const ANONYMOUS: State = { status: 'anonymous', user: null, token: null };

/**
 * The server's "session ended" message. The contract's full entry holds zod, which the first load does
 * without, so it is read when a 401 arrives (by then a signed-in page has loaded it anyway).
 */
const sessionEndedMessage = () => import('@insightra/contract').then((m) => m.SESSION_MESSAGES.sessionEnded);

/**
 * The session of docs/PRODUCT.md#sessions: the token under `token` is decoded on load; a usable one sets the user from
 * its claims and then from GET /auth/me. 401/403 from that call logs out; other failures keep the user.
 * /auth/me renews a token past half its life; Logout also ends the session on the server.
 *
 * No frame of another session: when the user leaves (Logout, any answer saying the session
 * has ended elsewhere, another tab logging out) or another signs in, the page forgets the last user in
 * place: every cached answer but the public ones, their stored keys (lib/storage.ts) and the toasts on
 * screen. Query keys name their viewer besides (lib/query-keys.ts), so no answer serves another user.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() => {
    const token = storage.get(STORAGE_KEYS.token);
    const claims = token ? decodeToken(token) : null;
    if (!token || !isTokenUsable(claims)) {
      // A malformed or expired token is no session: drop it, and what its user left stored, so no
      // request sends it again and the next user finds nothing.
      if (token) forgetUserStorage();
      return ANONYMOUS;
    }
    return { status: 'loading', user: userFromClaims(claims), token };
  });
  /** The id of the user whose answers this page may hold, null once forgotten. */
  const holder = useRef<number | null>(state.user?.id ?? null);

  /** Forgets the last user in this page's memory: cached answers, mutations and, if any, their toasts. */
  const forgetInMemory = useCallback(() => {
    if (holder.current !== null) toast.dismissAll();
    holder.current = null;
    forgetViewerAnswers(queryClient);
  }, [queryClient, toast]);

  /** Signed out here: the token and the user's stored state go, then everything in memory. */
  const clear = useCallback(() => {
    forgetUserStorage();
    forgetInMemory();
    setState(ANONYMOUS);
  }, [forgetInMemory]);

  const refresh = useCallback(async () => {
    const token = storage.get(STORAGE_KEYS.token);
    if (!token) return clear();
    try {
      const res = await apiRequest(api.auth.me, { token });
      // Past half its life the token comes back renewed: it replaces the stored one in place.
      const fresh = res.data.token && storage.get(STORAGE_KEYS.token) === token ? res.data.token : null;
      if (fresh) storage.set(STORAGE_KEYS.token, fresh);
      if (holder.current !== res.data.user.id) forgetInMemory();
      holder.current = res.data.user.id;
      setState({ status: 'authenticated', user: res.data.user, token: fresh ?? token });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return clear();
      // Server or network trouble: stay signed in with what the token says.
      setState((s) => ({ ...s, status: s.user ? 'authenticated' : 'anonymous' }));
    }
  }, [clear, forgetInMemory]);

  // The first check runs once, on mount; later refreshes are explicit.
  const firstCheck = useRef(state.status === 'loading');
  useEffect(() => {
    if (!firstCheck.current) return;
    firstCheck.current = false;
    void refresh();
  }, [refresh]);

  // Any answer saying this session has ended elsewhere ("log out everywhere", a password change, a
  // role change) signs out here at once, and says so once. An answer to an earlier session's request
  // is ignored, as is one that comes after someone else has signed in.
  const endedToken = useRef<string | null>(null);
  useEffect(
    () =>
      onUnauthorized(({ token, message }) => {
        if (token !== storage.get(STORAGE_KEYS.token)) return;
        void sessionEndedMessage().then((ended) => {
          const current = storage.get(STORAGE_KEYS.token);
          if (message !== ended || endedToken.current === token || (current && current !== token)) return;
          endedToken.current = token;
          clear();
          toast.info(ended);
        });
      }),
    [clear, toast],
  );

  // Another tab signing in or out changes this tab's session too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.token) return;
      const claims = event.newValue ? decodeToken(event.newValue) : null;
      if (!event.newValue || !isTokenUsable(claims)) {
        forgetInMemory();
        setState(ANONYMOUS);
        return;
      }
      // Someone else signed in there: nothing of the last user stays here, not even a name.
      const token = event.newValue;
      const user = userFromClaims(claims);
      if (!user || holder.current !== user.id) forgetInMemory();
      holder.current = user?.id ?? null;
      setState((s) => ({ status: 'loading', user: user && s.user?.id === user.id ? s.user : user, token }));
      void refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh, forgetInMemory]);

  const login = useCallback(
    (token: string, user: User) => {
      // Someone new (or after an unknown one): nothing of the last user's, stored or in memory, stays.
      if (holder.current !== user.id) {
        forgetUserStorage();
        forgetInMemory();
      }
      holder.current = user.id;
      storage.set(STORAGE_KEYS.token, token);
      setState({ status: 'authenticated', user, token });
    },
    [forgetInMemory],
  );

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
