import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, registerUser, setSector, signIn, test } from '../fixtures';

const GRADES_UUID = '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c01';

async function member(request: APIRequestContext) {
  const session = await registerUser(request);
  await setSector(request, session.token, 1);
  return session;
}

async function addReport(
  request: APIRequestContext,
  token: string,
  tier: string,
  name: string,
  uuid: string,
) {
  const res = await request.post('/api/reports', {
    headers: { authorization: `Bearer ${token}` },
    data: { tier, report_type: name, report_uuid: uuid },
  });
  expect(res.status()).toBe(201);
}

async function upload(request: APIRequestContext, token: string, csv: string) {
  const res = await request.post('/api/server/upload-excel', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { excelFile: { name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function openDashboard(page: Page, token: string) {
  await signIn(page, token);
  await page.goto('/dashboard');
  await expect(page.getByText('Server connected')).toBeVisible();
}

test('adds a tab, keeps the selection per tier, deletes with confirmation', async ({ page, request }) => {
  const { token } = await member(request);
  await openDashboard(page, token);
  await expect(page.getByText('No dashboard data available. Try creating a new report.')).toBeVisible();

  await page.getByRole('button', { name: 'Create Report' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /Grades by Gender/ }).click();
  await dialog.getByRole('button', { name: 'Add Report' }).click();
  await expect(page.getByRole('tab', { name: 'Grades by Gender' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Add Report' }).click();
  await dialog.getByLabel('Report name').fill('My Submissions');
  await dialog.getByLabel('Report UUID').fill('6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c02');
  await dialog.getByRole('button', { name: 'Add Report' }).click();
  await expect(page.getByRole('tab', { name: 'My Submissions' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page
      .frameLocator('iframe[title="My Submissions report"]')
      .getByRole('heading', { name: 'Project Submission Status' }),
  ).toBeVisible();

  // Switch to Alpha and back: Beta's selected tab is kept.
  await page.getByRole('button', { name: /Tier/ }).click();
  await page.getByRole('option', { name: 'Alpha', exact: true }).click();
  await expect(page.getByText('Alpha reports loaded')).toBeVisible();
  await expect(page.getByText('No dashboard data available. Try creating a new report.')).toBeVisible();
  await page.getByRole('button', { name: /Tier/ }).click();
  await page.getByRole('option', { name: 'Beta' }).click();
  await expect(page.getByRole('tab', { name: 'My Submissions' })).toHaveAttribute('aria-selected', 'true');

  // Delete asks first; Cancel keeps the tab.
  await page.getByRole('button', { name: 'Delete report My Submissions' }).click();
  await page.getByRole('dialog', { name: 'Delete report?' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('tab', { name: 'My Submissions' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete report My Submissions' }).click();
  await page.getByRole('dialog', { name: 'Delete report?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Report "My Submissions" deleted successfully')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My Submissions' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Grades by Gender' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Grades by Gender' })).toHaveAttribute('aria-selected', 'true');
});

test('undocks the report into a window and docks again when it closes', async ({ page, request }) => {
  const { token } = await member(request);
  await addReport(request, token, 'Beta', 'Grades', GRADES_UUID);
  await openDashboard(page, token);
  await expect(page.locator('iframe[title="Grades report"]')).toBeVisible();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Undock' }).click(),
  ]);
  await expect(popup.getByRole('heading', { name: 'Grades by Gender' })).toBeVisible();
  await expect(page.getByText('This report is open in a separate window.')).toBeVisible();
  const state = await page.evaluate(() => JSON.parse(localStorage.getItem('dock-state-Beta') ?? 'null'));
  expect(state).toMatchObject({ isDocked: false, dimensions: { width: 1200, height: 800 } });
  await popup.close();
  await expect(page.locator('iframe[title="Grades report"]')).toBeVisible({ timeout: 5000 });
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('dock-state-Beta') ?? 'null').isDocked),
  ).toBe(true);
});

test('refreshes to completion and the frame shows the new data without a reload', async ({
  page,
  request,
}) => {
  const { token } = await member(request);
  await addReport(request, token, 'Beta', 'Grades', GRADES_UUID);
  await upload(
    request,
    token,
    'student_id,student_name,gender,grade,project_submitted,score\nS1,Asha,Female,Grade 6,Yes,90\nS2,Ravi,Male,Grade 6,No,70\nS3,Nila,Female,Grade 7,Yes,80\n',
  );
  await page.clock.install();
  await openDashboard(page, token);
  const frame = page.frameLocator('iframe[title="Grades report"]');
  await expect(frame.getByText(/No data yet/)).toBeVisible();
  await expect(page.getByText('1 upload waiting for a refresh')).toBeVisible();

  await page.getByRole('button', { name: 'Refresh Visuals' }).click();
  await expect(page.getByRole('button', { name: 'Refreshing...' })).toBeDisabled();
  await page.waitForTimeout(1500); // the server's worker runs the job meanwhile
  await page.clock.fastForward(30_000);
  await expect(page.getByRole('button', { name: 'Refresh complete' })).toBeVisible();
  await expect(page.getByText('Dataset refreshed successfully')).toBeVisible();
  await expect(frame.getByRole('img', { name: 'Students per grade' })).toBeVisible();
  await expect(frame.getByText('3 rows', { exact: false })).toBeVisible();
  await expect(page.getByText('1 upload waiting for a refresh')).toHaveCount(0);
});

test('a hotel member adds their sector’s report, uploads property nights and sees occupancy', async ({
  page,
  request,
}) => {
  const { token } = await registerUser(request);
  await setSector(request, token, 6);
  await upload(
    request,
    token,
    'date,property,rooms_available,rooms_sold,room_revenue\n2025-06-01,Seaview Goa,100,80,480000\n2025-06-02,Seaview Goa,100,60,360000\n',
  );
  await page.clock.install();
  await openDashboard(page, token);
  await page.getByRole('button', { name: 'Create Report' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: /Grades by Gender/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: /Hotel Performance Overview/ }).click();
  await dialog.getByRole('button', { name: 'Add Report' }).click();
  const frame = page.frameLocator('iframe[title="Hotel Performance Overview report"]');
  await expect(frame.getByText(/No data yet/)).toBeVisible();

  await page.getByRole('button', { name: 'Refresh Visuals' }).click();
  await page.waitForTimeout(1500); // the server's worker runs the job meanwhile
  await page.clock.fastForward(30_000);
  await expect(page.getByText('Dataset refreshed successfully')).toBeVisible();
  const occupancy = frame.locator('dl', { has: frame.getByText('Occupancy', { exact: true }) });
  await expect(occupancy).toContainText('70.0%');
  await expect(frame.locator('dl', { has: frame.getByText('ADR', { exact: true }) })).toContainText('₹6,000');
  await expect(frame.getByRole('img', { name: 'Occupancy per month' })).toBeVisible();
});

test('sidebar collapse is kept and forced below 768 px', async ({ page, request }) => {
  const { token } = await member(request);
  await openDashboard(page, token);
  const sidebar = page.getByTestId('dashboard-sidebar');
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');

  await page.setViewportSize({ width: 700, height: 800 });
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await expect(page.getByRole('button', { name: /sidebar/ })).toHaveCount(0);
  // Never a horizontal scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
});

test("sector pages embed that sector's overview with Back to Dashboard", async ({ page, request }) => {
  const { token } = await member(request);
  await signIn(page, token);
  await page.goto('/healthcare');
  await expect(
    page
      .frameLocator('iframe[title="Healthcare Overview report"]')
      .getByRole('heading', { name: 'Visits Overview' }),
  ).toBeVisible();
  // Another sector's page draws its demo dataset, and says so.
  await expect(page.frameLocator('iframe').getByText('Demo data')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown report UUID says report not found in the frame', async ({ page, request }) => {
  const { token } = await member(request);
  await addReport(request, token, 'Beta', 'Typo', '00000000-0000-0000-0000-000000000000');
  await openDashboard(page, token);
  await expect(
    page.frameLocator('iframe[title="Typo report"]').getByRole('heading', { name: 'Report not found' }),
  ).toBeVisible();
});

test('renews the embed token before it expires without losing the open tab', async ({ page, request }) => {
  const { token } = await member(request);
  await addReport(request, token, 'Beta', 'Grades', GRADES_UUID);
  await addReport(request, token, 'Beta', 'Submissions', '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c02');
  await page.clock.install();
  await openDashboard(page, token);
  await page.getByRole('tab', { name: 'Submissions' }).click();
  const frame = page.frameLocator('iframe[title="Submissions report"]');
  await expect(frame.getByRole('heading', { name: 'Project Submission Status' })).toBeVisible();
  const tokenCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/powerbi/get-powerbi-token')) tokenCalls.push(r.url());
  });
  // The token lives 30 minutes; at 20 minutes (10 left) the 30-second check renews it.
  await page.clock.runFor(21 * 60_000);
  await expect.poll(() => tokenCalls.length).toBeGreaterThan(0);
  await expect(page.getByRole('tab', { name: 'Submissions' })).toHaveAttribute('aria-selected', 'true');
  await expect(frame.getByRole('heading', { name: 'Project Submission Status' })).toBeVisible();
});

test('the dashboard, a report frame and a sector page pass an accessibility audit', async ({
  page,
  request,
}) => {
  const { token } = await member(request);
  await addReport(request, token, 'Beta', 'Grades', GRADES_UUID);
  await openDashboard(page, token);
  await expect(page.frameLocator('iframe[title="Grades report"]').getByText(/No data yet/)).toBeVisible();
  for (const path of ['/dashboard', '/healthcare']) {
    if (path !== '/dashboard') await page.goto(path);
    await expect(page.locator('iframe')).toBeVisible();
    await page.waitForTimeout(500);
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const summary = result.violations.map((v) => ({
      id: v.id,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
    expect(summary, `axe violations on ${path}`).toEqual([]);
  }
});
