import { ACCOUNT_MAIL_MESSAGES } from '@insightra/contract';
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn, testConfig, testToken, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';

configure({ asyncUtilTimeout: 5000 });

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('/verify-email/{token}', () => {
  it('confirms the address once on opening, and says whose it was', async () => {
    const { calls } = mockApi({
      'POST /api/auth/verify-email': () =>
        json({
          success: true,
          message: ACCOUNT_MAIL_MESSAGES.verified('asha@example.com'),
          data: { email: 'asha@example.com', username: 'asha' },
        }),
    });
    renderRoute(`/verify-email/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: ACCOUNT_MAIL_MESSAGES.verified('asha@example.com') }),
    ).toBeInTheDocument();
    expect(screen.getByText('asha')).toBeInTheDocument();
    const posts = calls.filter((c) => c.path === '/api/auth/verify-email');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.init.body))).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('says a used or expired link is no longer valid', async () => {
    mockApi({
      'POST /api/auth/verify-email': () =>
        json({ success: false, message: ACCOUNT_MAIL_MESSAGES.linkInvalid }, 410),
    });
    renderRoute(`/verify-email/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: ACCOUNT_MAIL_MESSAGES.linkInvalid }),
    ).toBeInTheDocument();
  });
});

describe('/forgot-password', () => {
  it('is reached from the sign-in page', async () => {
    mockApi({});
    const { user, router } = renderRoute('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('without mail, says to ask an administrator, who resets it from the command line', async () => {
    mockApi({ 'GET /api/config': () => json(testConfig({ mail: { enabled: false } })) });
    renderRoute('/forgot-password');
    expect(await screen.findByText(ACCOUNT_MAIL_MESSAGES.resetByAdministrator)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('with mail, sends the address and shows the one answer', async () => {
    const { calls } = mockApi({
      'GET /api/config': () => json(testConfig({ mail: { enabled: true } })),
      'POST /api/auth/forgot-password': () =>
        json({ success: true, message: ACCOUNT_MAIL_MESSAGES.resetRequested }),
    });
    const { user } = renderRoute('/forgot-password');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(email, 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(ACCOUNT_MAIL_MESSAGES.resetRequested)).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/api/auth/forgot-password')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ email: 'asha@example.com' });
  });
});

describe('/reset-password/{token}', () => {
  it('asks the new password twice, then signs in on the dashboard', async () => {
    const member = testUser();
    const session = testToken(member);
    const { calls } = mockApi({
      'POST /api/auth/reset-password': () =>
        json({
          success: true,
          message: ACCOUNT_MAIL_MESSAGES.passwordReset,
          data: { token: session, user: member },
        }),
      'GET /api/auth/me': () => json({ success: true, data: { user: member } }),
    });
    const { user, router } = renderRoute(`/reset-password/${TOKEN}`);
    await user.type(await screen.findByLabelText('New Password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new-pas');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/reset-password')).toBe(false);
    await user.type(screen.getByLabelText('Confirm New Password'), 's');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(JSON.parse(String(calls.find((c) => c.path === '/api/auth/reset-password')!.init.body))).toEqual({
      token: TOKEN,
      password: 'brand-new-pass',
    });
    expect(window.localStorage.getItem('token')).toBe(session);
  });

  it('says a used or expired link is no longer valid, and offers a new one', async () => {
    mockApi({
      'POST /api/auth/reset-password': () =>
        json({ success: false, message: ACCOUNT_MAIL_MESSAGES.linkInvalid }, 410),
    });
    const { user } = renderRoute(`/reset-password/${TOKEN}`);
    await user.type(await screen.findByLabelText('New Password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(
      await screen.findByRole('heading', { name: ACCOUNT_MAIL_MESSAGES.linkInvalid }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send a New Link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('signed in, a confirmation', () => {
  it('reads the user again, so the request to confirm goes', async () => {
    signIn(testUser({ emailVerified: false }));
    const { calls } = mockApi({
      'GET /api/auth/me': () => json({ success: true, data: { user: testUser() } }),
      'POST /api/auth/verify-email': () =>
        json({ success: true, message: 'ok', data: { email: 'asha@example.com', username: 'asha' } }),
    });
    renderRoute(`/verify-email/${TOKEN}`);
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/me').length).toBeGreaterThan(0));
  });
});
