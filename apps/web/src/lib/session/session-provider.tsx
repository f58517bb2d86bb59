import type { User } from '@insightra/contract';
// Route refs without schemas: the session check runs on every page's first load.
import { apiRefs as api, MESSAGES, STORAGE_KEYS, TIMINGS } from '@insightra/contract/public';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../components/ui/toast/toast-context';
import { ApiError, apiRequest, onConflict, onUnauthorized } from '../api-client';
import { forgetViewerAnswers } from '../query-keys';
import { forgetOrganisationStorage, forgetUserStorage, storage } from '../storage';
import { pageToken, showToken } from './page-token';
import { type Session, SessionContext, type SessionStatus } from './session-context';
import { decodeToken, isTokenUsable, userFromClaims } from './token';

type State = { status: SessionStatus; user: User | null; token: string | null };
const ANONYMOUS: State = { status: 'anonymous', user: null, token: null };

/**
 * The server's "session ended" message. The contract's full entry holds zod, which the first load does
 * without, so it is read when a 401 arrives (by then a signed-in page has loaded it anyway).
 */
const sessionEndedMessage = () => import('@insightra/contract').then((m) => m.SESSION_MESSAGES.sessionEnded);
/** The server's "switched in another tab" message, read the same way. */
const switchedElsewhereMessage = () =>
  import('@insightra/contract').then((m) => m.ORGANISATION_MESSAGES.switchedElsewhere);

/** Whose answers a page holds: a user, in their active organisation. */
interface Holder {
  userId: number;
  organisationId: number | null;
}
const holderOf = (user: User | null): Holder | null =>
  user ? { userId: user.id, organisationId: user.organisation?.id ?? null } : null;
const sameHolder = (a: Holder | null, b: Holder | null) =>
  a !== null && b !== null && a.userId === b.userId && a.organisationId === b.organisationId;

/**
 * The session of docs/PRODUCT.md#sessions: the token under `token` is decoded on load; a usable one sets the user from
 * its claims and then from GET /auth/me. 401/403 from that call logs out; other failures keep the user.
 * /auth/me renews a token past half its life; Logout also ends the session on the server.
 *
 * No frame of another session: when the user leaves (Logout, any answer saying the session
 * has ended elsewhere, another tab logging out) or another signs in, the page forgets the last user in
 * place: every cached answer but the public ones, their stored keys (lib/storage.ts) and the toasts on
 * screen. Query keys name their viewer besides (lib/query-keys.ts), so no answer serves another user.
 *
 * The same holds for the active organisation: switching (here, or in another tab, which this tab
 * follows by the stored token or by the server's 409) forgets every answer of the last organisation
 * before the next render, and the member area remounts for the new one (route-guard.tsx).
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
      showToken(null);
      return ANONYMOUS;
    }
    showToken(token);
    return { status: 'loading', user: userFromClaims(claims), token };
  });
  /** The user and organisation whose answers this page may hold, null once forgotten. */
  const holder = useRef<Holder | null>(holderOf(state.user));

  /** Forgets the last user in this page's memory: cached answers, mutations and, if any, their toasts. */
  const forgetInMemory = useCallback(() => {
    if (holder.current !== null) toast.dismissAll();
    holder.current = null;
    forgetViewerAnswers(queryClient);
  }, [queryClient, toast]);

  /** Signed out here: the token and the user's stored state go, then everything in memory. */
  const clear = useCallback(() => {
    forgetUserStorage();
    showToken(null);
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
      const next = holderOf(res.data.user);
      if (!sameHolder(holder.current, next)) forgetInMemory();
      holder.current = next;
      showToken(fresh ?? token);
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
        if (token !== pageToken()) return;
        void sessionEndedMessage().then((ended) => {
          const current = pageToken();
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
        showToken(null);
        forgetInMemory();
        setState(ANONYMOUS);
        return;
      }
      // Someone else signed in there, or switched organisation: nothing of the last user or
      // organisation stays here, not even a name.
      const token = event.newValue;
      const user = userFromClaims(claims);
      const kept = sameHolder(holder.current, holderOf(user));
      if (!kept) forgetInMemory();
      holder.current = holderOf(user);
      setState((s) => ({ status: 'loading', user: kept && s.user ? s.user : user, token }));
      void refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh, forgetInMemory]);

  // An answer saying this tab's token names another organisation than its session (a switch in another
  // tab): the session's organisation is followed (GET /auth/me answers it with a fresh token), and the
  // message says why the page changed. Once per token; an earlier token's answer is ignored.
  const followedToken = useRef<string | null>(null);
  useEffect(
    () =>
      onConflict(({ token, message }) => {
        if (token !== pageToken() || followedToken.current === token) return;
        void switchedElsewhereMessage().then(async (switched) => {
          if (message !== switched || followedToken.current === token) return;
          followedToken.current = token;
          await refresh();
          toast.info(switched);
        });
      }),
    [refresh, toast],
  );

  const login = useCallback(
    (token: string, user: User) => {
      // Someone new (or after an unknown one): nothing of the last user's, stored or in memory, stays.
      // The same user in another organisation keeps the token's place (other tabs follow, not sign out).
      const next = holderOf(user);
      if (holder.current?.userId !== user.id) {
        forgetUserStorage();
        forgetInMemory();
      } else if (!sameHolder(holder.current, next)) {
        forgetOrganisationStorage();
        forgetInMemory();
      }
      holder.current = next;
      storage.set(STORAGE_KEYS.token, token);
      showToken(token);
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
      const token = pageToken();
      // The server ends the session in the background; the user is logged out here at once either way.
      if (token && options?.endOnServer !== false) {
        apiRequest(api.auth.logout, { token }).catch(() => {});
      }
      clear();
      toast.info(MESSAGES.auth.loggedOut, TIMINGS.logoutToastMs);
    },
    [clear, toast],
  );

  const setUser = useCallback(
    (user: User) => {
      // A change that moves the user to another organisation (onboarding creates one) forgets the last.
      const next = holderOf(user);
      if (!sameHolder(holder.current, next)) forgetInMemory();
      holder.current = next;
      setState((s) => ({ ...s, user }));
    },
    [forgetInMemory],
  );

  const value = useMemo<Session>(
    () => ({ ...state, login, logout, setUser, refresh }),
    [state, login, logout, setUser, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
