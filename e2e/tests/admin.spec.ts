import { randomBytes } from 'node:crypto';
import { expect, loginAsAdmin, registerUser, setSector, signIn, test } from '../fixtures';

// A 1x1 PNG: the issue form accepts images only, checked by content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('an administrator finds a user by a mixed-case name with spaces and adds an Alpha+ report', async ({
  page,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const member = await registerUser(request, { fullName: `Kavya Ramanathan ${tag}` });
  const admin = await loginAsAdmin(request);
  await signIn(page, admin.token);

  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Manage users and their reports')).toBeVisible();
  await page
    .getByPlaceholder('Search users by full name...')
    .fill(`   kAVYA   RAMAnathan ${tag.toUpperCase()}  `);
  const users = page.getByRole('list', { name: 'Users' });
  await expect(users.getByRole('listitem')).toHaveCount(1);
  const card = users.getByRole('listitem').first();
  await expect(card.getByRole('heading', { name: `Kavya Ramanathan ${tag}` })).toBeVisible();
  await expect(card.getByText(`@${member.user.username}`)).toBeVisible();
  await card.getByRole('link', { name: /More Details/ }).click();

  await expect(page).toHaveURL(new RegExp(`/admin-dashboard/users/${member.user.id}$`));
  const details = page.getByRole('region', { name: 'User details' });
  await expect(details.getByText(member.user.username, { exact: true })).toBeVisible();
  await expect(details.getByText('NA').first()).toBeVisible();
  const alphaPlus = page.getByRole('region', { name: 'Alpha+' });
  await expect(alphaPlus.getByText('No reports')).toBeVisible();

  await page.getByRole('button', { name: 'Add Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Report' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Tier').selectOption('Alpha+');
  await dialog.getByLabel('Report Type').fill('Executive Summary');
  await dialog.getByLabel('Report UUID').fill(`e2e-${tag}`);
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Report added successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(alphaPlus.getByText('Executive Summary')).toBeVisible();
  await expect(alphaPlus.getByText('1 report', { exact: true })).toBeVisible();

  // It was stored: a fresh load shows it in the same column.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Alpha+' }).getByText('Executive Summary')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Beta' }).getByText('No reports')).toBeVisible();

  // Back returns to the search as it was.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\?q=/);
  await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(1);
});

test('a member opening /admin-dashboard lands on /access-denied', async ({ page, request }) => {
  const member = await registerUser(request);
  await setSector(request, member.token, 1);
  await signIn(page, member.token);
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/access-denied$/);
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  // The server says no as well.
  const res = await request.get('/api/admin/users', { headers: { authorization: `Bearer ${member.token}` } });
  expect(res.status()).toBe(403);
});

test('an administrator reads an issue report with its screenshot and resolves it', async ({
  page,
  request,
}) => {
  const subject = `Blank chart ${randomBytes(3).toString('hex')}`;
  const sent = await request.post('/api/server/report-issue', {
    multipart: {
      name: 'Asha Rao',
      subject,
      issueType: 'Bug',
      description: 'The grades chart stays empty after an upload.',
      screenshot: { name: 'shot.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);

  const admin = await loginAsAdmin(request);
  await signIn(page, admin.token);
  const screenshotRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/screenshot')) screenshotRequests.push(r.url());
  });
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'Issue reports' }).click();
  await page.getByRole('button', { name: new RegExp(subject) }).click();

  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog.getByText('The grades chart stays empty after an upload.')).toBeVisible();
  const img = dialog.getByRole('img', { name: /Screenshot/ });
  await expect(img).toHaveAttribute('src', /^blob:/);
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
  // The token travels in a header, never in a URL.
  expect(screenshotRequests.length).toBeGreaterThan(0);
  for (const url of screenshotRequests) expect(url).not.toMatch(/token|eyJ/);

  await dialog.getByRole('button', { name: 'Mark as resolved' }).click();
  await expect(dialog.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to inbox' }).click();
  await page.getByRole('button', { name: 'Resolved', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Resolved', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toBeVisible();
});
