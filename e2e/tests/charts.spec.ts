import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerUser, setSector, signIn, test } from '../fixtures';

// The Okabe–Ito colours of docs/PRODUCT.md#visual-design, as the charts paint them.
const COLORS = {
  blue: [0x00, 0x72, 0xb2],
  orange: [0xe6, 0x9f, 0x00],
  green: [0x00, 0x9e, 0x73],
  vermillion: [0xd5, 0x5e, 0x00],
} as const;
type ColorName = keyof typeof COLORS;

const inr = new Intl.NumberFormat('en-IN');
const pct = (part: number, whole: number) => `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`;

/** Counts, on the canvas named `name`, the opaque pixels close to each palette colour. */
async function paintedPixels(page: Page, name: string | RegExp): Promise<Record<ColorName | 'any', number>> {
  const canvas = page.getByRole('img', { name });
  await expect(canvas).toBeVisible();
  return canvas.evaluate((el, colors) => {
    const c = el as HTMLCanvasElement;
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    const counts: Record<string, number> = { any: 0 };
    for (const key of Object.keys(colors)) counts[key] = 0;
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 3] ?? 0) < 250) continue;
      counts.any = (counts.any ?? 0) + 1;
      for (const [key, [r, g, b]] of Object.entries(colors)) {
        const d =
          Math.abs((data[i] ?? 0) - r) + Math.abs((data[i + 1] ?? 0) - g) + Math.abs((data[i + 2] ?? 0) - b);
        if (d < 24) counts[key] = (counts[key] ?? 0) + 1;
      }
    }
    return counts as Record<ColorName | 'any', number>;
  }, COLORS);
}

/** The value of the card labelled `label`. */
function cardValue(page: Page, label: string) {
  return page
    .locator('dl', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();
}

test('/linechart draws the store-visitor line with its cards', async ({ page }) => {
  await page.goto('/linechart');
  await expect(page.getByRole('heading', { level: 1, name: 'Store Visitors (Last 6 Months)' })).toBeVisible();
  await expect(cardValue(page, 'Total Visitors')).toHaveText('17,760');
  await expect(cardValue(page, 'Average Monthly')).toHaveText('2,960');
  await expect(cardValue(page, 'Peak Month')).toHaveText('July 2025');
  await expect
    .poll(async () => (await paintedPixels(page, /Store Visitors/)).blue, { timeout: 10_000 })
    .toBeGreaterThan(500);

  // The same numbers, as a table, behind the toggle.
  await page.getByRole('button', { name: 'Show data table' }).click();
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /July 2025/ })).toContainText('3,450');
});

test('/2dcolumns draws female and male bars per grade, with cards from the seeded data', async ({
  page,
  request,
}) => {
  const rows: { grade: string; female_count: number; male_count: number }[] = await (
    await request.get('/api/chart/grades')
  ).json();
  const female = rows.reduce((n, r) => n + r.female_count, 0);
  const male = rows.reduce((n, r) => n + r.male_count, 0);
  expect(rows.length).toBeGreaterThan(0);

  await page.goto('/2dcolumns');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Student Grades Distribution by Gender' }),
  ).toBeVisible();
  await expect(cardValue(page, 'Total Students')).toHaveText(inr.format(female + male));
  await expect(cardValue(page, 'Female Students')).toHaveText(inr.format(female));
  await expect(cardValue(page, 'Male Students')).toHaveText(inr.format(male));
  await expect(cardValue(page, 'Gender Ratio')).toHaveText(pct(female, male));
  await expect
    .poll(async () => {
      const px = await paintedPixels(page, /Student Grades Distribution/);
      return Math.min(px.blue, px.orange);
    })
    .toBeGreaterThan(2_000);

  // One table row per grade, in the API's order, with its two counts.
  const tableRows = page.getByRole('table').getByRole('row');
  await expect(tableRows).toHaveCount(rows.length + 1);
  for (const [i, r] of rows.entries()) {
    await expect(tableRows.nth(i + 1)).toHaveText(
      `${r.grade}${inr.format(r.female_count)}${inr.format(r.male_count)}`,
    );
  }
});

test('/donutchart draws a ring whose slices match the submission counts', async ({ page, request }) => {
  const rows: { status: 'Yes' | 'No'; count: number }[] = await (
    await request.get('/api/chart/submissions')
  ).json();
  const yes = rows.find((r) => r.status === 'Yes')?.count ?? 0;
  const total = rows.reduce((n, r) => n + r.count, 0);
  expect(total).toBeGreaterThan(0);

  await page.goto('/donutchart');
  await expect(page.getByRole('heading', { level: 1, name: 'Project Submissions Status' })).toBeVisible();
  await expect(cardValue(page, 'Total Projects')).toHaveText(inr.format(total));
  await expect(cardValue(page, 'Submission Rate')).toHaveText(pct(yes, total));
  const legend = page.getByRole('list', { name: /legend/ });
  await expect(legend.getByRole('listitem').nth(0)).toHaveText(
    `Submitted${inr.format(yes)} (${pct(yes, total)})`,
  );
  await expect(legend.getByRole('listitem').nth(1)).toHaveText(
    `Not Submitted${inr.format(total - yes)} (${pct(total - yes, total)})`,
  );

  // Once the 2 s sweep has finished, green covers the submitted share of the ring, vermillion the rest.
  await expect
    .poll(
      async () => {
        const px = await paintedPixels(page, /Project Submissions Status/);
        return Math.abs(px.green / (px.green + px.vermillion) - yes / total);
      },
      { timeout: 10_000 },
    )
    .toBeLessThan(0.03);
});

test('a failing chart call shows Error Loading Data, and Try Again brings the chart', async ({
  page,
  request,
}) => {
  const rows: { female_count: number; male_count: number }[] = await (
    await request.get('/api/chart/grades')
  ).json();
  const total = rows.reduce((n, r) => n + r.female_count + r.male_count, 0);
  let failures = 0;
  await page.route('**/api/chart/grades', async (route) => {
    if (failures < 2) {
      // Both the first attempt and the client's single automatic retry fail.
      failures += 1;
      await route.fulfill({ status: 500, json: { success: false, message: 'boom' } });
    } else await route.fallback();
  });
  await page.goto('/2dcolumns');
  const alert = page.getByRole('alert').filter({ hasText: 'Error Loading Data' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toContainText('Failed to fetch grades data');
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(alert).toHaveCount(0);
  await expect(cardValue(page, 'Total Students')).toHaveText(inr.format(total));
  expect(failures).toBe(2);
  await expect(page.getByRole('img', { name: /Student Grades Distribution/ })).toBeVisible();
});

test('the chart library loads only on the chart pages', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
  });
  // A message that only Chart.js' own code carries.
  const isChartJs = (source: string) => source.includes('Canvas is already in use');
  await page.goto('/access-denied');
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some(isChartJs)).toBe(false);
  await page.goto('/linechart');
  await expect(page.getByRole('img', { name: /Store Visitors/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some(isChartJs)).toBe(true);
});

test('/automobile (signed in) draws the columns and the donut from the automobile data', async ({
  page,
  request,
}) => {
  const data: {
    barData: { grade: string; female: number; male: number }[];
    donutData: { status: string; count: number }[];
  } = await (await request.get('/api/chart/automobile')).json();
  const yes = data.donutData.filter((d) => d.status === 'Yes').reduce((n, d) => n + d.count, 0);
  const total = data.donutData.reduce((n, d) => n + d.count, 0);
  expect(total).toBeGreaterThan(0);

  const session = await registerUser(request);
  await setSector(request, session.token, 2);
  await signIn(page, session.token);
  await page.goto('/automobile');
  await expect(page.getByRole('heading', { level: 1, name: 'Automobile' })).toBeVisible();

  await expect
    .poll(async () => {
      const px = await paintedPixels(page, /per semester by gender/);
      return Math.min(px.blue, px.orange);
    })
    .toBeGreaterThan(1_000);
  await expect
    .poll(
      async () => {
        const px = await paintedPixels(page, /submissions by status/);
        return Math.abs(px.green / (px.green + px.vermillion) - yes / total);
      },
      { timeout: 10_000 },
    )
    .toBeLessThan(0.03);
  const legend = page.getByRole('list', { name: /legend/ });
  await expect(legend.getByRole('listitem').nth(0)).toHaveText(
    `Submitted${inr.format(yes)} (${pct(yes, total)})`,
  );
  const firstTable = page.getByRole('table').first();
  for (const [i, r] of data.barData.entries()) {
    await expect(firstTable.getByRole('row').nth(i + 1)).toHaveText(
      `${r.grade}${inr.format(r.female)}${inr.format(r.male)}`,
    );
  }

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/automobile sends a visitor who is not signed in to the login page', async ({ page }) => {
  await page.goto('/automobile');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each demo chart fits the width and still draws', async ({ page }) => {
    for (const [path, name] of [
      ['/linechart', /Store Visitors/],
      ['/2dcolumns', /Student Grades Distribution/],
      ['/donutchart', /Project Submissions Status/],
    ] as const) {
      await page.goto(path);
      await expect
        .poll(async () => (await paintedPixels(page, name)).any, { message: path })
        .toBeGreaterThan(1_000);
      const box = await page.getByRole('img', { name }).boundingBox();
      expect(box?.width, path).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });
});

/** axe's WCAG 2.2 AA findings on the page as it is now. */
async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  }));
}

test.describe('accessibility of the chart states', () => {
  test.use({ reducedMotion: 'reduce' });

  test('open data tables, the error state and the signed-in automobile page pass axe', async ({
    page,
    request,
  }) => {
    await page.goto('/2dcolumns');
    await expect(page.getByRole('img', { name: /Student Grades Distribution/ })).toBeVisible();
    await page.getByRole('button', { name: 'Show data table' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    expect(await axeViolations(page), 'open data table').toEqual([]);

    await page.route('**/api/chart/submissions', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'down' } }),
    );
    await page.goto('/donutchart');
    await expect(page.getByRole('alert').filter({ hasText: 'Error Loading Data' })).toBeVisible({
      timeout: 15_000,
    });
    expect(await axeViolations(page), 'error state').toEqual([]);

    const session = await registerUser(request);
    await setSector(request, session.token, 2);
    await signIn(page, session.token);
    await page.goto('/automobile');
    await expect(page.getByRole('img', { name: /submissions by status/ })).toBeVisible();
    expect(await axeViolations(page), '/automobile').toEqual([]);
  });
});
