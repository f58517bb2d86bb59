import type { ReactNode } from 'react';

/*
 * A stand-in for `@react-oauth/google` (Google's script cannot load in tests): its button hands over a
 * credential the way Google Identity Services does. `vi.mock('@react-oauth/google', () =>
 * import('…/test/google-button'))`.
 */

export const GoogleOAuthProvider = ({ children }: { children: ReactNode }) => children;

export const GoogleLogin = (props: { onSuccess: (r: { credential?: string }) => void }) => (
  <button type="button" onClick={() => props.onSuccess({ credential: 'google-id-token' })}>
    Continue with Google
  </button>
);
