import { expect, scrollY, test } from '../fixtures';

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops, page not found.' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the access-denied page shows its message and buttons', async ({ page }) => {
  await page.goto('/access-denied');
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
});

test('the navigation bar shows on public routes and hides on /login', async ({ page }) => {
  for (const path of ['/', '/bi', '/ml', '/strategy', '/report-issue', '/access-denied', '/linechart']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeVisible();
    await expect(page.getByRole('contentinfo'), path).toBeVisible();
  }
  await page.goto('/login');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('every path change scrolls to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/access-denied');
  await page.evaluate(() => {
    document.body.style.minHeight = '4000px';
    window.scrollTo(0, 1500);
  });
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Back to Dashboard' })
    .evaluate((a: HTMLAnchorElement) => a.click());
  await expect(page).not.toHaveURL(/access-denied/);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('a malformed API request answers a clear 400 JSON error', async ({ request }) => {
  const res = await request.post('/api/contact', {
    headers: { 'content-type': 'application/json' },
    data: Buffer.from('{"name": '),
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ success: false, message: 'The request body is not valid JSON' });
  const unknown = await request.get('/api/unknown');
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).success).toBe(false);
});
