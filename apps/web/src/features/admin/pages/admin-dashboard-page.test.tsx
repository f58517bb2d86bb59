import { MESSAGES } from '@insightra/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, renderRoute } from '../../../test/render';
import { asAdmin, deferred, summary } from '../test-utils';

const page = (data: unknown[], total = data.length, pageNo = 1) =>
  json({ success: true, data, pagination: { total, page: pageNo, pageSize: 24 } });

describe('admin dashboard: users', () => {
  it('shows the title, skeletons while loading, then the cards', async () => {
    const pending = deferred();
    asAdmin({ 'GET /api/admin/users': () => pending.promise });
    renderRoute('/admin-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage users and their reports')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search users by full name...')).toBeInTheDocument();
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    pending.resolve(
      page([
        summary({ id: 1, full_name: 'Priya Sharma', username: 'priya' }),
        summary({ id: 2, full_name: null, username: 'ravi_k' }),
        summary({ id: 3, full_name: '  ', username: '' }),
      ]),
    );
    const list = await screen.findByRole('list', { name: 'Users' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole('heading', { name: 'Priya Sharma' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('@priya')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('heading', { name: 'ravi_k' })).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('heading', { name: MESSAGES.admin.unnamedUser })).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: /More Details/ })).toHaveAttribute(
      'href',
      '/admin-dashboard/users/1',
    );
    expect(screen.queryByText('Loading users...')).not.toBeInTheDocument();
  });

  it('searches on the server with the trimmed term after typing stops, and says when none match', async () => {
    const api = asAdmin({
      'GET /api/admin/users': (url) =>
        url.searchParams.get('q') === 'ZOYA q'
          ? page([summary({ id: 5, full_name: 'Zoya Quintessa Rao' })])
          : url.searchParams.get('q')
            ? page([])
            : page([summary({ id: 1 })]),
    });
    const { router } = renderRoute('/admin-dashboard');
    await screen.findByRole('list', { name: 'Users' });
    const box = screen.getByRole('searchbox', { name: 'Search users by full name' });
    // Keystrokes in quick succession (synchronous, so well inside the debounce on any machine).
    for (const value of [' ', '  Z', '  ZO', '  ZOYA', '  ZOYA q', '  ZOYA q  '])
      fireEvent.change(box, { target: { value } });
    expect(
      await screen.findByRole('heading', { name: 'Zoya Quintessa Rao' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    const searches = api.calls.filter((c) => c.path === '/api/admin/users');
    // One request for the list and one for the settled term: typing is debounced.
    expect(searches).toHaveLength(2);
    expect(router.state.location.search).toBe('?q=ZOYA+q');

    fireEvent.change(box, { target: { value: 'nobody' } });
    expect(await screen.findByText(MESSAGES.admin.noUsers, undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it('pages through users with Next and Previous', async () => {
    asAdmin({
      'GET /api/admin/users': (url) => {
        const n = Number(url.searchParams.get('page') ?? 1);
        return page([summary({ id: n, full_name: `Person on page ${n}` })], 30, n);
      },
    });
    const { user, router } = renderRoute('/admin-dashboard');
    expect(await screen.findByText('Person on page 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–24 of 30 users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Person on page 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("says 'Failed to load users' when the list cannot load", async () => {
    asAdmin({ 'GET /api/admin/users': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoute('/admin-dashboard');
    expect(await screen.findAllByText(MESSAGES.admin.loadUsersFailed)).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('admin dashboard: issue reports', () => {
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  beforeEach(() => {
    URL.createObjectURL = () => 'blob:http://localhost/shot';
    URL.revokeObjectURL = () => {};
  });
  afterEach(() => {
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
  });

  const issue = {
    id: 4,
    kind: 'issue',
    name: 'Asha Rao',
    email: 'asha@example.com',
    subject: 'Chart is blank',
    issueType: 'Bug',
    issueTypeOther: null,
    status: 'open',
    hasScreenshot: true,
    created_at: '2026-03-01T10:00:00.000Z',
  };

  it('lists reports, opens one with its screenshot fetched with the bearer header, and resolves it', async () => {
    let status = 'open';
    const api = asAdmin({
      'GET /api/admin/users': () => page([]),
      'GET /api/admin/issues': () =>
        json({
          success: true,
          data: [{ ...issue, status }],
          pagination: { total: 1, page: 1, pageSize: 20 },
        }),
      'GET /api/admin/issues/4': () =>
        json({
          success: true,
          data: {
            ...issue,
            status,
            description: 'Nothing draws after upload',
            screenshotUrl: '/api/admin/issues/4/screenshot',
          },
        }),
      'GET /api/admin/issues/4/screenshot': () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } }),
      'PATCH /api/admin/issues/4': (_url, init) => {
        status = JSON.parse(String(init.body)).status;
        return json({ success: true, message: 'Issue marked as resolved', data: { ...issue, status } });
      },
    });
    const { user } = renderRoute('/admin-dashboard');
    await user.click(await screen.findByRole('tab', { name: 'Issue reports' }));
    const row = await screen.findByRole('button', { name: /Chart is blank/ });
    expect(within(row).getByText('Open')).toBeInTheDocument();
    await user.click(row);

    const dialog = await screen.findByRole('dialog', { name: 'Chart is blank' });
    expect(await within(dialog).findByText('Nothing draws after upload')).toBeInTheDocument();
    const img = await within(dialog).findByRole('img', { name: /Screenshot/ });
    expect(img).toHaveAttribute('src', 'blob:http://localhost/shot');
    const shotCall = api.calls.find((c) => c.path === '/api/admin/issues/4/screenshot');
    expect(new Headers(shotCall?.init.headers).get('authorization')).toMatch(/^Bearer /);

    await user.click(within(dialog).getByRole('button', { name: 'Mark as resolved' }));
    expect(await within(dialog).findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(await screen.findByText('Issue marked as resolved')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back to inbox' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(await screen.findByRole('button', { name: /Chart is blank/ })).findByText('Resolved'),
    ).toBeInTheDocument();
  });

  it('filters by status', async () => {
    const asked: (string | null)[] = [];
    asAdmin({
      'GET /api/admin/issues': (url) => {
        asked.push(url.searchParams.get('status'));
        return json({ success: true, data: [], pagination: { total: 0, page: 1, pageSize: 20 } });
      },
    });
    const { user } = renderRoute('/admin-dashboard?tab=issues');
    expect(await screen.findByText('No issue reports yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    expect(await screen.findByText('No resolved issue reports')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resolved' })).toHaveAttribute('aria-pressed', 'true');
    expect(asked).toEqual([null, 'resolved']);
  });
});
