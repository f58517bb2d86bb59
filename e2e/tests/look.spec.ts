import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// The public pages served as pre-rendered HTML (decision 120) must look exactly as the app renders them,
// at a desktop and a phone width, against baselines taken from the client-rendered app: the first screen
// as the page arrives (what a visitor sees before any interaction starts the app), then the whole page
// once the app runs (the charts of /bi are drawn by it). Reduced motion shows every fade-in at once.
const PAGES = [
  ['landing', '/'],
  ['bi', '/bi'],
  ['login', '/login'],
] as const;
const WIDTHS = [1280, 390] as const;
const SAME = { maxDiffPixelRatio: 0.005 } as const;

/** The page at rest: fonts loaded, the configuration fetched (if the app runs), nothing moving. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });

    for (const [name, path] of PAGES) {
      test(`${name} looks as the app renders it, before and after the app starts`, async ({ page }) => {
        await page.goto(path);
        await settle(page);
        await expect(page).toHaveScreenshot(`${name}-${width}-first-screen.png`, SAME);
        const title = await page.title();
        // Any interaction starts the app on a pre-rendered page; it must not change a pixel.
        await page.mouse.move(1, 1);
        await expect(page.locator('html[data-app="started"], html:not([data-prerendered])')).toHaveCount(1);
        await settle(page);
        await expect(page).toHaveTitle(title);
        await expect(page).toHaveScreenshot(`${name}-${width}.png`, { ...SAME, fullPage: true });
      });
    }
  });
}
