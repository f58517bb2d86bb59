import { expect, loginAsAdmin, registerUser, setSector, signIn, test } from '../fixtures';

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

test('register → onboarding → dashboard', async ({ page }) => {
  const name = `reg_${Date.now().toString(36)}`;
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Full Name').fill('Meera <i>Iyer</i>');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Email').fill(`${name}@e2e.test`);
  await page.getByLabel('Password', { exact: true }).fill('meera-pass-1');
  await page.getByLabel('Confirm Password').fill('meera-pass-2');
  await expect(page.getByText('Passwords not matched')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('meera-pass-1');
  await expect(page.getByText('Passwords matched')).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration successful! Welcome to Insightra')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
  // Stored HTML is shown as text.
  await expect(page.getByRole('heading', { name: 'Welcome, Meera <i>Iyer</i>' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  const select = page.getByRole('button', { name: /Industry sector/ });
  await select.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(select).toContainText('Hotels');
  await continueButton.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me.json()).data.user).toMatchObject({ username: name, sectorId: 6 });
});

test('login returns to the remembered location', async ({ page, request }) => {
  const session = await registerUser(request);
  await setSector(request, session.token, 2);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username or Email').fill(session.user.email ?? '');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username/email or password');
  await page.getByLabel('Password').fill(session.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful! Welcome back')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('region', { name: 'Account Details' })).toContainText('Automobile');
});

test('logout from the header menu', async ({ page, request }) => {
  const session = await registerUser(request, { fullName: 'Logout Tester' });
  await setSector(request, session.token, 1);
  await signIn(page, session.token);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await nav.getByRole('button', { name: 'Account menu for Logout Tester' }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Report Issue' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The session has ended on the server too: the token that was stored no longer works.
  await expect
    .poll(async () =>
      (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } })).status(),
    )
    .toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired token on load means logged out', async ({ page, request }) => {
  const session = await registerUser(request);
  const [header, payload] = session.token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  const expired = `${header}.${b64url({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })}.sig`;
  await signIn(page, expired);
  await page.goto('/activity');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('profile edits: full name, username and password', async ({ page, request }) => {
  const session = await registerUser(request);
  await setSector(request, session.token, 4);
  await signIn(page, session.token);
  await page.goto('/profile');
  const personal = page.getByRole('region', { name: 'Personal Info' });
  await personal.getByRole('button', { name: 'Edit full name' }).click();
  await personal.getByLabel('Full Name').fill('');
  await personal.getByRole('button', { name: 'Save' }).click();
  await expect(personal.getByText('Full name cannot be empty')).toBeVisible();
  await personal.getByLabel('Full Name').fill('Rohan <b>Das</b> ജോ');
  await personal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Full name updated successfully')).toBeVisible();
  await expect(personal.getByText('Rohan <b>Das</b> ജോ')).toBeVisible();

  const account = page.getByRole('region', { name: 'Account Details' });
  const newName = `${session.user.username}_x`;
  await account.getByRole('button', { name: 'Edit username' }).click();
  await account.getByLabel('Username').fill(newName);
  await account.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Username updated successfully')).toBeVisible();
  await expect(account.getByText(newName)).toBeVisible();
  await expect(account).toContainText('Healthcare');

  const auth = page.getByRole('region', { name: 'Authentication' });
  await auth.getByRole('button', { name: 'Change password' }).click();
  await auth.getByLabel('Current Password').fill(session.password);
  await auth.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
  await auth.getByLabel('Confirm New Password').fill('brand-new-pass');
  await auth.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();

  // Everything survives a reload, and the new password signs in.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Personal Info' })).toContainText('Rohan <b>Das</b> ജോ');
  const login = await request.post('/api/auth/login', {
    data: { username: newName, password: 'brand-new-pass' },
  });
  expect(login.status()).toBe(200);
});

test('the start-up administrator reaches the admin pages without a sector; a member does not', async ({
  page,
  request,
}) => {
  const admin = await loginAsAdmin(request);
  expect(admin.user).toMatchObject({ username: 'e2eadmin', role: 'admin', sectorId: null });
  await signIn(page, admin.token);
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  const member = await registerUser(request);
  await setSector(request, member.token, 1);
  await signIn(page, member.token);
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/access-denied$/);
});

test('a forgotten password, on a server that sends no mail: the page says to ask an administrator', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByText('npm run admin -- reset-password <username>')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
