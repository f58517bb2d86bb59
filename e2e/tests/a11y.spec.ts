import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';

const PUBLIC_PAGES = [
  '/',
  '/bi',
  '/ml',
  '/strategy',
  '/report-issue',
  '/login',
  '/access-denied',
  '/no-such-page',
  '/linechart',
  '/2dcolumns',
  '/donutchart',
];

async function audit(page: import('@playwright/test').Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  }));
  expect(summary, 'axe violations').toEqual([]);
}

for (const width of [1280, 390]) {
  test.describe(`axe at ${width} px`, () => {
    // Reduced motion: every fade-in section is shown at once, so axe sees the page as it settles.
    test.use({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    for (const path of PUBLIC_PAGES) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.getByText('Loading...')).toHaveCount(0);
        await audit(page);
      });
    }
  });
}

test('the open mobile menu has no violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await audit(page);
});
