/*
 * Switching organisation, here or in another tab: the active organisation's name in every member
 * page's header, and no frame of the last organisation's data after a switch.
 */
import { api, ORGANISATION_MESSAGES, type Report, type UploadLog, type User } from '@insightra/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenResponse } from '../features/dashboard/testing/dashboard-fixtures';
import { testToken, testUser } from '../test/fixtures';
import { json, mockApi, renderRoute } from '../test/render';

// The route's lazy pages and their queries can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const acme = { id: 1, name: 'Acme School', role: 'owner' as const };
const beacon = { id: 2, name: 'Beacon College', role: 'viewer' as const };
const inAcme = testUser({ organisation: acme, organisations: [acme, beacon] });
const inBeacon = testUser({ organisation: beacon, organisations: [acme, beacon] });
const tokens = { acme: testToken(inAcme), beacon: testToken(inBeacon) };

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
  originalFileUrl: null,
  rejectedFileUrl: null,
  uploaded_by: { id: 7, name: 'Asha Verma' },
});

const workspaces: Record<string, { user: User; reports: Report[]; uploads: UploadLog[] }> = {
  [tokens.acme]: {
    user: inAcme,
    reports: [report(1, 'AcmeSecretTab')],
    uploads: [upload(1, 'acme-marks.csv')],
  },
  [tokens.beacon]: {
    user: inBeacon,
    reports: [report(2, 'BeaconTab')],
    uploads: [upload(2, 'beacon-marks.csv')],
  },
};

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** The API answering from the organisation the sent token names; Beacon's answers wait for `beaconReady`. */
function organisationsApi(beaconReady: Promise<void>, overrides: Record<string, Handler> = {}) {
  const mine =
    (answer: (w: (typeof workspaces)[string], url: URL) => unknown): Handler =>
    async (url, init) => {
      const token = new Headers(init.headers).get('authorization')?.replace('Bearer ', '') ?? '';
      const workspace = workspaces[token];
      if (!workspace) return json({ success: false, message: 'Authentication required' }, 401);
      if (token === tokens.beacon) await beaconReady;
      return json(answer(workspace, url));
    };
  return mockApi({
    [`GET ${api.auth.me.path}`]: mine(({ user }) => ({ success: true, data: { user } })),
    [`GET ${api.bi.health.path}`]: () =>
      json({ status: 'healthy', provider: 'builtin', database: 'ok', bi: 'ok' }),
    [`GET ${api.reports.list.path}`]: mine(({ reports }, url) => ({
      success: true,
      data: reports.filter((r) => r.tier === url.searchParams.get('tier')),
    })),
    [`GET ${api.bi.embedToken.path}`]: mine(({ reports }) => tokenResponse('Beta', reports)),
    [`GET ${api.bi.refreshQueue.path}`]: mine(() => ({
      success: true,
      data: { jobs: [], pendingUploads: 0 },
    })),
    [`GET ${api.uploads.activity.path}`]: mine(({ uploads }) => ({ success: true, data: uploads })),
    ...overrides,
  });
}

/**
 * Notes every DOM change after which Acme's report tab or upload is in the document although the stored
 * token already names Beacon (the switch is stored before anything renders).
 */
function watchForAcme() {
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    if (window.localStorage.getItem('token') !== tokens.beacon) return;
    const html = document.documentElement.outerHTML;
    for (const secret of ['AcmeSecretTab', 'acme-marks.csv']) if (html.includes(secret)) seen.push(secret);
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  return { seen, stop: () => observer.disconnect() };
}

describe('the organisation switcher', { timeout: 20_000 }, () => {
  it('names the active organisation and lists every one with its role', async () => {
    window.localStorage.setItem('token', tokens.acme);
    organisationsApi(Promise.resolve());
    const { user } = renderRoute('/activity');
    const button = await screen.findByRole('button', { name: /Organisation: Acme School/ });
    expect(button).toHaveTextContent('Acme School');
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Organisations' });
    const acmeItem = within(menu).getByRole('menuitemradio', { name: /Acme School/ });
    expect(acmeItem).toHaveAttribute('aria-checked', 'true');
    expect(acmeItem).toHaveFocus();
    expect(acmeItem).toHaveTextContent('Owner');
    expect(within(menu).getByRole('menuitemradio', { name: /Beacon College/ })).toHaveTextContent('Viewer');
    expect(within(menu).getByRole('menuitem', { name: 'Create organisation' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Members and invitations' })).toHaveAttribute(
      'href',
      '/organisation',
    );
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: /Beacon College/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('switches in two clicks: the new token is stored and nothing of the last organisation shows', async () => {
    let beaconReady: () => void = () => {};
    const ready = new Promise<void>((resolve) => (beaconReady = resolve));
    window.localStorage.setItem('token', tokens.acme);
    window.localStorage.setItem('dashboard-selected-tab-Beta', '1');
    const { calls } = organisationsApi(ready, {
      'POST /api/organisations/2/switch': () =>
        json({ success: true, data: { token: tokens.beacon, user: inBeacon } }),
    });
    const view = renderRoute('/dashboard');
    expect(await screen.findByRole('tab', { name: 'AcmeSecretTab' })).toBeInTheDocument();

    const watch = watchForAcme();
    await view.user.click(screen.getByRole('button', { name: /Organisation: Acme School/ }));
    await view.user.click(screen.getByRole('menuitemradio', { name: /Beacon College/ }));

    await waitFor(() => expect(window.localStorage.getItem('token')).toBe(tokens.beacon));
    expect(window.localStorage.getItem('dashboard-selected-tab-Beta')).toBeNull();
    expect(await screen.findByText(ORGANISATION_MESSAGES.switched('Beacon College'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Organisation: Beacon College/ })).toBeInTheDocument();
    // Beacon's answers are still on their way, and Acme's are gone from the screen and the cache.
    expect(await screen.findByText('Loading Beta reports...')).toBeInTheDocument();
    expect(watch.seen).toEqual([]);
    const cached = view.queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.data !== undefined);
    expect(JSON.stringify(cached.map((q) => q.state.data))).not.toContain('AcmeSecretTab');

    await act(async () => beaconReady());
    expect(await screen.findByRole('tab', { name: 'BeaconTab' })).toBeInTheDocument();
    watch.stop();
    expect(watch.seen).toEqual([]);
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/organisations/2/switch');
    expect(new Headers(sent?.init.headers).get('authorization')).toBe(`Bearer ${tokens.acme}`);
  });

  it('creates an organisation and works in it', async () => {
    const fresh = { id: 3, name: 'Cedar Academy', role: 'owner' as const };
    const inCedar = testUser({ organisation: fresh, organisations: [acme, beacon, fresh], sectorId: null });
    window.localStorage.setItem('token', tokens.acme);
    const { calls } = organisationsApi(Promise.resolve(), {
      [`POST ${api.organisations.create.path}`]: () =>
        json(
          {
            success: true,
            data: {
              organisation: {
                id: 3,
                name: 'Cedar Academy',
                sectorId: null,
                sector: null,
                customerId: 0,
                memberCount: 1,
                createdAt: '2025-03-01T00:00:00.000Z',
              },
            },
          },
          201,
        ),
      'POST /api/organisations/3/switch': () =>
        json({ success: true, data: { token: testToken(inCedar), user: inCedar } }),
    });
    const view = renderRoute('/activity');
    await view.user.click(await screen.findByRole('button', { name: /Organisation: Acme School/ }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Create organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create organisation' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText(ORGANISATION_MESSAGES.nameRequired)).toBeInTheDocument();
    await view.user.type(within(dialog).getByLabelText('Organisation name'), 'Cedar Academy');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // A new organisation has no sector yet: its owner chooses one first.
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/onboarding'));
    expect(await screen.findByText(ORGANISATION_MESSAGES.created)).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.path === api.organisations.create.path)?.init.body));
    expect(body).toEqual({ name: 'Cedar Academy' });
  });
});

describe('following a switch made in another tab', { timeout: 20_000 }, () => {
  it('follows the stored token: the user is read again and the page shows the new organisation only', async () => {
    window.localStorage.setItem('token', tokens.acme);
    const { calls } = organisationsApi(Promise.resolve());
    renderRoute('/activity');
    expect((await screen.findAllByText('acme-marks.csv')).length).toBeGreaterThan(0);

    const watch = watchForAcme();
    // The other tab stores its new token; this one hears of it through the storage event.
    act(() => {
      window.localStorage.setItem('token', tokens.beacon);
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'token', oldValue: tokens.acme, newValue: tokens.beacon }),
      );
    });
    expect((await screen.findAllByText('beacon-marks.csv')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Organisation: Beacon College/ })).toBeInTheDocument();
    watch.stop();
    expect(watch.seen).toEqual([]);
    const me = calls.filter((c) => c.path === api.auth.me.path).at(-1);
    expect(new Headers(me?.init.headers).get('authorization')).toBe(`Bearer ${tokens.beacon}`);
  });

  it("follows the server's 409 and says why the page changed", async () => {
    window.localStorage.setItem('token', tokens.acme);
    let moved = false;
    const sent = (init: RequestInit) => new Headers(init.headers).get('authorization');
    const switchedElsewhere = () =>
      json({ success: false, message: ORGANISATION_MESSAGES.switchedElsewhere }, 409);
    organisationsApi(Promise.resolve(), {
      // Once the session works in Beacon, this tab's Acme token is answered 409, and GET /auth/me gives
      // the session's user with a fresh token.
      [`GET ${api.uploads.activity.path}`]: (_url, init) => {
        if (moved && sent(init) === `Bearer ${tokens.acme}`) return switchedElsewhere();
        const workspace = sent(init) === `Bearer ${tokens.beacon}` ? 'beacon-marks.csv' : 'acme-marks.csv';
        return json({ success: true, data: [upload(workspace.startsWith('beacon') ? 2 : 1, workspace)] });
      },
      [`GET ${api.auth.me.path}`]: (_url, init) =>
        moved
          ? json({ success: true, data: { user: inBeacon, token: tokens.beacon } })
          : json({
              success: true,
              data: { user: sent(init) === `Bearer ${tokens.acme}` ? inAcme : inBeacon },
            }),
    });
    const { user } = renderRoute('/activity');
    expect((await screen.findAllByText('acme-marks.csv')).length).toBeGreaterThan(0);

    moved = true;
    const watch = watchForAcme();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText(ORGANISATION_MESSAGES.switchedElsewhere)).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe(tokens.beacon));
    expect((await screen.findAllByText('beacon-marks.csv')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Organisation: Beacon College/ })).toBeInTheDocument();
    watch.stop();
    expect(watch.seen).toEqual([]);
  });
});
