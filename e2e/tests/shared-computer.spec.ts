import type { APIRequestContext, Page } from '@playwright/test';
import { type E2eSession, expect, registerUser, setSector, test } from '../fixtures';

/*
 * Issue 28, item 1: on a shared computer the next user never sees a frame of the last one's session.
 * Alice signs in, opens her dashboard and activity, logs out; Bob signs in in the same tab with a slow
 * network. A MutationObserver installed before the app loads records every moment Alice's tab name,
 * upload or full name is in the document, from her logout until Bob's dashboard and activity settle.
 */

const GRADES_UUID = '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c01';
const HEADER = 'student_id,student_name,gender,grade,project_submitted,score,enrolled_on';
const ALICE_SECRETS = ['AliceSecretTab', 'AliceSecretUpload.csv', 'Alice Secretperson'];
/** How long each of Bob's API answers is held back. */
const BOB_DELAY_MS = 1500;

async function member(request: APIRequestContext, fullName: string, tab: string, file: string) {
  const session = await registerUser(request, { fullName });
  await setSector(request, session.token, 1);
  const headers = { authorization: `Bearer ${session.token}` };
  const report = await request.post('/api/reports', {
    headers,
    data: { tier: 'Beta', report_type: tab, report_uuid: GRADES_UUID },
  });
  expect(report.status()).toBe(201);
  const csv = `${HEADER}\nE1,Asha,F,Grade 9,Yes,91,2025-06-15\n`;
  const upload = await request.post('/api/server/upload-excel', {
    headers,
    multipart: { excelFile: { name: file, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  return session;
}

/** Runs in the page before the app: once armed, notes each DOM change after which a secret is present. */
function watchForSecrets() {
  const seen: { secret: string; path: string }[] = [];
  let secrets: string[] = [];
  const check = () => {
    const html = document.documentElement?.outerHTML ?? '';
    for (const secret of secrets) if (html.includes(secret)) seen.push({ secret, path: location.pathname });
  };
  Object.assign(window, {
    armSecretWatch: (list: string[]) => {
      secrets = list;
      check();
    },
    secretsSeen: () => seen,
  });
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
}

const secretsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { secretsSeen(): unknown[] }).secretsSeen());

async function signInThroughPage(page: Page, session: E2eSession) {
  await page.getByLabel('Username or Email').fill(session.user.username);
  await page.getByLabel('Password').fill(session.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test("the next user of a shared computer never sees the last one's data", async ({ page, request }) => {
  const alice = await member(request, 'Alice Secretperson', 'AliceSecretTab', 'AliceSecretUpload.csv');
  const bob = await member(request, 'Bob Nextuser', 'BobOwnTab', 'BobOwnUpload.csv');
  await page.addInitScript(watchForSecrets);

  // Alice: dashboard, activity, back, logout.
  await page.goto('/login');
  await signInThroughPage(page, alice);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'AliceSecretTab' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Activity Logs' }).click();
  await expect(page.getByRole('row', { name: /AliceSecretUpload\.csv/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('tab', { name: 'AliceSecretTab' })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { aliceDocument: true }));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // Nothing of hers is stored: only the device's own sidebar state may stay.
  const stored = await page.evaluate(() => Object.keys(localStorage));
  expect(stored.filter((key) => key !== 'dashboard-sidebar-collapsed')).toEqual([]);
  await page.evaluate(
    (secrets) => (window as unknown as { armSecretWatch(s: string[]): void }).armSecretWatch(secrets),
    ALICE_SECRETS,
  );

  // Bob, on a slow network: every call that carries a session, and the sign-in itself, waits.
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    if (request.headers().authorization || new URL(request.url()).pathname === '/api/auth/login') {
      await new Promise((resolve) => setTimeout(resolve, BOB_DELAY_MS));
    }
    await route.fallback().catch(() => {});
  });
  await signInThroughPage(page, bob);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'BobOwnTab' })).toHaveAttribute('aria-selected', 'true');
  expect(await secretsSeen(page), "Alice's data on Bob's dashboard").toEqual([]);
  // His report opens with his own embed token, not one cached for Alice's reports.
  await expect(page.locator('iframe[title="BobOwnTab report"]')).toBeVisible();
  await page.getByRole('button', { name: 'Activity Logs' }).click();
  await expect(page.getByRole('row', { name: /BobOwnUpload\.csv/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('tab', { name: 'BobOwnTab' })).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  expect(await secretsSeen(page), "Alice's data on Bob's screen").toEqual([]);
  // All of it in the one document: logout cleared in place, nothing reloaded the page.
  expect(await page.evaluate(() => 'aliceDocument' in window)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain('AliceSecret');
});
