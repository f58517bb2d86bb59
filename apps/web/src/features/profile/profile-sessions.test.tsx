import { api, MESSAGES, SESSION_MESSAGES } from '@insightra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GOOGLE_ON, signIn, testConfig, testToken, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';

// Google's script cannot load here (test/google-button.tsx).
vi.mock('@react-oauth/google', () => import('../../test/google-button'));

type Handler = Parameters<typeof mockApi>[0][string];

function setup(handlers: Record<string, Handler> = {}, googleEnabled = false) {
  const user = testUser();
  const token = signIn(user);
  const mocked = mockApi({
    'GET /api/config': () => json(testConfig(googleEnabled ? { google: GOOGLE_ON } : {})),
    [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user } }),
    'GET /api/sectors/1': () =>
      json({
        success: true,
        data: {
          sector: { id: 1, sector_id: 1, name: 'Education', sector_name: 'Education', slug: 'education' },
        },
      }),
    [`GET ${api.uploads.activity.path}`]: () => json({ success: true, data: [] }),
    ...handlers,
  });
  return { token, ...mocked };
}

const auth = () => screen.getByRole('region', { name: 'Authentication' });

describe('profile: sessions and Google', () => {
  it('logs out everywhere: the server ends every session, then this one logs out here', async () => {
    const { calls, token } = setup({
      [`POST ${api.auth.logoutEverywhere.path}`]: () =>
        json({ success: true, message: SESSION_MESSAGES.loggedOutEverywhere }),
    });
    const view = renderRoute('/profile');
    await view.user.click(
      await within(await screen.findByRole('region', { name: 'Authentication' })).findByRole('button', {
        name: 'Log out everywhere',
      }),
    );
    expect(await screen.findByText(MESSAGES.auth.loggedOut)).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    const sent = calls.find((c) => c.path === api.auth.logoutEverywhere.path);
    expect(new Headers(sent?.init.headers).get('authorization')).toBe(`Bearer ${token}`);
    // The session has already ended on the server: no separate logout call.
    expect(calls.some((c) => c.path === api.auth.logout.path)).toBe(false);
  });

  it('stays signed in and says so when logging out everywhere fails', async () => {
    setup({
      [`POST ${api.auth.logoutEverywhere.path}`]: () => json({ success: false, message: 'x' }, 500),
    });
    const view = renderRoute('/profile');
    await view.user.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    expect(await screen.findByText('x')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).not.toBeNull();
    expect(view.router.state.location.pathname).toBe('/profile');
  });

  it('offers Connect Google only when Google sign-in is configured', async () => {
    setup({}, false);
    renderRoute('/profile');
    expect(await screen.findByRole('button', { name: 'Log out everywhere' })).toBeInTheDocument();
    await waitFor(() => expect(within(auth()).queryByText('Connect Google')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('connects Google: sends the ID token, stores the fresh token and shows the new sign-in method', async () => {
    const linked = testUser({ providers: ['local', 'google'] });
    const fresh = testToken(linked, 7200);
    const { calls } = setup(
      {
        [`POST ${api.auth.googleLink.path}`]: () =>
          json({
            success: true,
            message: SESSION_MESSAGES.googleLinked,
            data: { token: fresh, user: linked },
          }),
      },
      true,
    );
    const view = renderRoute('/profile');
    expect(
      await within(await screen.findByRole('region', { name: 'Authentication' })).findByText(
        'Connect Google',
      ),
    ).toBeInTheDocument();
    await view.user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(SESSION_MESSAGES.googleLinked)).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe(fresh);
    // The sign-in method, and the row that can disconnect it.
    expect(within(auth()).getAllByText('Google')).toHaveLength(2);
    expect(within(auth()).getByRole('button', { name: 'Disconnect Google' })).toBeEnabled();
    expect(within(auth()).queryByText('Connect Google')).not.toBeInTheDocument();
    const sent = calls.find((c) => c.path === api.auth.googleLink.path);
    expect(JSON.parse(String(sent?.init.body))).toEqual({ idToken: 'google-id-token' });
  });

  it("shows the server's message when the Google account belongs to someone else", async () => {
    setup(
      {
        [`POST ${api.auth.googleLink.path}`]: () =>
          json({ success: false, message: SESSION_MESSAGES.googleLinkedElsewhere }, 409),
      },
      true,
    );
    const view = renderRoute('/profile');
    await view.user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(SESSION_MESSAGES.googleLinkedElsewhere)).toBeInTheDocument();
  });
});
