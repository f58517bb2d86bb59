import { type BiSettings, MESSAGES } from '@insightra/contract';
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderRoute } from '../../../test/render';
import { asAdmin } from '../test-utils';

configure({ asyncUtilTimeout: 5000 });

const settings = (overrides: Partial<BiSettings>): BiSettings => ({
  provider: 'powerbi',
  embedMode: 'embed-token',
  rowLevelSecurity: false,
  rlsRoles: [],
  tokenMinutes: 60,
  refreshMinIntervalMin: 180,
  ...overrides,
});

function renderWith(data: BiSettings) {
  asAdmin({
    'GET /api/admin/users': () =>
      json({ success: true, data: [], pagination: { total: 0, page: 1, pageSize: 24 } }),
    'GET /api/admin/bi-settings': () => json({ success: true, data }),
  });
  renderRoute('/admin-dashboard');
}

describe('admin dashboard: Power BI row-level security', () => {
  it('warns that every member sees every row when embed tokens carry no identity', async () => {
    renderWith(settings({}));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.powerBi.noRowLevelSecurity);
    expect(screen.getByText(/every member sees every row of the Power BI dataset/)).toBeInTheDocument();
  });

  it.each([
    ['roles are configured', settings({ rowLevelSecurity: true, rlsRoles: ['Customer'] })],
    ['reports are built in', settings({ provider: 'builtin', rowLevelSecurity: null })],
  ])('says nothing when %s', async (_name, data) => {
    renderWith(data);
    expect(await screen.findByText(MESSAGES.admin.noUsers)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.powerBi.noRowLevelSecurity)).not.toBeInTheDocument();
  });
});
