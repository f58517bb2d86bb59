import { expect, loginAsAdmin, test } from '../fixtures';

// The landing page, /bi and /login arrive as complete HTML and the app starts on the visitor's first
// interaction (decision 120): what the visitor does meanwhile must behave as in the app.

test.use({ viewport: { width: 1280, height: 900 } });

test('a pre-rendered page loads no app code until the visitor interacts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  for (const path of ['/', '/login']) {
    scripts.length = 0;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('data-prerendered', '');
    expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);
    await page.keyboard.press('Tab');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
  }
});

test('/bi loads no app code for a visitor who does not move, and never shows them "Loading..."', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/bi');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('data-prerendered', '');
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);
  await expect(page.locator('html')).not.toHaveAttribute('data-app', /./);
  await expect(page.getByText('Loading...')).toHaveCount(0);
});

test('/bi starts the app by itself when its gallery is on screen, and draws the live figures', async ({
  page,
}) => {
  // A screen tall enough to show the gallery at once: no interaction at all.
  await page.setViewportSize({ width: 1280, height: 6000 });
  await page.goto('/bi');
  await expect(page.locator('html')).toHaveAttribute('data-prerendered', '');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
  await expect(page.getByRole('img', { name: /Grouped bar chart of students by grade/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Donut chart of project submissions/ })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
});

test('scrolling starts the app and leaves the page where the visitor scrolled', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 1500);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
});

test('a sign-in typed and sent before the app has started is sent by the app', async ({ page }) => {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  // fill() types at once and the click follows at once: the app is still loading.
  await page.getByLabel('Username or Email').fill('e2eadmin');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/(onboarding|dashboard|admin-dashboard)$/);
  expect(page.url()).not.toContain('password');
});

test('a link clicked before the app has started is followed by the app', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.locator('footer').getByRole('link', { name: 'Business Intelligence' }).click();
  await expect(page).toHaveURL(/\/bi$/);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a signed-in visitor sees their session on a pre-rendered page at once', async ({ page }) => {
  const admin = await loginAsAdmin(page.request);
  await page.addInitScript((token) => localStorage.setItem('token', token), admin.token);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
});
