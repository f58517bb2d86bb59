import { MESSAGES } from '@insightra/contract';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testSubscription } from '../../../test/fixtures';
import { json, renderRoute } from '../../../test/render';
import { asAdmin } from '../test-utils';

configure({ asyncUtilTimeout: 5000 });

const noUsers = () => json({ success: true, data: [], pagination: { total: 0, page: 1, pageSize: 24 } });

describe('admin dashboard: failing subscriptions', () => {
  it('lists each failing subscription with its organisation, report and last error', async () => {
    const { calls } = asAdmin({
      'GET /api/admin/users': noUsers,
      'GET /api/admin/subscriptions': () =>
        json({
          success: true,
          data: {
            subscriptions: [
              {
                ...testSubscription({ lastError: 'Mailbox unavailable' }),
                organisation: { id: 5, name: 'Acme School' },
              },
            ],
          },
        }),
    });
    renderRoute('/admin-dashboard');
    const section = await screen.findByRole('region', { name: 'Failing subscriptions (1)' });
    expect(within(section).getByRole('link', { name: 'Acme School' })).toHaveAttribute(
      'href',
      '/admin-dashboard/organisations/5',
    );
    expect(within(section).getByText('Grades')).toBeInTheDocument();
    expect(within(section).getByText('Mailbox unavailable')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/subscriptions')).toBeDefined();
  });

  it('says nothing when none fails', async () => {
    asAdmin({
      'GET /api/admin/users': noUsers,
      'GET /api/admin/subscriptions': () => json({ success: true, data: { subscriptions: [] } }),
    });
    renderRoute('/admin-dashboard');
    expect(await screen.findByText(MESSAGES.admin.noUsers)).toBeInTheDocument();
    expect(screen.queryByText(/Failing subscriptions/)).not.toBeInTheDocument();
  });
});
