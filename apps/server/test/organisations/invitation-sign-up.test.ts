import { ORGANISATION_MESSAGES } from '@insightra/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createUser, tokenFor } from '../helpers/factories';
import { startGoogleKeys } from '../helpers/google-stand-in';
import { requester, tokenOfLink } from '../helpers/organisation-requests';

const keys = await startGoogleKeys();
afterAll(keys.close);
const { app, db } = await createTestApp(keys.env);
const call = requester(app);

/** An invitation to the organisation of a new owner, for `email`. */
async function invitationFor(email: string, role = 'editor') {
  const owner = await createUser(db);
  const res = await call(
    'POST',
    `/organisations/${owner.organisationId}/invitations`,
    await tokenFor(app, owner),
    {
      email,
      role,
    },
  );
  expect(res.status).toBe(201);
  return { orgId: owner.organisationId!, token: tokenOfLink(res.body.data.link) };
}

const organisationsOf = async (userId: number) =>
  (
    await db.query<{ organisation_id: number; role: string }>(
      'SELECT organisation_id, role FROM memberships WHERE user_id = $1',
      [userId],
    )
  ).rows;

const countUsers = async () =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;

let seq = 0;
const registration = (email: string) => {
  seq += 1;
  return { username: `invited_${seq}`, fullName: 'Invited Person', email, password: 'password123' };
};

describe('POST /api/auth/register with invitationToken', () => {
  it('joins only the inviting organisation (no personal one) and starts the session there', async () => {
    const { orgId, token } = await invitationFor('Reg.Person@Example.com', 'viewer');
    const res = await call('POST', '/auth/register', null, {
      ...registration('reg.person@example.com'),
      invitationToken: token,
    });
    expect(res.status).toBe(201);
    const { user, token: session } = res.body.data;
    expect(user.organisation).toMatchObject({ id: orgId, role: 'viewer' });
    expect(user.organisations).toHaveLength(1);
    expect(await organisationsOf(user.id)).toEqual([{ organisation_id: orgId, role: 'viewer' }]);
    expect((await call('GET', '/reports', session)).status).toBe(200);
    expect((await call('GET', `/invitations/${token}`)).status).toBe(410);
  });

  it('checks the invitation before making the account: other e-mail 403, used link 410, unknown 404', async () => {
    const { token } = await invitationFor('expected@example.com');
    const before = await countUsers();
    const other = await call('POST', '/auth/register', null, {
      ...registration('someone.else@example.com'),
      invitationToken: token,
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(ORGANISATION_MESSAGES.invitationOtherEmail);
    const unknown = await call('POST', '/auth/register', null, {
      ...registration('expected@example.com'),
      invitationToken: 'y'.repeat(43),
    });
    expect(unknown.status).toBe(404);
    expect(await countUsers()).toBe(before);
    await call('POST', '/auth/register', null, {
      ...registration('expected@example.com'),
      invitationToken: token,
    });
    const used = await call('POST', '/auth/register', null, {
      ...registration('expected2@example.com'),
      invitationToken: token,
    });
    expect(used.status).toBe(410);
  });

  it('still makes a personal organisation for a registration without an invitation', async () => {
    const res = await call('POST', '/auth/register', null, registration('plain@example.com'));
    expect(res.status).toBe(201);
    expect(res.body.data.user.organisation).toMatchObject({ name: 'Invited Person', role: 'owner' });
  });
});

describe('POST /api/auth/google with invitationToken', () => {
  it('a new Google account joins the inviting organisation only, and its session starts there', async () => {
    const { orgId, token } = await invitationFor('g.new@gmail.com');
    const res = await call('POST', '/auth/google', null, {
      idToken: await keys.idToken({ email: 'G.New@gmail.com', name: 'Gee New' }),
      invitationToken: token,
    });
    expect(res.status).toBe(200);
    const { user } = res.body.data;
    expect(user.organisation).toMatchObject({ id: orgId, role: 'editor' });
    expect(await organisationsOf(user.id)).toEqual([{ organisation_id: orgId, role: 'editor' }]);
    const me = await call('GET', '/auth/me', res.body.data.token);
    expect(me.body.data.user.organisation.id).toBe(orgId);
  });

  it('an account already linked to Google accepts the invitation as it signs in', async () => {
    const first = await call('POST', '/auth/google', null, {
      idToken: await keys.idToken({ sub: 'linked-sub', email: 'linked@gmail.com' }),
    });
    const userId = first.body.data.user.id;
    const own = first.body.data.user.organisation.id;
    const { orgId, token } = await invitationFor('LINKED@gmail.com', 'viewer');
    const res = await call('POST', '/auth/google', null, {
      idToken: await keys.idToken({ sub: 'linked-sub', email: 'linked@gmail.com' }),
      invitationToken: token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(userId);
    expect(res.body.data.user.organisation).toMatchObject({ id: orgId, role: 'viewer' });
    expect((await organisationsOf(userId)).map((m) => m.organisation_id).sort()).toEqual([own, orgId].sort());
  });

  it('refuses an invitation for another address (403) without making an account', async () => {
    const { token } = await invitationFor('invited@example.com');
    const before = await countUsers();
    const res = await call('POST', '/auth/google', null, {
      idToken: await keys.idToken({ email: 'not.invited@gmail.com' }),
      invitationToken: token,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ORGANISATION_MESSAGES.invitationOtherEmail);
    expect(await countUsers()).toBe(before);
    expect((await call('GET', `/invitations/${token}`)).body.data.expired).toBe(false);
  });
});
