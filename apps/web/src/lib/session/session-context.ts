import type { User } from '@insightra/contract';
import { createContext, useContext } from 'react';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  /** The signed-in user: from the token's claims at first, then as the server returns it. */
  user: User | null;
  token: string | null;
  /** Sets the session directly from an already obtained token and user. */
  login(token: string, user: User): void;
  /**
   * Removes the token, clears the user and says 'Logged out successfully' at once; unless told the
   * session has already ended there, asks the server to end it too (without waiting for the answer).
   */
  logout(options?: { endOnServer?: boolean }): void;
  /** Replaces the user after an update (name, sector, header...). */
  setUser(user: User): void;
  /** Re-reads the user from GET /auth/me. */
  refresh(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}
