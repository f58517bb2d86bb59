import { MESSAGES, ORGANISATION_MESSAGES, type Permission, type Report } from '@insightra/contract';
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACME, signIn, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';
import { dashboardApi } from './testing/dashboard-fixtures';

configure({ asyncUtilTimeout: 5000 });

const grades: Report = { id: 1, tier: 'Beta', report_type: 'Grades', report_uuid: 'uuid-1' };
const viewer = testUser({ organisation: { ...ACME, role: 'viewer' } });
const reason = (permission: Permission) => ORGANISATION_MESSAGES.refused('viewer', permission, 'Acme School');

function asViewer(reports: Report[]) {
  signIn(viewer);
  mockApi(
    dashboardApi(reports, { 'GET /api/auth/me': () => json({ success: true, data: { user: viewer } }) })
      .handlers,
  );
  return renderRoute('/dashboard');
}

describe("a viewer's dashboard", () => {
  it('keeps upload, refresh and report-tab controls disabled, each saying why', async () => {
    asViewer([grades]);
    expect(await screen.findByRole('tab', { name: 'Grades' })).toBeInTheDocument();
    const expected: [string | RegExp, Permission][] = [
      ['Upload File', 'uploads.create'],
      ['Load Data', 'uploads.create'],
      [/Refresh/, 'refresh.start'],
      ['Add Report', 'reports.manage'],
      ['Delete report Grades', 'reports.manage'],
    ];
    for (const [name, permission] of expected) {
      const control = screen.getByRole('button', { name });
      expect(control).toBeDisabled();
      expect(control).toHaveAccessibleDescription(reason(permission));
      expect(control).toHaveAttribute('title', reason(permission));
    }
    expect(reason('uploads.create')).toBe('Viewers cannot upload files in Acme School');
    expect(screen.getByText('Viewer · view only')).toBeInTheDocument();
    // What a viewer may do stays: the tabs, the tier and the organisation switcher.
    expect(screen.getByRole('button', { name: /Tier/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Organisation: Acme School/ })).toBeEnabled();
  });

  it('cannot create the first report tab either', async () => {
    asViewer([]);
    expect(await screen.findByText(MESSAGES.dashboard.noReports)).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create Report' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(reason('reports.manage'));
  });

  it('leaves every control enabled for an editor', async () => {
    const editor = testUser({ organisation: { ...ACME, role: 'editor' } });
    signIn(editor);
    mockApi(
      dashboardApi([grades], { 'GET /api/auth/me': () => json({ success: true, data: { user: editor } }) })
        .handlers,
    );
    renderRoute('/dashboard');
    await screen.findByRole('tab', { name: 'Grades' });
    for (const name of ['Upload File', 'Load Data', 'Add Report', 'Delete report Grades'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.queryByText(/view only/)).not.toBeInTheDocument();
  });
});
