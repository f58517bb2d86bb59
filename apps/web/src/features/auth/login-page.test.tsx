import { api, MESSAGES } from '@insightra/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GOOGLE_ON, testConfig, testToken, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';

const CONFIG = testConfig();

async function openRegister() {
  const view = renderRoute('/login');
  await view.user.click(await screen.findByRole('tab', { name: 'Register' }));
  return view;
}

describe('login page', () => {
  it('has Login and Register tabs, Back to Home and Report Issue, and no Google button by default', async () => {
    mockApi({ 'GET /api/config': () => json(CONFIG) });
    renderRoute('/login');
    expect(await screen.findByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Register', selected: false })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(main.getByRole('link', { name: 'Report Issue' })).toHaveAttribute('href', '/report-issue');
    await waitFor(() => expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull());
  });

  it('loads Google sign-in when the server has a client id', async () => {
    mockApi({
      'GET /api/config': () => json({ ...CONFIG, google: GOOGLE_ON }),
    });
    renderRoute('/login');
    await waitFor(() =>
      expect(document.querySelector('script[src*="accounts.google.com/gsi/client"]')).not.toBeNull(),
    );
  });

  it('checks the login fields before sending', async () => {
    const { calls } = mockApi({});
    const { user } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username or email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username or Email'), 'ab');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username or email must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === api.auth.login.path)).toHaveLength(0);
  });

  it("shows 'Processing...' while sending and the server's message on failure", async () => {
    let answer: (r: Response) => void = () => {};
    const { calls } = mockApi({
      [`POST ${api.auth.login.path}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Username or Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: MESSAGES.other.processing })).toBeDisabled();
    const sent = JSON.parse(String(calls.find((c) => c.path === api.auth.login.path)?.init.body));
    expect(sent).toEqual({ username: 'asha@example.com', email: 'asha@example.com', password: 'secret123' });
    answer(json({ success: false, message: 'Invalid username/email or password' }, 401));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username/email or password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("falls back to 'Login failed' when the server cannot be reached", async () => {
    mockApi({});
    globalThis.fetch = ((input: RequestInfo | URL) =>
      String(input).includes('/auth/login')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(json({}, 404))) as typeof fetch;
    const { user } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Username or Email'), 'asha');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.loginFailed);
  });

  it('clears the form when switching tabs', async () => {
    mockApi({});
    const { user } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Username or Email'), 'someone');
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
    await user.type(screen.getByLabelText('Full Name'), 'Some One');
    await user.click(screen.getByRole('tab', { name: 'Login' }));
    expect(screen.getByLabelText('Username or Email')).toHaveValue('');
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
  });
});

describe('register form', () => {
  it('checks every field with its message', async () => {
    mockApi({});
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    for (const message of [
      'Full name is required',
      'Username is required',
      'Email is required',
      'Password is required',
      'Confirm password is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('Full Name'), 'A');
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText(MESSAGES.profile.fullNameTooShort)).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
  });

  it("shows 'Passwords matched' / 'Passwords not matched' live and blocks a mismatch", async () => {
    const { calls } = mockApi({});
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Full Name'), 'Asha Verma');
    await user.type(screen.getByLabelText('Username'), 'asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    expect(screen.queryByText(MESSAGES.auth.passwordsNotMatched)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm Password'), 'secret12');
    expect(screen.getByText(MESSAGES.auth.passwordsNotMatched)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.passwordsDoNotMatch);
    expect(calls.filter((c) => c.path === api.auth.register.path)).toHaveLength(0);
    await user.type(screen.getByLabelText('Confirm Password'), '3');
    expect(screen.getByText(MESSAGES.auth.passwordsMatched)).toBeInTheDocument();
  });

  it('registers, says welcome with the site name, and continues to onboarding', async () => {
    const created = testUser({ sectorId: null, fullName: 'Asha Verma' });
    const token = testToken(created);
    const { calls } = mockApi({
      'GET /api/config': () => json(CONFIG),
      [`POST ${api.auth.register.path}`]: () =>
        json({ success: true, message: 'Registration successful', data: { token, user: created } }, 201),
      [`GET ${api.sectors.list.path}`]: () =>
        json({
          success: true,
          data: {
            sectors: [
              { id: 1, sector_id: 1, name: 'Education', sector_name: 'Education', slug: 'education' },
            ],
          },
        }),
    });
    const { user, router } = await openRegister();
    await user.type(screen.getByLabelText('Full Name'), '  Asha Verma ');
    await user.type(screen.getByLabelText('Username'), 'asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration successful! Welcome to Insightra')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    const sent = JSON.parse(String(calls.find((c) => c.path === api.auth.register.path)?.init.body));
    expect(sent).toEqual({
      username: 'asha',
      fullName: 'Asha Verma',
      email: 'asha@example.com',
      password: 'secret123',
    });
    expect(window.localStorage.getItem('token')).toBe(token);
  });

  it("shows the server's 409 message or 'Registration failed'", async () => {
    mockApi({
      [`POST ${api.auth.register.path}`]: () =>
        json({ success: false, message: 'That username is already taken' }, 409),
    });
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Full Name'), 'Asha Verma');
    await user.type(screen.getByLabelText('Username'), 'asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('That username is already taken')).toBeInTheDocument();
  });
});
