import { api, MESSAGES } from '@insightra/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn, testToken, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';
import { formatIndiaDateTime } from './format';

const SECTOR = { id: 1, sector_id: 1, name: 'Education', sector_name: 'Education', slug: 'education' };

function setup(
  handlers: Record<string, (url: URL, init: RequestInit) => Response | Promise<Response>> = {},
  overrides = {},
) {
  const user = testUser(overrides);
  signIn(user);
  const api_ = mockApi({
    [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user } }),
    'GET /api/sectors/1': () => json({ success: true, data: { sector: SECTOR } }),
    [`GET ${api.uploads.activity.path}`]: () =>
      json({
        success: true,
        data: [
          {
            id: 2,
            file_name: 'marks-2025.csv',
            total_processed: 10,
            total_accepted: 9,
            total_failed: 1,
            success_rate: 90,
            status: 1,
            date: '2025-03-01T06:30:00.000Z',
            originalFileUrl: null,
            rejectedFileUrl: null,
          },
          {
            id: 1,
            file_name: 'old.csv',
            total_processed: 1,
            total_accepted: 1,
            total_failed: 0,
            success_rate: 100,
            status: 1,
            date: '2025-02-01T06:30:00.000Z',
            originalFileUrl: null,
            rejectedFileUrl: null,
          },
        ],
      }),
    ...handlers,
  });
  return { user, ...api_ };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('profile', () => {
  it('shows the five sections with India-time dates and the permissions map', async () => {
    setup();
    renderRoute('/profile');
    expect(await screen.findByRole('region', { name: 'Personal Info' })).toBeInTheDocument();
    for (const name of ['Account Details', 'Authentication', 'Activity', 'Permissions']) {
      expect(section(name)).toBeInTheDocument();
    }
    expect(within(section('Personal Info')).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(section('Account Details')).getByText('asha')).toBeInTheDocument();
    expect(await within(section('Account Details')).findByText('Education')).toBeInTheDocument();
    expect(within(section('Authentication')).getAllByText('Password')).toHaveLength(2);
    expect(within(section('Authentication')).getByText('Set')).toBeInTheDocument();
    const activity = section('Activity');
    // 10:00 UTC is 15:30 in India.
    expect(within(activity).getByText(/15 Jan 2025.*3:30\s*pm IST/i)).toBeInTheDocument();
    expect(await within(activity).findByText('2')).toBeInTheDocument();
    expect(within(activity).getByText(/marks-2025\.csv/)).toBeInTheDocument();
    expect(within(section('Account Details')).getByText('Acme School · Owner')).toBeInTheDocument();
    const perms = section('Permissions');
    expect(within(perms).getByText('View reports')).toBeInTheDocument();
    expect(within(perms).getByText('Manage members and invitations')).toBeInTheDocument();
    expect(within(perms).getAllByText('Yes')).toHaveLength(9);
    expect(within(perms).queryAllByText('No')).toHaveLength(0);
  });

  it('formats by time zone, whatever the browser zone', () => {
    expect(formatIndiaDateTime('2025-12-31T20:00:00.000Z')).toMatch(/1 Jan 2026.*1:30\s*am IST/i);
    expect(formatIndiaDateTime(null)).toBe('—');
  });

  it('edits the full name with the docs/PRODUCT.md#profile messages', async () => {
    const { calls } = setup({
      [`PUT ${api.auth.fullName.path}`]: (_u, init) => {
        const { newFullName } = JSON.parse(String(init.body));
        const updated = testUser({ fullName: newFullName });
        return json({
          success: true,
          message: 'Full name updated successfully',
          data: { user: updated, token: testToken(updated) },
        });
      },
    });
    const { user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit full name' }));
    const input = screen.getByLabelText('Full Name');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(MESSAGES.profile.fullNameEmpty)).toBeInTheDocument();
    await user.type(input, 'A');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(MESSAGES.profile.fullNameTooShort)).toBeInTheDocument();
    await user.type(input, 'nu <script>x</script>');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name updated successfully')).toBeInTheDocument();
    expect(within(section('Personal Info')).getByText('Anu <script>x</script>')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it("shows 'Failed to update full name' or the server's message", async () => {
    setup({
      [`PUT ${api.auth.username.path}`]: () =>
        json({ success: false, message: 'That username is already taken' }, 409),
    });
    globalThis.fetch = (
      (orig) => (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/auth/fullname')
          ? Promise.reject(new TypeError('offline'))
          : orig(input, init)
    )(globalThis.fetch) as typeof fetch;
    const { user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit full name' }));
    await user.type(screen.getByLabelText('Full Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.profile.fullNameFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit username' }));
    await user.clear(screen.getByLabelText('Username'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(MESSAGES.profile.usernameEmpty)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That username is already taken')).toBeInTheDocument();
  });

  it('changes the password with the docs/PRODUCT.md#profile rules, without asking a Google-only user for a current one', async () => {
    const { calls } = setup(
      {
        [`PUT ${api.auth.password.path}`]: () =>
          json({ success: true, message: 'Password updated successfully' }),
      },
      { password: false, providers: ['google'] },
    );
    const { user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Set password' }));
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'abcdef');
    await user.type(screen.getByLabelText('Confirm New Password'), 'abcdeg');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(screen.getByText(MESSAGES.profile.newPasswordsMismatch)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('New Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm New Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(screen.getByText(MESSAGES.profile.newPasswordTooShort)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('New Password'), 'abcdef');
    await user.type(screen.getByLabelText('Confirm New Password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.init.body))).toEqual({
      newPassword: 'abcdef',
    });
  });

  it('asks a user with a password for the current one', async () => {
    setup({
      [`PUT ${api.auth.password.path}`]: () =>
        json({ success: false, message: 'Current password is incorrect' }, 400),
    });
    const { user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    await user.type(screen.getByLabelText('Current Password'), 'wrong1');
    await user.type(screen.getByLabelText('New Password'), 'abcdef');
    await user.type(screen.getByLabelText('Confirm New Password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
  });

  it("says 'Failed to load profile data' and 'Failed to fetch sector data'", async () => {
    setup({ 'GET /api/sectors/1': () => json({ success: false, message: 'x' }, 500) });
    renderRoute('/profile');
    expect(await screen.findByText(MESSAGES.profile.sectorFailed)).toBeInTheDocument();
    document.body.innerHTML = '';
    let first = true;
    setup({
      [`GET ${api.auth.me.path}`]: () => {
        // The session's first check succeeds; the page's own read fails.
        if (first) {
          first = false;
          return json({ success: true, data: { user: testUser() } });
        }
        return json({ success: false, message: 'db down' }, 500);
      },
    });
    renderRoute('/profile');
    expect(await screen.findByText(MESSAGES.profile.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
