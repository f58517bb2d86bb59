import { api, SESSION_MESSAGES } from '@insightra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GOOGLE_ON, signIn, testConfig, testToken, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';

// Google's script cannot load here (test/google-button.tsx).
vi.mock('@react-oauth/google', () => import('../../test/google-button'));

const CONFIG = testConfig({ google: GOOGLE_ON });

type Handler = Parameters<typeof mockApi>[0][string];

const REQUIRED = () => json({ success: false, message: SESSION_MESSAGES.reauthenticationRequired }, 403);

/** Signs `overrides`' user in; the guarded routes answer 403 until POST /auth/reauthenticate succeeds. */
function setup(overrides: Parameters<typeof testUser>[0], handlers: Record<string, Handler> = {}) {
  const user = testUser(overrides);
  signIn(user);
  return mockApi({
    'GET /api/config': () => json(CONFIG),
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
}

const dialog = () => screen.getByRole('dialog', { name: "Confirm it's you" });
const toasts = () => screen.getByTestId('toast-container');
const callsTo = (calls: ReturnType<typeof mockApi>['calls'], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

describe("profile: confirm it's you", () => {
  it('asks a Google-only account to sign in with Google, then sets the first password', async () => {
    let proved = false;
    const { calls } = setup(
      { password: false, providers: ['google'] },
      {
        [`POST ${api.auth.reauthenticate.path}`]: () => {
          proved = true;
          return json({ success: true, message: SESSION_MESSAGES.reauthenticated });
        },
        [`PUT ${api.auth.password.path}`]: () =>
          proved ? json({ success: true, message: 'Password updated successfully' }) : REQUIRED(),
      },
    );
    const { user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Set password' }));
    await user.type(screen.getByLabelText('New Password'), 'abcdef');
    await user.type(screen.getByLabelText('Confirm New Password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));

    expect(await screen.findByRole('dialog', { name: "Confirm it's you" })).toHaveAccessibleDescription(
      /sign in again with the Google account connected to this account/,
    );
    expect(within(dialog()).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(await within(dialog()).findByRole('button', { name: 'Continue with Google' }));

    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const proof = callsTo(calls, 'POST', api.auth.reauthenticate.path);
    expect(proof.map((c) => JSON.parse(String(c.init.body)))).toEqual([{ idToken: 'google-id-token' }]);
    const saves = callsTo(calls, 'PUT', api.auth.password.path);
    expect(saves.map((c) => JSON.parse(String(c.init.body)))).toEqual([
      { newPassword: 'abcdef' },
      { newPassword: 'abcdef' },
    ]);
  });

  it('disconnects Google after the password: a wrong one is said in the dialog, the right one retries', async () => {
    let proved = false;
    const unlinked = testUser({ providers: ['local'] });
    const fresh = testToken(unlinked, 7200);
    const { calls } = setup(
      { providers: ['local', 'google'] },
      {
        [`POST ${api.auth.reauthenticate.path}`]: (_url, init) => {
          if (JSON.parse(String(init.body)).password !== 'right-one') {
            return json({ success: false, message: SESSION_MESSAGES.reauthenticationPasswordWrong }, 400);
          }
          proved = true;
          return json({ success: true, message: SESSION_MESSAGES.reauthenticated });
        },
        [`DELETE ${api.auth.googleUnlink.path}`]: () =>
          proved
            ? json({
                success: true,
                message: SESSION_MESSAGES.googleUnlinked,
                data: { user: unlinked, token: fresh },
              })
            : REQUIRED(),
      },
    );
    const { user } = renderRoute('/profile');
    const auth = await screen.findByRole('region', { name: 'Authentication' });
    expect(within(auth).getByText('Connected')).toBeInTheDocument();
    await user.click(within(auth).getByRole('button', { name: 'Disconnect Google' }));

    const password = await within(await screen.findByRole('dialog')).findByLabelText('Password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(password, 'wrong-one');
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      SESSION_MESSAGES.reauthenticationPasswordWrong,
    );
    expect(password).toHaveValue('');
    expect(callsTo(calls, 'DELETE', api.auth.googleUnlink.path)).toHaveLength(1);

    await user.type(password, 'right-one{Enter}');
    expect(await screen.findByText(SESSION_MESSAGES.googleUnlinked)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', api.auth.googleUnlink.path)).toHaveLength(2);
    expect(window.localStorage.getItem('token')).toBe(fresh);
    expect(within(auth).queryByRole('button', { name: 'Disconnect Google' })).not.toBeInTheDocument();
    expect(within(auth).queryByText('Connected')).not.toBeInTheDocument();
  });

  it('connects Google after the password, sending the same ID token again', async () => {
    let proved = false;
    const linked = testUser({ providers: ['local', 'google'] });
    const { calls } = setup(
      {},
      {
        [`POST ${api.auth.reauthenticate.path}`]: () => {
          proved = true;
          return json({ success: true, message: SESSION_MESSAGES.reauthenticated });
        },
        [`POST ${api.auth.googleLink.path}`]: () =>
          proved
            ? json({
                success: true,
                message: SESSION_MESSAGES.googleLinked,
                data: { user: linked, token: testToken(linked) },
              })
            : REQUIRED(),
      },
    );
    const { user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await user.type(await within(await screen.findByRole('dialog')).findByLabelText('Password'), 'pw');
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(SESSION_MESSAGES.googleLinked)).toBeInTheDocument();
    const links = callsTo(calls, 'POST', api.auth.googleLink.path);
    expect(links.map((c) => JSON.parse(String(c.init.body)))).toEqual([
      { idToken: 'google-id-token' },
      { idToken: 'google-id-token' },
    ]);
    expect(JSON.parse(String(callsTo(calls, 'POST', api.auth.reauthenticate.path)[0]?.init.body))).toEqual({
      password: 'pw',
    });
  });

  it('drops the action quietly on Cancel or Escape: no error, no retry', async () => {
    const { calls } = setup(
      { providers: ['local', 'google'] },
      { [`DELETE ${api.auth.googleUnlink.path}`]: REQUIRED },
    );
    const { user } = renderRoute('/profile');
    const disconnect = await screen.findByRole('button', { name: 'Disconnect Google' });

    await user.click(disconnect);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(disconnect).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(disconnect);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(disconnect).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(callsTo(calls, 'DELETE', api.auth.googleUnlink.path)).toHaveLength(2);
    expect(callsTo(calls, 'POST', api.auth.reauthenticate.path)).toHaveLength(0);
    expect(within(toasts()).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Authentication' })).toContainElement(disconnect);
  });

  it('keeps Disconnect Google off until a password is set', async () => {
    const { calls } = setup({ password: false, providers: ['google'] });
    renderRoute('/profile');
    const disconnect = await screen.findByRole('button', { name: 'Disconnect Google' });
    expect(disconnect).toBeDisabled();
    expect(disconnect).toHaveAccessibleDescription('Set a password first');
    expect(callsTo(calls, 'DELETE', api.auth.googleUnlink.path)).toHaveLength(0);
  });

  it("shows the server's refusal to disconnect as an error toast", async () => {
    setup(
      { providers: ['local', 'google'] },
      {
        [`DELETE ${api.auth.googleUnlink.path}`]: () =>
          json({ success: false, message: SESSION_MESSAGES.googleNotLinked }, 409),
      },
    );
    const { user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Disconnect Google' }));
    expect(await within(toasts()).findByRole('alert')).toHaveTextContent(SESSION_MESSAGES.googleNotLinked);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
