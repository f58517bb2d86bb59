import { api, MESSAGES } from '@insightra/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { ToastContainer } from '../../components/ui/toast/toast-container';
import { signIn, testToken, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';
import { AdminArea, MemberArea } from './components/route-guard';
import { LoginPage } from './pages/login-page';

function Here({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} at {location.pathname}
      {location.search}
    </p>
  );
}

function Shell() {
  return (
    <>
      <Outlet />
      <ToastContainer />
    </>
  );
}

function renderGuarded(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: Shell,
        children: [
          { path: '/login', Component: LoginPage },
          { path: '/access-denied', element: <Here name="access denied" /> },
          {
            Component: MemberArea,
            children: [
              '/onboarding',
              '/dashboard',
              '/activity',
              '/profile',
              '/organisation',
              '/education',
            ].map((p) => ({
              path: p,
              element: <Here name="member page" />,
            })),
          },
          {
            Component: AdminArea,
            children: [{ path: '/admin-dashboard', element: <Here name="admin page" /> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function signedInAs(user: ReturnType<typeof testUser>) {
  signIn(user);
  mockApi({ [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user } }) });
}

describe('route guard (docs/PRODUCT.md#route-guard)', () => {
  it("shows 'Loading...' while the session resolves", async () => {
    signIn(testUser());
    mockApi({ [`GET ${api.auth.me.path}`]: () => new Promise<Response>(() => {}) });
    renderGuarded('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.other.loading);
    expect(screen.queryByText(/member page/)).not.toBeInTheDocument();
  });

  it('sends a visitor to /login and back to the remembered location after login', async () => {
    const user = testUser();
    mockApi({
      [`POST ${api.auth.login.path}`]: () =>
        json({ success: true, message: 'Login successful', data: { token: testToken(user), user } }),
      [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user } }),
    });
    const router = renderGuarded('/activity?page=2');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Username or Email'), 'asha');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('member page at /activity?page=2')).toBeInTheDocument();
  });

  it('goes to /dashboard after login when nothing was remembered', async () => {
    const user = testUser();
    mockApi({
      [`POST ${api.auth.login.path}`]: () =>
        json({ success: true, message: 'Login successful', data: { token: testToken(user), user } }),
    });
    renderGuarded('/login');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Username or Email'), 'asha');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('member page at /dashboard')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.auth.loginSuccess)).toBeInTheDocument();
  });

  it('sends a signed-in user without a sector to /onboarding', async () => {
    signedInAs(testUser({ sectorId: null }));
    for (const path of ['/dashboard', '/profile', '/education']) {
      const router = renderGuarded(path);
      expect(await screen.findByText('member page at /onboarding')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/onboarding');
      document.body.innerHTML = '';
    }
  });

  it('sends a member with no organisation to /onboarding, whatever the sector', async () => {
    signedInAs(testUser({ sectorId: 3, organisation: null, organisations: [] }));
    for (const path of ['/dashboard', '/organisation', '/activity']) {
      const router = renderGuarded(path);
      expect(await screen.findByText('member page at /onboarding')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/onboarding');
      document.body.innerHTML = '';
    }
  });

  it("lets a member whose organisation has no sector yet see the organisation's page", async () => {
    signedInAs(testUser({ sectorId: null }));
    renderGuarded('/organisation');
    expect(await screen.findByText('member page at /organisation')).toBeInTheDocument();
  });

  it('sends a user who has a sector from /onboarding to /dashboard', async () => {
    signedInAs(testUser({ sectorId: 3 }));
    renderGuarded('/onboarding');
    expect(await screen.findByText('member page at /dashboard')).toBeInTheDocument();
  });

  it('sends a member on an admin page to /access-denied', async () => {
    signedInAs(testUser({ role: 'member' }));
    renderGuarded('/admin-dashboard');
    expect(await screen.findByText('access denied at /access-denied')).toBeInTheDocument();
  });

  it('lets an administrator without a sector reach the admin pages', async () => {
    signedInAs(testUser({ role: 'admin', sectorId: null }));
    renderGuarded('/admin-dashboard');
    expect(await screen.findByText('admin page at /admin-dashboard')).toBeInTheDocument();
  });

  it('sends a visitor on an admin page to /login', async () => {
    mockApi({});
    renderGuarded('/admin-dashboard');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('logs out and sends to /login when the server refuses the stored token', async () => {
    signIn(testUser());
    mockApi({ [`GET ${api.auth.me.path}`]: () => json({ success: false, message: 'Invalid token' }, 401) });
    renderGuarded('/activity');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('the header for a signed-in user', () => {
  it('shows Dashboard and a user menu with Profile, Report Issue and Logout', async () => {
    signedInAs(testUser({ fullName: 'Asha Verma' }));
    const { user } = renderRoute('/access-denied');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const menuButton = await screen.findByRole('button', { name: 'Account menu for Asha Verma' });
    expect(nav).toContainElement(menuButton);
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute('href', '/dashboard');
    await user.click(menuButton);
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Report Issue' })).toHaveAttribute('href', '/report-issue');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText(MESSAGES.auth.loggedOut)).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('shows Login to a visitor and hides the navigation bar on the member routes', async () => {
    mockApi({});
    renderRoute('/access-denied');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav.querySelector('a[href="/login"]')).not.toBeNull();
    document.body.innerHTML = '';
    signedInAs(testUser());
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
