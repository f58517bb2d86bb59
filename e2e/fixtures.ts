import { randomBytes } from 'node:crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

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

/** A user as the API returns it (docs/PRODUCT.md#data-shapes); only the fields tests usually read are typed. */
export interface E2eUser {
  id: number;
  username: string;
  fullName: string | null;
  email: string | null;
  role: 'member' | 'admin';
  sectorId: number | null;
  [key: string]: unknown;
}

export interface E2eSession {
  token: string;
  user: E2eUser;
  password: string;
}

/** Registers a fresh member through POST /api/auth/register (a unique username each call). */
export async function registerUser(
  request: APIRequestContext,
  overrides: Partial<{ username: string; fullName: string; email: string; password: string }> = {},
): Promise<E2eSession> {
  const suffix = randomBytes(4).toString('hex');
  const username = overrides.username ?? `e2e_${suffix}`;
  const data = {
    username,
    fullName: overrides.fullName ?? `E2E User ${suffix}`,
    email: overrides.email ?? `${username}@e2e.test`,
    password: overrides.password ?? 'e2e-password-1',
  };
  const res = await request.post('/api/auth/register', { data });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { token: body.data.token, user: body.data.user, password: data.password };
}

/** Sets the signed-in user's sector (PATCH /api/sectors/me); returns the updated user. */
export async function setSector(
  request: APIRequestContext,
  token: string,
  sectorId: number,
): Promise<E2eUser> {
  const res = await request.patch('/api/sectors/me', {
    headers: { authorization: `Bearer ${token}` },
    data: { sectorId },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.user;
}

/** Signs the browser in with a token: stored under localStorage 'token' as the web app does. */
export async function signIn(page: Page, token: string): Promise<void> {
  // Any page of the app gives the origin's storage; access-denied loads no data.
  await page.goto('/access-denied');
  await page.evaluate((t) => window.localStorage.setItem('token', t), token);
}

/** The administrator the e2e server starts with (ADMIN_USERNAME=e2eadmin), created before it listens. */
export async function loginAsAdmin(request: APIRequestContext): Promise<E2eSession> {
  const password = 'e2e-admin-password';
  const res = await request.post('/api/auth/login', { data: { username: 'e2eadmin', password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  return { token: body.data.token, user: body.data.user, password };
}
