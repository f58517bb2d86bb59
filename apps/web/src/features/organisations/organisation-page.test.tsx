import { api, type Invitation, type Member, ORGANISATION_MESSAGES } from '@insightra/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACME, signIn, testToken, testUser } from '../../test/fixtures';
import { json, mockApi, renderRoute } from '../../test/render';

configure({ asyncUtilTimeout: 5000 });

const MEMBERS: Member[] = [
  {
    userId: 7,
    username: 'asha',
    fullName: 'Asha Verma',
    email: 'asha@example.com',
    role: 'owner',
    joinedAt: '2025-01-15T10:00:00.000Z',
  },
  {
    userId: 8,
    username: 'ravi',
    fullName: 'Ravi Kumar',
    email: 'ravi@example.com',
    role: 'editor',
    joinedAt: '2025-02-01T10:00:00.000Z',
  },
];
const PENDING: Invitation[] = [
  { id: 31, email: 'meera@example.com', role: 'viewer', expiresAt: '2025-03-08T10:00:00.000Z' },
];
const MEMBERS_PATH = '/api/organisations/1/members';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function setup(role: 'owner' | 'viewer', handlers: Record<string, Handler> = {}) {
  const user = testUser({ organisation: { ...ACME, role } });
  signIn(user);
  return mockApi({
    [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user } }),
    [`GET ${MEMBERS_PATH}`]: () =>
      json({ success: true, data: { members: MEMBERS, invitations: role === 'owner' ? PENDING : [] } }),
    ...handlers,
  });
}

const body = (calls: { method: string; path: string; init: RequestInit }[], method: string, path: string) =>
  JSON.parse(String(calls.find((c) => c.method === method && c.path === path)?.init.body));

/** The desktop table (jsdom applies no CSS, so the phone cards are in the document too). */
const table = () => screen.getByRole('table', { name: 'Members' });

describe('/organisation as its owner', () => {
  it('lists members with their role and join date, and hides the site navigation bar', async () => {
    setup('owner');
    renderRoute('/organisation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme School' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('table', { name: 'Members' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    for (const name of ['Name', 'E-mail', 'Role', 'Joined'])
      expect(within(rows[0]!).getByRole('columnheader', { name })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('You')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('ravi@example.com')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('1 Feb 2025')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: /Role of Ravi Kumar/ })).toHaveTextContent('Editor');
    // You cannot remove yourself (Leave does that); others can be removed.
    expect(within(rows[1]!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Remove Ravi Kumar' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Organisation: Acme School/ })).toBeInTheDocument();
  });

  it("changes a member's role with the keyboard", async () => {
    const { calls } = setup('owner', {
      'PATCH /api/organisations/1/members/8': () => json({ success: true, message: 'Role changed' }),
    });
    const { user } = renderRoute('/organisation');
    const role = await within(await screen.findByRole('table', { name: 'Members' })).findByRole('button', {
      name: /Role of Ravi Kumar/,
    });
    role.focus();
    await user.keyboard('{ArrowDown}{End}{Enter}');
    expect(await screen.findByText(ORGANISATION_MESSAGES.roleChanged)).toBeInTheDocument();
    expect(body(calls, 'PATCH', '/api/organisations/1/members/8')).toEqual({ role: 'viewer' });
  });

  it('removes a member after confirming', async () => {
    const { calls } = setup('owner', {
      'DELETE /api/organisations/1/members/8': () => json({ success: true, message: 'Member removed' }),
    });
    const { user } = renderRoute('/organisation');
    await user.click(
      within(await screen.findByRole('table', { name: 'Members' })).getByRole('button', {
        name: 'Remove Ravi Kumar',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ravi Kumar from Acme School?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(ORGANISATION_MESSAGES.removed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/organisations/1/members/8')).toBe(
      true,
    );
  });

  it('says the last owner cannot leave', async () => {
    setup('owner', {
      'DELETE /api/organisations/1/members/7': () =>
        json({ success: false, message: ORGANISATION_MESSAGES.lastOwner }, 409),
    });
    const { user } = renderRoute('/organisation');
    await user.click(await screen.findByRole('button', { name: 'Leave organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Acme School?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ORGANISATION_MESSAGES.lastOwner);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('invites by e-mail with a role, shows the link to copy, and revokes a pending invitation', async () => {
    const link = 'https://insightra.example/invite/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const { calls } = setup('owner', {
      'POST /api/organisations/1/invitations': () =>
        json(
          {
            success: true,
            data: {
              invitation: {
                id: 32,
                email: 'neel@example.com',
                role: 'viewer',
                expiresAt: '2025-03-09T10:00:00.000Z',
              },
              link,
            },
          },
          201,
        ),
      'DELETE /api/organisations/1/invitations/31': () =>
        json({ success: true, message: 'Invitation revoked' }),
    });
    const { user } = renderRoute('/organisation');
    const invitations = await screen.findByRole('region', { name: 'Invitations' });
    expect(await within(invitations).findByText('meera@example.com')).toBeInTheDocument();

    await user.type(within(invitations).getByLabelText('E-mail'), 'neel@example.com');
    await user.click(within(invitations).getByRole('button', { name: /Role/ }));
    await user.click(within(invitations).getByRole('option', { name: 'Viewer' }));
    await user.click(within(invitations).getByRole('button', { name: 'Invite' }));
    expect(await within(invitations).findByLabelText('Invitation link for neel@example.com')).toHaveValue(
      link,
    );
    expect(body(calls, 'POST', '/api/organisations/1/invitations')).toEqual({
      email: 'neel@example.com',
      role: 'viewer',
    });
    await user.click(within(invitations).getByRole('button', { name: 'Copy' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(within(invitations).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(
      within(invitations).getByRole('button', { name: 'Revoke the invitation of meera@example.com' }),
    );
    expect(await screen.findByText(ORGANISATION_MESSAGES.revoked)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/organisations/1/invitations/31')).toBe(
      true,
    );
  });

  it('renames the organisation, and the header follows', async () => {
    let name = 'Acme School';
    const owner = () => testUser({ organisation: { ...ACME, name } });
    signIn(owner());
    const { calls } = mockApi({
      [`GET ${api.auth.me.path}`]: () => json({ success: true, data: { user: owner() } }),
      [`GET ${MEMBERS_PATH}`]: () => json({ success: true, data: { members: MEMBERS, invitations: [] } }),
      'PATCH /api/organisations/1': (_url, init) => {
        name = JSON.parse(String(init.body)).name;
        return json({
          success: true,
          data: {
            organisation: {
              id: 1,
              name,
              sectorId: 1,
              sector: 'Education',
              customerId: 0,
              memberCount: 2,
              createdAt: '',
            },
          },
        });
      },
    });
    const { user } = renderRoute('/organisation');
    const field = await screen.findByLabelText('Organisation name');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByText(ORGANISATION_MESSAGES.nameRequired)).toBeInTheDocument();
    await user.type(field, 'Acme High School');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText(ORGANISATION_MESSAGES.renamed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Acme High School' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Organisation: Acme High School/ })).toBeInTheDocument();
    expect(body(calls, 'PATCH', '/api/organisations/1')).toEqual({ name: 'Acme High School' });
  });

  it('says when the members could not be loaded, and tries again', async () => {
    let fail = true;
    setup('owner', {
      [`GET ${MEMBERS_PATH}`]: () =>
        fail
          ? json({ success: false, message: 'Service unavailable' }, 503)
          : json({ success: true, data: { members: MEMBERS, invitations: [] } }),
    });
    const { user } = renderRoute('/organisation');
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Members' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Invitations' })).getByText('No pending invitations.'),
    ).toBeInTheDocument();
  });
});

describe('/organisation as a viewer', () => {
  it('shows read-only lists: no role selectors, no Remove, no invitations or rename; Leave stays', async () => {
    setup('viewer');
    renderRoute('/organisation');
    await screen.findByRole('table', { name: 'Members' });
    expect(within(table()).getAllByRole('row')).toHaveLength(3);
    expect(within(table()).getByText('Editor')).toBeInTheDocument();
    expect(within(table()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Organisation name')).not.toBeInTheDocument();
    expect(screen.getByText(/You are viewer here/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave organisation' })).toBeEnabled();
  });

  it('leaves: the session follows the server to its next organisation', async () => {
    const viewer = testUser({ organisation: { ...ACME, role: 'viewer' } });
    const elsewhere = { id: 2, name: 'Beacon College', role: 'owner' as const };
    const after = testUser({ organisation: elsewhere, organisations: [elsewhere] });
    const afterToken = testToken(after);
    let left = false;
    signIn(viewer);
    mockApi({
      [`GET ${api.auth.me.path}`]: () =>
        json({ success: true, data: left ? { user: after, token: afterToken } : { user: viewer } }),
      [`GET ${MEMBERS_PATH}`]: () => json({ success: true, data: { members: MEMBERS, invitations: [] } }),
      'DELETE /api/organisations/1/members/7': () => {
        left = true;
        return json({ success: true, message: 'You left the organisation' });
      },
    });
    const { user, router } = renderRoute('/organisation');
    await user.click(await screen.findByRole('button', { name: 'Leave organisation' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText(ORGANISATION_MESSAGES.left)).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe(afterToken);
  });
});
