import { test as base, expect, type Page } from '@playwright/test';

/** Fails the test on any uncaught page error or Content-Security-Policy violation. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text()))
          errors.push(msg.text());
      });
      await use(errors);
      expect(errors, 'page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}
