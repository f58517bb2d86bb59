import { MESSAGES } from '@insightra/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderRoute } from '../../../test/render';
import { asAdmin, details, noReports, report } from '../test-utils';

describe('user details page', () => {
  it('shows the details card, NA for empty fields, and the three tier columns with counts', async () => {
    asAdmin({
      'GET /api/admin/users/11': () =>
        json({
          success: true,
          data: {
            user: details({ location: null, mobile_number: '', sector_name: null, sector_id: null }),
            reports: {
              ...noReports(),
              Beta: [report(1, 'Beta', 'Overview'), report(2, 'Beta', 'Grades')],
              Alpha: [report(3, 'Alpha', 'Sales')],
            },
          },
        }),
    });
    renderRoute('/admin-dashboard/users/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'User details' });
    const value = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(value('Username')).toBe('priya');
    expect(value('Email')).toBe('priya@example.com');
    expect(value('Location')).toBe('NA');
    expect(value('Mobile')).toBe('NA');
    expect(value('Full Name')).toBe('Priya Sharma');
    expect(value('User ID')).toBe('11');
    expect(value('Sector')).toBe('NA');

    const beta = screen.getByRole('region', { name: 'Beta' });
    expect(within(beta).getByText('2')).toBeInTheDocument();
    expect(within(beta).getByText('Overview')).toBeInTheDocument();
    expect(within(beta).getByText('Grades')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Alpha' })).getByText('Sales')).toBeInTheDocument();
    const alphaPlus = screen.getByRole('region', { name: 'Alpha+' });
    expect(within(alphaPlus).getByText('0')).toBeInTheDocument();
    expect(within(alphaPlus).getByText(MESSAGES.admin.noReports)).toBeInTheDocument();
  });

  it("lists the user's organisations with their role, each linking to its page", async () => {
    asAdmin({
      'GET /api/admin/users/11': () =>
        json({
          success: true,
          data: {
            user: details({
              organisations: [
                { id: 5, name: 'Acme School', role: 'owner' },
                { id: 6, name: 'Bright Motors', role: 'viewer' },
              ],
            }),
            reports: noReports(),
          },
        }),
    });
    renderRoute('/admin-dashboard/users/11');
    const section = await screen.findByRole('region', { name: 'Organisations' });
    const [acme, bright] = within(section).getAllByRole('listitem');
    expect(within(acme!).getByRole('link', { name: 'Acme School' })).toHaveAttribute(
      'href',
      '/admin-dashboard/organisations/5',
    );
    expect(within(acme!).getByText('Owner')).toBeInTheDocument();
    expect(within(bright!).getByRole('link', { name: 'Bright Motors' })).toHaveAttribute(
      'href',
      '/admin-dashboard/organisations/6',
    );
    expect(within(bright!).getByText('Viewer')).toBeInTheDocument();
  });

  it('says when the user belongs to no organisation', async () => {
    asAdmin({
      'GET /api/admin/users/11': () =>
        json({ success: true, data: { user: details({ organisations: [] }), reports: noReports() } }),
    });
    renderRoute('/admin-dashboard/users/11');
    const section = await screen.findByRole('region', { name: 'Organisations' });
    expect(within(section).getByText('Not a member of any organisation')).toBeInTheDocument();
  });

  it("says 'Failed to load user details' when the user cannot be loaded", async () => {
    asAdmin({
      'GET /api/admin/users/404': () => json({ success: false, message: 'User not found' }, 404),
    });
    renderRoute('/admin-dashboard/users/404');
    const alert = await screen.findByText(MESSAGES.data.loadUserDetailsFailed);
    expect(alert).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Report' })).toBeDisabled();
    // The error toast carries the server's message (docs/PRODUCT.md#user-details: the server message, else 'Failed to load user').
    expect(
      await within(screen.getByTestId('toast-container')).findByText('User not found'),
    ).toBeInTheDocument();
  });

  it('does not ask the server about a path that is not a user id', async () => {
    const api = asAdmin({});
    renderRoute('/admin-dashboard/users/abc');
    expect(await screen.findByText(MESSAGES.data.loadUserDetailsFailed)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(false);
  });

  it('offers a retry after a server error', async () => {
    let calls = 0;
    asAdmin({
      'GET /api/admin/users/11': () => {
        calls += 1;
        return calls === 1
          ? json({ success: false, message: 'Internal server error' }, 500)
          : json({ success: true, data: { user: details(), reports: noReports() } });
      },
    });
    const { user } = renderRoute('/admin-dashboard/users/11');
    await screen.findByText(MESSAGES.data.loadUserDetailsFailed);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeInTheDocument();
  });
});
