import { api, ORGANISATION_MESSAGES } from '@insightra/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn, testToken, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';

configure({ asyncUtilTimeout: 5000 });

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const INVITATION_PATH = `/api/invitations/${TOKEN}`;
const OFFER = {
  organisationName: 'Acme School',
  invitedBy: 'Asha Verma',
  email: 'ravi@example.com',
  role: 'editor',
  expired: false,
};
const ravi = testUser({ id: 8, username: 'ravi', fullName: 'Ravi Kumar', email: 'ravi@example.com' });

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
const offered = (handlers: Record<string, Handler> = {}) =>
  mockApi({ [`GET ${INVITATION_PATH}`]: () => json({ success: true, data: OFFER }), ...handlers });

describe('/invite/{token}', () => {
  it('says who invites, to what and as what, and offers sign-in and registration to a visitor', async () => {
    offered();
    renderRoute(`/invite/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Join Acme School' })).toBeInTheDocument();
    expect(screen.getByText(/Asha Verma invites you to join/)).toHaveTextContent(
      'Asha Verma invites you to join Acme School as editor.',
    );
    expect(screen.getByText('The invitation was sent to ravi@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register as ravi@example.com' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'used, revoked or expired (410)',
      () => json({ success: false, message: ORGANISATION_MESSAGES.invitationInvalid }, 410),
    ],
    ['past its date', () => json({ success: true, data: { ...OFFER, expired: true } })],
    ['unknown (404)', () => json({ success: false, message: 'Not found' }, 404)],
  ])('says a link %s is no longer valid', async (_case, answer) => {
    mockApi({ [`GET ${INVITATION_PATH}`]: answer });
    renderRoute(`/invite/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: ORGANISATION_MESSAGES.invitationInvalid }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to accept' })).not.toBeInTheDocument();
  });

  it('lets a signed-in user accept: the new session is stored and the dashboard opens', async () => {
    const joined = testUser({
      ...ravi,
      organisation: { id: 1, name: 'Acme School', role: 'editor' },
      organisations: [{ id: 1, name: 'Acme School', role: 'editor' }],
    });
    const joinedToken = testToken(joined);
    const before = testUser({ ...ravi, organisation: null, organisations: [], sectorId: null });
    signIn(before);
    const { calls } = offered({
      [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user: before } }),
      [`POST ${INVITATION_PATH}/accept`]: () =>
        json({ success: true, data: { token: joinedToken, user: joined } }),
      'GET /api/powerbi/health': () =>
        json({ status: 'healthy', provider: 'builtin', database: 'ok', bi: 'ok' }),
    });
    const { user, router } = renderRoute(`/invite/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem('token')).toBe(joinedToken);
    expect(await screen.findByText(ORGANISATION_MESSAGES.joined('Acme School'))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${INVITATION_PATH}/accept`)).toBe(true);
  });

  it("shows the server's refusal when the account's e-mail is not the invited one", async () => {
    signIn(ravi);
    offered({
      [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user: ravi } }),
      [`POST ${INVITATION_PATH}/accept`]: () =>
        json({ success: false, message: ORGANISATION_MESSAGES.invitationOtherEmail }, 403),
    });
    const { user } = renderRoute(`/invite/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ORGANISATION_MESSAGES.invitationOtherEmail);
  });

  it('registers with the invited address prefilled, sending the invitation, and opens the dashboard', async () => {
    const joined = testUser({ ...ravi, organisation: { id: 1, name: 'Acme School', role: 'editor' } });
    const { calls } = offered({
      [`POST ${api.auth.register.path}`]: () =>
        json({
          success: true,
          message: 'Registration successful',
          data: { token: testToken(joined), user: joined },
        }),
      'GET /api/powerbi/health': () =>
        json({ status: 'healthy', provider: 'builtin', database: 'ok', bi: 'ok' }),
    });
    const { user, router } = renderRoute(`/invite/${TOKEN}`);
    await user.click(await screen.findByRole('link', { name: 'Register as ravi@example.com' }));
    const form = await screen.findByRole('form', { name: 'Register' });
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/You are invited to join/)).toHaveTextContent('Acme School as editor');
    expect(within(form).getByLabelText('Email')).toHaveValue('ravi@example.com');
    await user.type(within(form).getByLabelText('Full Name'), 'Ravi Kumar');
    await user.type(within(form).getByLabelText('Username'), 'ravi');
    await user.type(within(form).getByLabelText('Password'), 'secret123');
    await user.type(within(form).getByLabelText('Confirm Password'), 'secret123');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const sent = JSON.parse(String(calls.find((c) => c.path === api.auth.register.path)?.init.body));
    expect(sent).toMatchObject({ email: 'ravi@example.com', invitationToken: TOKEN });
  });

  it('comes back to the invitation after signing in', async () => {
    offered({
      [`POST ${api.auth.login.path}`]: () =>
        json({ success: true, message: 'Login successful', data: { token: testToken(ravi), user: ravi } }),
      [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user: ravi } }),
    });
    const { user, router } = renderRoute(`/invite/${TOKEN}`);
    await user.click(await screen.findByRole('link', { name: 'Sign in to accept' }));
    await user.type(await screen.findByLabelText('Username or Email'), 'ravi');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invite/${TOKEN}`));
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeInTheDocument();
  });
});
