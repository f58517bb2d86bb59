import { api, MESSAGES } from '@insightra/contract';
import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { GOOGLE_ON, testConfig, testToken, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';

// Google's script cannot load here: a stand-in button hands over a credential the way GIS does.
vi.mock('@react-oauth/google', () => ({
  GoogleOAuthProvider: ({ children }: { children: ReactNode }) => children,
  GoogleLogin: (props: {
    onSuccess: (r: { credential?: string }) => void;
    onError: () => void;
    useOneTap?: boolean;
  }) => (
    <div>
      <button type="button" onClick={() => props.onSuccess({ credential: 'google-id-token' })}>
        Sign in with Google
      </button>
      <button type="button" onClick={() => props.onError()}>
        Google fails
      </button>
      {props.useOneTap && <span>one tap on</span>}
    </div>
  ),
}));

const CONFIG = testConfig({ google: GOOGLE_ON });

describe('Google sign-in', () => {
  it('sends the credential as idToken, signs in and says welcome back', async () => {
    const user = testUser({ providers: ['google'] });
    const { calls } = mockApi({
      'GET /api/config': () => json(CONFIG),
      [`POST ${api.auth.google.path}`]: () =>
        json({ success: true, message: 'Google login successful', data: { token: testToken(user), user } }),
    });
    const view = renderRoute('/login');
    expect(await screen.findByText('one tap on')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText(MESSAGES.auth.googleLoginSuccess)).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
    const sent = JSON.parse(String(calls.find((c) => c.path === api.auth.google.path)?.init.body));
    expect(sent).toEqual({ idToken: 'google-id-token' });
  });

  it("shows 'Google login failed: {message}' with the server's message", async () => {
    mockApi({
      'GET /api/config': () => json(CONFIG),
      [`POST ${api.auth.google.path}`]: () =>
        json({ success: false, message: 'The Google account email address is not verified' }, 401),
    });
    const view = renderRoute('/login');
    await view.user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google login failed: The Google account email address is not verified',
    );
  });

  it("shows 'Google login failed. Please try again.' when Google itself fails", async () => {
    mockApi({ 'GET /api/config': () => json(CONFIG) });
    const view = renderRoute('/login');
    await view.user.click(await screen.findByRole('button', { name: 'Google fails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.googleLoginFailedRetry);
  });

  it('joins the organisation of the invitation it came from, and opens the dashboard', async () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    const user = testUser({ providers: ['google'], email: 'ravi@example.com' });
    const { calls } = mockApi({
      'GET /api/config': () => json(CONFIG),
      [`GET /api/invitations/${token}`]: () =>
        json({
          success: true,
          data: {
            organisationName: 'Acme School',
            invitedBy: 'Asha Verma',
            email: 'ravi@example.com',
            role: 'editor',
            expired: false,
          },
        }),
      [`POST ${api.auth.google.path}`]: () =>
        json({ success: true, message: 'Google login successful', data: { token: testToken(user), user } }),
    });
    const view = renderRoute(`/invite/${token}`);
    await view.user.click(await screen.findByRole('link', { name: 'Sign in to accept' }));
    await view.user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
    const sent = JSON.parse(String(calls.find((c) => c.path === api.auth.google.path)?.init.body));
    expect(sent).toEqual({ idToken: 'google-id-token', invitationToken: token });
  });
});
