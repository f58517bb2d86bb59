import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, loginAsAdmin, test } from '../fixtures';

const OFFSET = 45;

/** Waits until the section with `id` has come to rest 45 px below the top of the window. */
async function expectScrolledTo(page: Page, id: string) {
  await expect
    .poll(
      () =>
        page.evaluate((i) => Math.round(document.getElementById(i)?.getBoundingClientRect().top ?? -1), id),
      {
        timeout: 5000,
      },
    )
    .toBe(OFFSET);
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Reads the newest inbox entries through the admin API: what the public forms sent is what was stored. */
async function adminInbox(page: Page) {
  const admin = await loginAsAdmin(page.request);
  const headers = { authorization: `Bearer ${admin.token}` };
  const list = await page.request.get('/api/admin/issues?pageSize=50', { headers });
  expect(list.status()).toBe(200);
  const rows = (await list.json()).data as {
    id: number;
    kind: string;
    name: string;
    subject: string;
    hasScreenshot: boolean;
    issueType: string | null;
    issueTypeOther: string | null;
  }[];
  const details = async (id: number) =>
    (await (await page.request.get(`/api/admin/issues/${id}`, { headers })).json()).data;
  const screenshot = (id: number) => page.request.get(`/api/admin/issues/${id}/screenshot`, { headers });
  return { rows, details, screenshot };
}

test.describe('landing page', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('has its sections, the fixed claims and the four solutions', async ({ page }) => {
    await page.goto('/');
    for (const id of ['home', 'who-we-are', 'team', 'solutions', 'testimonials', 'contact'])
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const claim of ['10+', '98%', '15+'])
      await expect(page.locator('#home dd', { hasText: claim })).toBeVisible();
    const solutions = page.locator('#solutions');
    await expect(solutions.getByRole('link', { name: /Business Intelligence/ })).toHaveAttribute(
      'href',
      '/bi',
    );
    await expect(solutions.getByRole('link', { name: /Machine Learning/ })).toHaveAttribute('href', '/ml');
    await expect(solutions.getByRole('link', { name: /Strategy Consulting/ })).toHaveAttribute(
      'href',
      '/strategy',
    );
    // A future offering: visible, marked, and neither a link nor focusable.
    await expect(solutions.getByText('Data Engineering')).toBeVisible();
    await expect(solutions.getByText('Coming soon')).toBeVisible();
    await expect(solutions.getByRole('link', { name: /Data Engineering/ })).toHaveCount(0);
    await expect(
      solutions.locator('a, button, [tabindex]').filter({ hasText: 'Data Engineering' }),
    ).toHaveCount(0);
    // The logo goes to the dashboard (docs/PRODUCT.md#landing-page).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Insightra' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  test('header links scroll to each section with a 45 px offset', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Team', 'team'],
      ['Testimonials', 'testimonials'],
      ['Who We Are', 'who-we-are'],
      ['Contact', 'contact'],
      ['Home', 'home'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expectScrolledTo(page, id);
    }
    await expect(page).toHaveURL(/\/$/);
  });

  test('from another route a header link goes to / and then scrolls', async ({ page }) => {
    await page.goto('/report-issue');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Solutions', exact: true })
      .click();
    await expect(page).toHaveURL(/\/#solutions$/);
    await expectScrolledTo(page, 'solutions');
  });

  test('the contact form sends a message that is stored', async ({ page }) => {
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Please tell us your name')).toBeVisible();
    const stamp = Date.now().toString(36);
    await form.getByLabel('Name').fill(`Priya ${stamp}`);
    await form.getByLabel('Work e-mail').fill('priya@example.in');
    await form.getByLabel(/Organisation/).fill('Sunrise Schools');
    await form
      .getByLabel('How can we help?')
      .fill(`We need attendance dashboards for 12 schools (${stamp}).`);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('#contact').getByRole('status')).toContainText('Message sent');

    const inbox = await adminInbox(page);
    const row = inbox.rows.find((r) => r.name === `Priya ${stamp}`);
    expect(row?.kind).toBe('contact');
    const details = await inbox.details(row!.id);
    expect(details.email).toBe('priya@example.in');
    expect(details.description).toBe(`We need attendance dashboards for 12 schools (${stamp}).`);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lists the same links plus Login, scrolls, and works from the keyboard', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team', exact: true }),
    ).toBeHidden();
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await close.getAttribute('aria-controls')}`);
    for (const label of ['Home', 'Who We Are', 'Team', 'Solutions', 'Testimonials', 'Contact', 'Login'])
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'Testimonials', exact: true }).click();
    await expect(menu).toBeHidden();
    await expectScrolledTo(page, 'testimonials');

    // Keyboard: open with Enter, Tab into the links, Escape closes and returns focus to the toggle.
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test.describe('service pages', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const [path, links] of [
    [
      '/bi',
      [
        ['Overview', 'overview'],
        ['Services', 'services'],
        ['Process', 'process'],
        ['Technologies', 'technologies'],
        ['Gallery', 'gallery'],
      ],
    ],
    [
      '/ml',
      [
        ['Overview', 'ml-overview'],
        ['Services', 'ml-services'],
        ['Process', 'ml-process'],
        ['Technologies', 'ml-technologies'],
        ['Use Cases', 'ml-use-cases'],
      ],
    ],
    [
      '/strategy',
      [
        ['Overview', 'strategy-overview'],
        ['Services', 'strategy-services'],
        ['Process', 'strategy-process'],
        ['Frameworks', 'strategy-frameworks'],
        ['Case Studies', 'strategy-case-studies'],
      ],
    ],
  ] as const) {
    test(`${path} has its own header links and sections`, async ({ page }) => {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const [label, id] of links) {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await expectScrolledTo(page, id);
      }
      await expect(page.locator(`#${links[0][1]} dd`)).toHaveCount(4);
      await expect(page.locator(`#${links[2][1]} ol > li`)).toHaveCount(6);
      await nav.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('section#home')).toBeVisible();
    });
  }

  test('the closing call to action goes to the contact section', async ({ page }) => {
    await page.goto('/strategy');
    await page.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expectScrolledTo(page, 'contact');
  });

  test('Download Sample Report saves the PDF', async ({ page }) => {
    await page.goto('/bi');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Sample Report' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('sample-report.pdf');
    const bytes = readFileSync((await file.path()) as string);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5000);
  });

  test('when the sample report fails, the fallback message shows after one second', async ({ page }) => {
    await page.route('**/sample-report.pdf', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await page.goto('/bi');
    const started = Date.now();
    await page.getByRole('button', { name: 'Download Sample Report' }).click();
    const message = page.getByText(
      'Sample report is being prepared. Please contact sales@insightra.in for a demo report.',
    );
    await expect(message).toBeVisible();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});

test.describe('report issue', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('validates in order, sends the report with its screenshot, and resets', async ({ page }) => {
    await page.goto('/report-issue');
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    const submit = page.getByRole('button', { name: 'Submit Issue' });
    await submit.click();
    await expect(page.getByRole('alert')).toContainText('Name is required');

    const stamp = Date.now().toString(36);
    await page.getByLabel(/^Name/).fill(`Ravi ${stamp}`);
    await page.getByLabel(/^Email/).fill('ravi@example.in');
    await page.getByLabel('Issue type').selectOption('Other');
    await page.getByLabel(/^Subject/).fill(`Export button ${stamp}`);
    await page.getByLabel(/^Description/).fill('The export button does nothing on Safari.');
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await submit.click();
    await expect(page.getByRole('alert')).toContainText('Please specify issue type');
    await page.getByLabel(/^Specify Type/).fill('Export');
    await page
      .getByLabel(/^Screenshot/)
      .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await submit.click();
    await expect(page.getByText('Thank you! Your issue has been submitted.')).toBeVisible();
    await expect(page.getByLabel(/^Name/)).toHaveValue('');
    await expect(page.getByLabel('Issue type')).toHaveValue('Bug');

    const inbox = await adminInbox(page);
    const row = inbox.rows.find((r) => r.subject === `Export button ${stamp}`);
    expect(row).toMatchObject({
      kind: 'issue',
      issueType: 'Other',
      issueTypeOther: 'Export',
      hasScreenshot: true,
    });
    const shot = await inbox.screenshot(row!.id);
    expect(shot.status()).toBe(200);
    expect(Buffer.compare(await shot.body(), PNG)).toBe(0);
  });
});

test.describe('responsive', () => {
  for (const width of [360, 1920]) {
    test(`no public page scrolls sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/', '/bi', '/ml', '/strategy', '/report-issue']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  }
});
