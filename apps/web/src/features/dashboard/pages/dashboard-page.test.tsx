import {
  MESSAGES,
  type Report,
  reportTemplatesFor,
  sectorDeclaration,
  sectorOverview,
} from '@insightra/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn, testUser } from '../../../test/fixtures';
import { json, mockApi, renderRoute } from '../../../test/render';
import { dashboardApi } from '../testing/dashboard-fixtures';

// The route's lazy page and its queries can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const beta1: Report = { id: 1, tier: 'Beta', report_type: 'Grades', report_uuid: 'uuid-1' };
const beta2: Report = { id: 2, tier: 'Beta', report_type: 'Submissions', report_uuid: 'uuid-2' };
const alpha1: Report = { id: 3, tier: 'Alpha', report_type: 'Scores', report_uuid: 'uuid-3' };

describe('DashboardPage', () => {
  it('shows the tier’s tabs with the selected report in the frame, and keeps the tab per tier', async () => {
    signIn();
    mockApi(dashboardApi([beta1, beta2, alpha1]).handlers);
    const { user } = renderRoute('/dashboard');
    const tab = await screen.findByRole('tab', { name: 'Grades' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTitle('Grades report')).toHaveAttribute('src', '/embed/uuid-1?report=1');

    await user.click(screen.getByRole('tab', { name: 'Submissions' }));
    expect(screen.getByTitle('Submissions report')).toHaveAttribute('src', '/embed/uuid-2?report=2');
    expect(window.localStorage.getItem('dashboard-selected-tab-Beta')).toBe('2');

    // Switch to Alpha with the keyboard-accessible listbox, then back: Beta's selection is kept.
    await user.click(screen.getByRole('button', { name: /Tier/ }));
    await user.click(screen.getByRole('option', { name: 'Alpha' }));
    expect(await screen.findByRole('tab', { name: 'Scores' })).toBeInTheDocument();
    expect(window.localStorage.getItem('dashboard-selected-tier')).toBe('Alpha');
    expect(await screen.findByText('Switching to Alpha tier...')).toBeInTheDocument();
    expect(await screen.findByText('Alpha reports loaded')).toBeInTheDocument();

    const tierButton = screen.getByRole('button', { name: /Tier/ });
    tierButton.focus();
    await user.keyboard('{ArrowDown}{Home}{Enter}');
    expect(await screen.findByRole('tab', { name: 'Submissions' })).toHaveAttribute('aria-selected', 'true');
  });

  it('remembers the tier across visits', async () => {
    signIn();
    window.localStorage.setItem('dashboard-selected-tier', 'Alpha');
    mockApi(dashboardApi([beta1, alpha1]).handlers);
    renderRoute('/dashboard');
    expect(await screen.findByRole('tab', { name: 'Scores' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Tier/ })).toHaveTextContent('Alpha');
  });

  it('shows the empty state with a create button, and adds a report only with both fields', async () => {
    signIn();
    const api = dashboardApi([], {
      'POST /api/reports': async (_url, init) => {
        const body = JSON.parse(String(init.body));
        const report = { id: 9, ...body };
        api.list.push(report);
        return json({ success: true, message: 'ok', data: report }, 201);
      },
    });
    const { calls } = mockApi(api.handlers);
    const { user } = renderRoute('/dashboard');
    expect(await screen.findByText(MESSAGES.dashboard.noReports)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Report' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Report name'), 'Only a name');
    await user.click(within(dialog).getByRole('button', { name: 'Add Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Report name and report UUID are both required',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The built-in templates of the member's sector that the tier offers are a picker that fills both
    // fields (Score Distribution is an Alpha and Alpha+ template).
    expect(within(dialog).queryByRole('button', { name: /Score Distribution/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Project Submission Status/ }));
    expect(within(dialog).getByLabelText('Report name')).toHaveValue('Project Submission Status');
    await user.click(within(dialog).getByRole('button', { name: 'Add Report' }));
    expect(await screen.findByRole('tab', { name: 'Project Submission Status' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({
      tier: 'Beta',
      report_type: 'Project Submission Status',
      report_uuid: '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c02',
    });
  });

  it('offers a hotel member their sector’s templates of the tier', async () => {
    const hotelier = testUser({ sectorId: 6, sector: { id: 6, name: 'Hotels' } });
    signIn(hotelier);
    mockApi(
      dashboardApi([], { 'GET /api/auth/me': () => json({ success: true, data: { user: hotelier } }) })
        .handlers,
    );
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Create Report' }));
    const dialog = await screen.findByRole('dialog');
    const offered = within(within(dialog).getByRole('group', { name: 'Built-in reports' }))
      .getAllByRole('button')
      .map((b) => b.querySelector('span')?.textContent);
    const hotels = reportTemplatesFor('Hotels');
    expect(offered).toEqual(hotels.filter((t) => t.tiers.includes('Beta')).map((t) => t.name));
    expect(offered.length).toBeLessThan(hotels.length);
    expect(within(dialog).queryByRole('button', { name: /Grades by Gender/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Hotel Performance Overview/ }));
    expect(within(dialog).getByLabelText('Report UUID')).toHaveValue(
      sectorOverview(sectorDeclaration('hotels')).uuid,
    );
  });

  it('says Failed to create report when the server refuses', async () => {
    signIn();
    mockApi(dashboardApi([], { 'POST /api/reports': () => json({ success: false }, 500) }).handlers);
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Create Report' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Report name'), 'Mine');
    await user.type(within(dialog).getByLabelText('Report UUID'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Add Report' }));
    expect(await screen.findByText(MESSAGES.data.createReportFailed)).toBeInTheDocument();
  });

  it('deletes a tab after confirmation and forgets it as the selected tab', async () => {
    signIn();
    window.localStorage.setItem('dashboard-selected-tab-Beta', '2');
    const api = dashboardApi([beta1, beta2], {
      'DELETE /api/reports/2': () => {
        api.list.splice(1, 1);
        return json({ success: true, message: 'deleted' });
      },
    });
    mockApi(api.handlers);
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Delete report Submissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('tab', { name: 'Submissions' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete report Submissions' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Report "Submissions" deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Submissions' })).not.toBeInTheDocument());
    expect(window.localStorage.getItem('dashboard-selected-tab-Beta')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Grades' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says Failed to delete report when deleting fails', async () => {
    signIn();
    mockApi(dashboardApi([beta1], { 'DELETE /api/reports/1': () => json({ success: false }, 500) }).handlers);
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Delete report Grades' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.data.deleteReportFailed)).toBeInTheDocument();
  });

  it('shows the error view when the server is unhealthy, and says so again on a failed retry', async () => {
    signIn();
    mockApi(
      dashboardApi([beta1], { 'GET /api/powerbi/health': () => json({ status: 'unhealthy' }, 503) }).handlers,
    );
    const { user } = renderRoute('/dashboard');
    expect(await screen.findByText(MESSAGES.dashboard.backendUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Visuals' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Retry Connection' }));
    expect(await screen.findByText(MESSAGES.dashboard.stillUnavailable)).toBeInTheDocument();
  });

  it.each([
    [
      'no answer',
      () => Promise.reject(new TypeError('Failed to fetch')),
      MESSAGES.dashboard.serverNotRunning,
    ],
    ['not JSON', () => new Response('<html>', { status: 200 }), MESSAGES.dashboard.powerBiUnavailable],
    ['an error', () => json({ success: false, message: 'boom' }, 502), 'API Error: 502 - boom'],
  ])('explains a token call with %s', async (_name, handler, message) => {
    signIn();
    mockApi(dashboardApi([beta1], { 'GET /api/powerbi/get-powerbi-token': handler as never }).handlers);
    renderRoute('/dashboard');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows when data was last refreshed and when the next refresh may start, when refresh is cooling down', async () => {
    signIn();
    const cooldown = MESSAGES.powerBi.refreshCooldown('2026-11-23 09:00 UTC', '2026-11-23 12:00 UTC');
    const { calls } = mockApi(
      dashboardApi([beta1], {
        'POST /api/powerbi/api/refresh-powerbi': () =>
          new Response(JSON.stringify({ success: false, message: cooldown }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '10800' },
          }),
      }).handlers,
    );
    const { user } = renderRoute('/dashboard');
    await screen.findByRole('tab', { name: 'Grades' });
    await user.click(screen.getByRole('button', { name: 'Refresh Visuals' }));
    expect(await screen.findByText(MESSAGES.dashboard.refreshFailed(cooldown))).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says Failed to load reports when the list cannot be read', async () => {
    signIn();
    mockApi(dashboardApi([], { 'GET /api/reports': () => json({ success: false }, 500) }).handlers);
    renderRoute('/dashboard');
    expect((await screen.findAllByText(MESSAGES.data.loadReportsFailed)).length).toBeGreaterThan(0);
  });

  it('collapses the sidebar and keeps it collapsed', async () => {
    signIn();
    mockApi(dashboardApi([beta1]).handlers);
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByTestId('dashboard-sidebar')).toHaveAttribute('data-collapsed', 'true');
    expect(window.localStorage.getItem('dashboard-sidebar-collapsed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Healthcare' })).toHaveAttribute('href', '/healthcare');
  });
});
