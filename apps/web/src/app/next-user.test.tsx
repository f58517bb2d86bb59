import { api, MESSAGES, type Report, SESSION_MESSAGES, type UploadLog, type User } from '@insightra/contract';
import type { QueryClient } from '@tanstack/react-query';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenResponse } from '../features/dashboard/testing/dashboard-fixtures';
import { testToken, testUser } from '../test/fixtures';
import { json, mockApi, renderRoute } from '../test/render';

/*
 * Issue 28, item 1: no frame of another session. Alice works, then leaves (Logout, a session ended
 * elsewhere) or Bob signs in; Bob's answers are held back, and at no moment is anything of Alice's on
 * screen, in the query cache or in storage.
 */

// The route's lazy pages and their queries can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const SECRETS = ['AliceSecretTab', 'AliceSecretUpload.csv', 'Alice Secretperson'];

const alice = testUser({ id: 11, username: 'alice', fullName: 'Alice Secretperson' });
const bob = testUser({ id: 12, username: 'bob', fullName: 'Bob Nextuser' });
const tokens = { alice: testToken(alice), bob: testToken(bob) };

const report = (id: number, report_type: string): Report => ({
  id,
  tier: 'Beta',
  report_type,
  report_uuid: `uuid-${id}`,
});
const upload = (id: number, file_name: string): UploadLog => ({
  id,
  file_name,
  total_processed: 1,
  total_accepted: 1,
  total_failed: 0,
  success_rate: 100,
  status: 1,
  date: '2025-03-01T06:30:00.000Z',
  originalFileUrl: `/api/server/uploads/${id}/original`,
  rejectedFileUrl: null,
  uploaded_by: { id: null, name: null },
});

const accounts: Record<string, { user: User; reports: Report[]; uploads: UploadLog[] }> = {
  [tokens.alice]: {
    user: alice,
    reports: [report(1, 'AliceSecretTab')],
    uploads: [upload(1, 'AliceSecretUpload.csv')],
  },
  [tokens.bob]: { user: bob, reports: [report(2, 'BobOwnTab')], uploads: [upload(2, 'BobOwnUpload.csv')] },
};

/** A gate that holds answers until opened. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * The API of Alice and Bob, each answered from the token sent. Bob's answers wait for `bobGate`;
 * `ended` tokens get 401 with the session-ended message.
 */
function twoUsersApi(
  bobGate: Promise<void>,
  ended = new Set<string>(),
  overrides: Record<string, Handler> = {},
) {
  const mine =
    (answer: (account: (typeof accounts)[string], url: URL) => unknown): Handler =>
    async (url, init) => {
      const token = new Headers(init.headers).get('authorization')?.replace('Bearer ', '') ?? '';
      if (ended.has(token)) return json({ success: false, message: SESSION_MESSAGES.sessionEnded }, 401);
      const account = accounts[token];
      if (!account) return json({ success: false, message: 'Authentication required' }, 401);
      if (token === tokens.bob) await bobGate;
      return json(answer(account, url));
    };
  return mockApi({
    [`GET ${api.auth.me.path}`]: mine(({ user }) => ({ success: true, data: { user } })),
    [`GET ${api.bi.health.path}`]: () =>
      json({ status: 'healthy', provider: 'builtin', database: 'ok', bi: 'ok' }),
    [`GET ${api.reports.list.path}`]: mine(({ reports }, url) => ({
      success: true,
      data: reports.filter((r) => r.tier === url.searchParams.get('tier')),
    })),
    [`GET ${api.bi.embedToken.path}`]: mine(({ reports }, url) =>
      tokenResponse('Beta', url.searchParams.get('tier') === 'Beta' ? reports : []),
    ),
    [`GET ${api.bi.refreshQueue.path}`]: mine(() => ({
      success: true,
      data: { jobs: [], pendingUploads: 0 },
    })),
    [`GET ${api.uploads.activity.path}`]: mine(({ uploads }) => ({ success: true, data: uploads })),
    [`POST ${api.auth.logout.path}`]: () => json({ success: true, message: 'Logged out' }),
    [`POST ${api.auth.login.path}`]: async (_url, init) => {
      const { username } = JSON.parse(String(init.body)) as { username: string };
      const token = username === 'bob' ? tokens.bob : tokens.alice;
      return json({ success: true, message: 'ok', data: { token, user: accounts[token]?.user } });
    },
    ...overrides,
  });
}

/**
 * Notes every DOM change after which one of Alice's secrets is in the document, from now (or, with
 * `changesOnly`, from the next change on).
 */
function watchForSecrets({ changesOnly = false } = {}) {
  const seen: string[] = [];
  const check = () => {
    const html = document.documentElement.outerHTML;
    for (const secret of SECRETS) if (html.includes(secret)) seen.push(secret);
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  if (!changesOnly) check();
  return {
    seen,
    stop: () => {
      check();
      observer.disconnect();
    },
  };
}

/** Alice, signed in with stored choices, on her dashboard and then her activity; back on the dashboard. */
async function aliceWorks() {
  window.localStorage.setItem('token', tokens.alice);
  window.localStorage.setItem('dashboard-selected-tier', 'Beta');
  window.localStorage.setItem('dashboard-selected-tab-Beta', '1');
  window.localStorage.setItem('dock-state-Beta', JSON.stringify({ isDocked: true }));
  window.localStorage.setItem('dashboard-sidebar-collapsed', 'true');
  const view = renderRoute('/dashboard');
  expect(await screen.findByRole('tab', { name: 'AliceSecretTab' })).toHaveAttribute('aria-selected', 'true');
  await view.user.click(screen.getByRole('button', { name: 'Activity Logs' }));
  expect((await screen.findAllByText('AliceSecretUpload.csv')).length).toBeGreaterThan(0);
  await view.user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
  await screen.findByRole('tab', { name: 'AliceSecretTab' });
  return view;
}

/** What the page holds of a user: cached answers not public, stored keys of a user, the secrets on screen. */
function leftovers(queryClient: QueryClient) {
  return {
    answers: queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey)
      .filter((key) => key[0] !== 'public'),
    mutations: queryClient.getMutationCache().getAll().length,
    stored: ['token', 'dashboard-selected-tier', 'dashboard-selected-tab-Beta', 'dock-state-Beta'].filter(
      (key) => window.localStorage.getItem(key) !== null,
    ),
    onScreen: SECRETS.filter((secret) => document.documentElement.outerHTML.includes(secret)),
  };
}

const nothingLeft = { answers: [], mutations: 0, stored: [], onScreen: [] };

async function signInAs(view: Awaited<ReturnType<typeof aliceWorks>>, username: string) {
  await view.user.type(await screen.findByLabelText('Username or Email'), username);
  await view.user.type(screen.getByLabelText('Password'), 'secret123');
  await view.user.click(screen.getByRole('button', { name: 'Login' }));
}

/**
 * Bob's dashboard and activity once his answers come, checking none of Alice's came before them;
 * `waiting` is what the dashboard shows while they are held.
 */
async function bobSettles(
  view: Awaited<ReturnType<typeof aliceWorks>>,
  watch: ReturnType<typeof watchForSecrets>,
  bobGate: ReturnType<typeof gate>,
  waiting = 'Loading Beta reports...',
) {
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
  expect(await screen.findByText(waiting)).toBeInTheDocument();
  expect(watch.seen).toEqual([]);
  await act(async () => bobGate.open());
  expect(await screen.findByRole('tab', { name: 'BobOwnTab' })).toHaveAttribute('aria-selected', 'true');
  await view.user.click(screen.getByRole('button', { name: 'Activity Logs' }));
  expect((await screen.findAllByText('BobOwnUpload.csv')).length).toBeGreaterThan(0);
  watch.stop();
  expect(watch.seen).toEqual([]);
  // Bob's answers are cached under his id only.
  const owners = new Set(
    view.queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey[0]),
  );
  expect([...owners].sort()).toEqual(['public', 'user:12'].filter((o) => owners.has(o)).sort());
  expect(owners.has('user:11')).toBe(false);
}

afterEach(() => window.localStorage.clear());

// Each test walks through two users' pages: more than the default 5 s on a busy machine.
describe('no frame of another session', { timeout: 20_000 }, () => {
  it('Logout forgets Alice in place: her answers, her stored choices and her toasts; the device keeps its own', async () => {
    const bobGate = gate();
    let logoutAnswer: (r: Response) => void = () => {};
    twoUsersApi(bobGate.opened, new Set(), {
      [`POST ${api.auth.logout.path}`]: () => new Promise<Response>((resolve) => (logoutAnswer = resolve)),
    });
    const view = await aliceWorks();
    expect(
      view.queryClient.getQueryCache().find({ queryKey: ['user:11', 'reports', 'list', 'Beta'] }),
    ).toBeDefined();

    await view.user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(screen.getByText(MESSAGES.auth.loggedOut)).toBeInTheDocument();
    expect(leftovers(view.queryClient)).toEqual(nothingLeft);
    // The device's own preference stays.
    expect(window.localStorage.getItem('dashboard-sidebar-collapsed')).toBe('true');

    // Bob signs in on the same page, his answers slow: nothing of Alice's is shown meanwhile.
    const watch = watchForSecrets();
    await signInAs(view, 'bob');
    await bobSettles(view, watch, bobGate);

    // The answer to Alice's logout comes last, saying her session has ended: Bob stays signed in.
    await act(async () =>
      logoutAnswer(json({ success: false, message: SESSION_MESSAGES.sessionEnded }, 401)),
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(window.localStorage.getItem('token')).toBe(tokens.bob);
    expect(screen.queryByText(SESSION_MESSAGES.sessionEnded)).not.toBeInTheDocument();
    expect(screen.getAllByText('BobOwnUpload.csv').length).toBeGreaterThan(0);
  });

  it('signing in as someone else, without logging out, forgets the last user first', async () => {
    const bobGate = gate();
    twoUsersApi(bobGate.opened);
    const view = await aliceWorks();
    // A toast naming Alice's report, still on screen.
    await view.user.click(screen.getByRole('button', { name: /Tier/ }));
    await view.user.click(screen.getByRole('option', { name: 'Alpha' }));
    await screen.findByText('Switching to Alpha tier...');
    await act(async () => view.router.navigate('/login'));

    const watch = watchForSecrets();
    await signInAs(view, 'bob');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByText('Switching to Alpha tier...')).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.auth.loginSuccess)).toBeInTheDocument();
    // Alice's tier was forgotten with her: Bob starts on Beta.
    expect(window.localStorage.getItem('dashboard-selected-tier')).toBeNull();
    expect(window.localStorage.getItem('token')).toBe(tokens.bob);
    await bobSettles(view, watch, bobGate);
  });

  it('another tab signing in as someone else forgets the last user here too, name included', async () => {
    const bobGate = gate();
    twoUsersApi(bobGate.opened);
    const view = await aliceWorks();
    // Alice's dashboard is on screen until the other tab's sign-in arrives.
    const watch = watchForSecrets({ changesOnly: true });
    await act(async () => {
      window.localStorage.setItem('token', tokens.bob);
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: tokens.bob }));
    });
    expect(watch.seen).toEqual([]);
    expect(view.queryClient.getQueryCache().findAll({ queryKey: ['user:11'] })).toEqual([]);
    // Until the server confirms Bob, the page waits: not Alice's name, nor her dashboard.
    await bobSettles(view, watch, bobGate, MESSAGES.other.loading);
  });

  it('a session ended elsewhere signs out at once, saying so once; a 401 about something else does not', async () => {
    const ended = new Set<string>();
    const { calls } = twoUsersApi(gate().opened, ended, {
      [`GET ${api.bi.refreshQueue.path}`]: () =>
        json({ success: false, message: 'The Google ID token was not issued for this application' }, 401),
    });
    const view = await aliceWorks();
    // The refresh queue answered a 401 about something else than the session: Alice stays in.
    expect(calls.some((c) => c.path === api.bi.refreshQueue.path)).toBe(true);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('tab', { name: 'AliceSecretTab' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe(tokens.alice);

    // "Log out everywhere" on another device: her next calls answer 401, session ended.
    ended.add(tokens.alice);
    await view.user.click(screen.getByRole('button', { name: /Tier/ }));
    await view.user.click(screen.getByRole('option', { name: 'Alpha' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(SESSION_MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(screen.queryByText('Switching to Alpha tier...')).not.toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText(SESSION_MESSAGES.sessionEnded)).toHaveLength(1);
    expect(leftovers(view.queryClient)).toEqual(nothingLeft);
    expect(window.localStorage.getItem('dashboard-sidebar-collapsed')).toBe('true');
  });
});
