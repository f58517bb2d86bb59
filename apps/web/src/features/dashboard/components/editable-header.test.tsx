import { MESSAGES } from '@insightra/contract';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn, testUser } from '../../../test/fixtures';
import { json, mockApi, renderRoute } from '../../../test/render';
import { dashboardApi } from '../testing/dashboard-fixtures';
import { validateDashboardHeader } from './editable-header';

// The route's lazy page and its queries can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('dashboard header', () => {
  it('validates: non-empty and under 255 characters', () => {
    expect(validateDashboardHeader('   ')).toBe(MESSAGES.auth.dashboardHeaderEmpty);
    expect(validateDashboardHeader('x'.repeat(256))).toBe(MESSAGES.auth.dashboardHeaderTooLong);
    expect(validateDashboardHeader('x'.repeat(255))).toBeNull();
  });

  it('shows the message and sends nothing for an empty header; saves a valid one', async () => {
    signIn();
    const { calls } = mockApi(
      dashboardApi([], {
        'PUT /api/auth/dashboard-header': async (_url, init) => {
          const { dashboardHeader } = JSON.parse(String(init.body));
          return json({
            success: true,
            message: 'ok',
            data: { user: testUser({ dashboardHeader, dashboard_header: dashboardHeader }) },
          });
        },
      }).handlers,
    );
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Edit dashboard header' }));
    const input = screen.getByLabelText('Dashboard header');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(MESSAGES.auth.dashboardHeaderEmpty).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(input, 'Campus Insights');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Campus Insights' })).toBeInTheDocument();
    expect(screen.getByText('Dashboard header updated successfully')).toBeInTheDocument();
  });

  it.each([
    ['a failure without a message', () => json({ success: false }, 500), MESSAGES.auth.dashboardHeaderFailed],
    [
      'an answer without the user',
      () => json({ success: true, message: 'ok', data: {} }),
      MESSAGES.auth.invalidResponse,
    ],
  ])('says so on %s', async (_name, handler, message) => {
    signIn();
    mockApi(dashboardApi([], { 'PUT /api/auth/dashboard-header': handler }).handlers);
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Edit dashboard header' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says No token found when the stored token is gone', async () => {
    signIn();
    mockApi(dashboardApi([]).handlers);
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Edit dashboard header' }));
    window.localStorage.removeItem('token');
    const form = screen.getByLabelText('Dashboard header').closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.auth.noToken)).toBeInTheDocument();
  });
});
