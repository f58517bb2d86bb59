/*
 * `/dashboard?report={id}`, the link of a subscription e-mail: it opens that tab of the active
 * organisation once, or says politely that the organisation has no such report.
 */
import { api, MESSAGES, type Report, type User } from '@insightra/contract';
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn, testToken, testUser } from '../../../test/fixtures';
import { json, mockApi, renderRoute } from '../../../test/render';
import { dashboardApi } from '../testing/dashboard-fixtures';

// The route's lazy page and its queries can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const reports: Report[] = [
  { id: 1, tier: 'Beta', report_type: 'Grades', report_uuid: 'uuid-1' },
  { id: 2, tier: 'Alpha', report_type: 'Scores', report_uuid: 'uuid-2' },
  { id: 3, tier: 'Alpha', report_type: 'Attendance', report_uuid: 'uuid-3' },
  { id: 4, tier: 'Alpha+', report_type: 'Forecast', report_uuid: 'uuid-4' },
];

const acme = { id: 1, name: 'Acme School', role: 'owner' as const };
const beacon = { id: 2, name: 'Beacon College', role: 'owner' as const };
const inAcme = testUser({ organisation: acme, organisations: [acme, beacon] });
const inBeacon = testUser({ organisation: beacon, organisations: [acme, beacon] });

type Handlers = Record<string, (url: URL, init: RequestInit) => Response | Promise<Response>>;

const tierButton = () => screen.getByRole('button', { name: /Tier/ });

describe('a link to a report tab', () => {
  it('opens the tab in its tier, remembered as if clicked, and leaves the address', async () => {
    signIn();
    mockApi(dashboardApi(reports).handlers);
    const { router } = renderRoute('/dashboard?report=3');
    expect(await screen.findByRole('tab', { name: 'Attendance' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Scores' })).toHaveAttribute('aria-selected', 'false');
    expect(tierButton()).toHaveTextContent('Alpha');
    expect(screen.getByTitle('Attendance report')).toHaveAttribute('src', '/embed/uuid-3?report=3');
    expect(window.localStorage.getItem('dashboard-selected-tier')).toBe('Alpha');
    expect(window.localStorage.getItem('dashboard-selected-tab-Alpha')).toBe('3');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText(MESSAGES.dashboard.linkedReportUnavailable)).not.toBeInTheDocument();
  });

  it('leaves tabs and tiers to the user afterwards', async () => {
    signIn();
    mockApi(dashboardApi(reports).handlers);
    const { user } = renderRoute('/dashboard?report=4');
    expect(await screen.findByRole('tab', { name: 'Forecast' })).toHaveAttribute('aria-selected', 'true');

    await user.click(tierButton());
    await user.click(screen.getByRole('option', { name: 'Alpha' }));
    expect(await screen.findByRole('tab', { name: 'Scores' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Attendance' }));
    expect(screen.getByRole('tab', { name: 'Attendance' })).toHaveAttribute('aria-selected', 'true');
    expect(window.localStorage.getItem('dashboard-selected-tier')).toBe('Alpha');
    expect(window.localStorage.getItem('dashboard-selected-tab-Alpha')).toBe('3');
  });

  it.each([
    ['a deleted report or another organisation’s', '99'],
    ['not a number', 'grades'],
  ])('opens the dashboard as usual with a polite notice for an id that is %s', async (_name, id) => {
    signIn();
    window.localStorage.setItem('dashboard-selected-tier', 'Alpha');
    mockApi(dashboardApi(reports).handlers);
    const { router } = renderRoute(`/dashboard?report=${id}`);
    const notice = await screen.findByText(MESSAGES.dashboard.linkedReportUnavailable);
    expect(notice.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(await screen.findByRole('tab', { name: 'Scores' })).toHaveAttribute('aria-selected', 'true');
    expect(tierButton()).toHaveTextContent('Alpha');
    expect(router.state.location.search).toBe('');
  });

  it('brings a signed-out visitor through sign-in to the linked tab', async () => {
    const member = testUser();
    mockApi({
      ...dashboardApi(reports).handlers,
      [`POST ${api.auth.login.path}`]: () =>
        json({
          success: true,
          message: 'Login successful',
          data: { token: testToken(member), user: member },
        }),
    });
    const { router, user } = renderRoute('/dashboard?report=3');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await user.type(screen.getByLabelText('Username or Email'), 'asha');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('tab', { name: 'Attendance' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('opens the linked tab after onboarding, for a member whose organisation has no sector yet', async () => {
    const withoutSector = testUser({ sectorId: null });
    const withSector = testUser({ sectorId: 1 });
    let current = withoutSector;
    signIn(withoutSector);
    const education = { id: 1, sector_id: 1, name: 'Education', sector_name: 'Education', slug: 'education' };
    mockApi({
      ...dashboardApi(reports).handlers,
      'GET /api/auth/me': () => json({ success: true, data: { user: current } }),
      [`GET ${api.sectors.list.path}`]: () => json({ success: true, data: { sectors: [education] } }),
      [`PATCH ${api.sectors.setMine.path}`]: () => {
        current = withSector;
        return json({
          success: true,
          message: 'Sector saved',
          data: { user: withSector, token: testToken(withSector) },
        });
      },
    });
    const { router, user } = renderRoute('/dashboard?report=3');
    await user.click(await screen.findByRole('button', { name: /Industry sector/ }));
    await user.click(screen.getByRole('option', { name: 'Education' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('tab', { name: 'Attendance' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('is not followed in the organisation switched to while it opens', async () => {
    signIn(inAcme);
    const beaconToken = testToken(inBeacon);
    const me = (user: User) => () => json({ success: true, data: { user } });
    const acmeApi: Handlers = { ...dashboardApi(reports).handlers, 'GET /api/auth/me': me(inAcme) };
    const beaconApi: Handlers = {
      ...dashboardApi([{ id: 10, tier: 'Beta', report_type: 'Admissions', report_uuid: 'uuid-10' }]).handlers,
      'GET /api/auth/me': me(inBeacon),
    };
    const byToken =
      (key: string): Handlers[string] =>
      (url, init) => {
        if (new Headers(init.headers).get('authorization') === `Bearer ${beaconToken}`) {
          return beaconApi[key]!(url, init);
        }
        // Acme's Alpha+ tabs do not arrive: the link is still opening when the user switches.
        if (url.searchParams.get('tier') === 'Alpha+') return new Promise<Response>(() => {});
        return acmeApi[key]!(url, init);
      };
    mockApi({
      ...Object.fromEntries(Object.keys(acmeApi).map((key) => [key, byToken(key)])),
      'POST /api/organisations/2/switch': () =>
        json({ success: true, data: { token: beaconToken, user: inBeacon } }),
    });
    const { router, user } = renderRoute('/dashboard?report=3');
    expect(await screen.findByText('Opening the linked report...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Organisation: Acme School/ }));
    await user.click(screen.getByRole('menuitemradio', { name: /Beacon College/ }));

    expect(await screen.findByRole('tab', { name: 'Admissions' })).toHaveAttribute('aria-selected', 'true');
    expect(tierButton()).toHaveTextContent('Beta');
    expect(screen.queryByText(MESSAGES.dashboard.linkedReportUnavailable)).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
