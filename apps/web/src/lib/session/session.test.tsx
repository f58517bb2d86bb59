import { api, MESSAGES } from '@insightra/contract';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { ToastContainer } from '../../components/ui/toast/toast-container';
import { signIn, testToken, testUser } from '../../test/fixtures';
import { json, mockApi } from '../../test/render';
import { useSession } from './session-context';
import { decodeToken, isTokenUsable, userFromClaims } from './token';

function Probe() {
  const s = useSession();
  return (
    <div>
      <p data-testid="status">{s.status}</p>
      <p data-testid="name">{s.user?.fullName ?? 'nobody'}</p>
      <button type="button" onClick={() => s.logout()}>
        logout
      </button>
      <button
        type="button"
        onClick={() => s.login(testToken(testUser({ fullName: 'Direct' })), testUser({ fullName: 'Direct' }))}
      >
        direct
      </button>
    </div>
  );
}

function mount() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Probe />
      <ToastContainer />
    </AppProviders>,
  );
}

const status = () => screen.getByTestId('status').textContent;
const name = () => screen.getByTestId('name').textContent;

describe('session (docs/PRODUCT.md#sessions)', () => {
  it('is logged out without a token, and drops a malformed or expired one', () => {
    mockApi({});
    mount();
    expect(status()).toBe('anonymous');
    for (const bad of ['garbage', 'a.b.c', testToken(testUser(), -60)]) {
      window.localStorage.setItem('token', bad);
      const view = mount();
      expect(screen.getAllByTestId('status').at(-1)?.textContent).toBe('anonymous');
      expect(window.localStorage.getItem('token')).toBeNull();
      view.unmount();
    }
  });

  it('shows the user from the claims, then the user from /auth/me', async () => {
    const token = signIn(testUser({ fullName: 'From Claims' }));
    let answer: (r: Response) => void = () => {};
    const { calls } = mockApi({
      [`GET ${api.auth.me.path}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    mount();
    expect(status()).toBe('loading');
    expect(name()).toBe('From Claims');
    await act(async () =>
      answer(json({ success: true, data: { user: testUser({ fullName: 'From Server' }) } })),
    );
    expect(status()).toBe('authenticated');
    expect(name()).toBe('From Server');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe(`Bearer ${token}`);
  });

  it.each([401, 403])('logs out when /auth/me answers %i', async (code) => {
    signIn(testUser());
    mockApi({ [`GET ${api.auth.me.path}`]: () => json({ success: false, message: 'Invalid token' }, code) });
    mount();
    await vi.waitFor(() => expect(status()).toBe('anonymous'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('keeps the user on a server error or a network failure', async () => {
    signIn(testUser({ fullName: 'Still Here' }));
    mockApi({ [`GET ${api.auth.me.path}`]: () => json({ success: false, message: 'boom' }, 500) });
    const view = mount();
    await vi.waitFor(() => expect(status()).toBe('authenticated'));
    expect(name()).toBe('Still Here');
    view.unmount();
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    mount();
    await vi.waitFor(() => expect(screen.getAllByTestId('status').at(-1)?.textContent).toBe('authenticated'));
    expect(window.localStorage.getItem('token')).not.toBeNull();
  });

  it('logs out with the info toast for 1500 ms, and logs in with a given token and user', async () => {
    mockApi({});
    mount();
    await act(async () => screen.getByRole('button', { name: 'direct' }).click());
    expect(status()).toBe('authenticated');
    expect(name()).toBe('Direct');
    expect(window.localStorage.getItem('token')).toMatch(/\./);
    vi.useFakeTimers();
    act(() => screen.getByRole('button', { name: 'logout' }).click());
    expect(status()).toBe('anonymous');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.auth.loggedOut);
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.queryByText(MESSAGES.auth.loggedOut)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(MESSAGES.auth.loggedOut)).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it.each([
    ['fails', () => json({ success: false, message: 'boom' }, 503)],
    ['never answers', () => new Promise<Response>(() => {})],
    ['is unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])(
    'Logout ends the session on the server and says so at once, even when the server %s',
    async (_n, answer) => {
      const token = signIn(testUser());
      const { calls } = mockApi({
        [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user: testUser() } }),
        [`POST ${api.auth.logout.path}`]: answer,
      });
      mount();
      await vi.waitFor(() => expect(status()).toBe('authenticated'));
      act(() => screen.getByRole('button', { name: 'logout' }).click());
      expect(status()).toBe('anonymous');
      expect(window.localStorage.getItem('token')).toBeNull();
      expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.auth.loggedOut);
      const sent = calls.find((c) => c.method === 'POST' && c.path === api.auth.logout.path);
      expect(new Headers(sent?.init.headers).get('authorization')).toBe(`Bearer ${token}`);
    },
  );

  it('stores the fresh token /auth/me answers in place of the old one', async () => {
    const old = testToken(testUser({ fullName: 'Old Claims' }));
    const fresh = testToken(testUser({ fullName: 'Fresh Claims' }), 12 * 3600);
    window.localStorage.setItem('token', old);
    const { calls } = mockApi({
      [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user: testUser(), token: fresh } }),
    });
    mount();
    await vi.waitFor(() => expect(status()).toBe('authenticated'));
    expect(window.localStorage.getItem('token')).toBe(fresh);
    // Later requests send the fresh token.
    act(() => screen.getByRole('button', { name: 'logout' }).click());
    const sent = calls.find((c) => c.method === 'POST' && c.path === api.auth.logout.path);
    expect(new Headers(sent?.init.headers).get('authorization')).toBe(`Bearer ${fresh}`);
  });

  it('decodes tokens and judges them by exp', () => {
    expect(decodeToken('x')).toBeNull();
    const claims = decodeToken(testToken(testUser({ fullName: 'ജോസ്' })));
    expect(claims?.fullName).toBe('ജോസ്');
    expect(isTokenUsable(claims)).toBe(true);
    expect(isTokenUsable(decodeToken(testToken(testUser(), -1)))).toBe(false);
    expect(isTokenUsable({ sub: '1' })).toBe(false);
  });

  it('builds the whole user from claims that carry each field once', () => {
    const { user_id, full_name, mobile_number, sector_id, dashboard_header, ...once } = testUser({
      fullName: 'Asha Rao',
      sectorId: 3,
      dashboardHeader: 'Fleet Analytics',
    });
    const user = userFromClaims({ ...once, sub: String(once.id) });
    expect(user).toMatchObject({
      user_id: once.id,
      full_name: 'Asha Rao',
      fullName: 'Asha Rao',
      sector_id: 3,
      sectorId: 3,
      dashboard_header: 'Fleet Analytics',
    });
  });
});
