import { ORGANISATION_MESSAGES } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createUser, tokenFor } from '../helpers/factories';
import { requester } from '../helpers/organisation-requests';

const { app, db } = await createTestApp();
const call = requester(app);

type Role = 'owner' | 'editor' | 'viewer';

/** An owner's organisation with one more member of `role`, both signed in; the member works in it. */
async function team(role: Role = 'editor') {
  const owner = await createUser(db, { fullName: 'Olive Owner' });
  const person = await createUser(db, { fullName: 'Pat Person' });
  const orgId = owner.organisationId!;
  await db.query('INSERT INTO memberships (organisation_id, user_id, role) VALUES ($1, $2, $3)', [
    orgId,
    person.id,
    role,
  ]);
  const ownerToken = await tokenFor(app, owner);
  const switched = await call('POST', `/organisations/${orgId}/switch`, await tokenFor(app, person));
  return { owner, person, orgId, ownerToken, personToken: switched.body.data.token as string };
}

const inviteFrom = (ownerToken: string, orgId: number, email: string) =>
  call('POST', `/organisations/${orgId}/invitations`, ownerToken, { email, role: 'viewer' });

describe('GET /api/organisations/:id/members', () => {
  it('lists members by name, paged; pending invitations only for owners', async () => {
    const { owner, person, orgId, ownerToken, personToken } = await team('editor');
    await inviteFrom(ownerToken, orgId, 'new.person@example.com');
    const asOwner = await call('GET', `/organisations/${orgId}/members`, ownerToken);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.data.members).toEqual([
      expect.objectContaining({
        userId: owner.id,
        fullName: 'Olive Owner',
        email: owner.email,
        role: 'owner',
      }),
      expect.objectContaining({ userId: person.id, username: person.username, role: 'editor' }),
    ]);
    expect(asOwner.body.data.invitations).toEqual([
      expect.objectContaining({ email: 'new.person@example.com', role: 'viewer', invitedBy: 'Olive Owner' }),
    ]);
    const asEditor = await call('GET', `/organisations/${orgId}/members?limit=1&offset=1`, personToken);
    expect(asEditor.body.data.members.map((m: { userId: number }) => m.userId)).toEqual([person.id]);
    expect(asEditor.body.data.invitations).toEqual([]);
    const stranger = await tokenFor(app, await createUser(db));
    const hidden = await call('GET', `/organisations/${orgId}/members`, stranger);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(ORGANISATION_MESSAGES.notFound);
  });
});

describe('PATCH /api/organisations/:id/members/:userId', () => {
  it("changes a member's role, effective at their next request", async () => {
    const { person, orgId, ownerToken, personToken } = await team('editor');
    const before = await call('GET', '/auth/me', personToken);
    expect(before.body.data.user.permissions['uploads.create']).toBe(true);
    const changed = await call('PATCH', `/organisations/${orgId}/members/${person.id}`, ownerToken, {
      role: 'viewer',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ success: true, message: ORGANISATION_MESSAGES.roleChanged });
    const after = await call('GET', '/auth/me', personToken);
    expect(after.body.data.user.organisation.role).toBe('viewer');
    expect(after.body.data.user.permissions['uploads.create']).toBe(false);
  });

  it('keeps at least one owner (409), refuses non-owners (403) and unknown members (404)', async () => {
    const { owner, person, orgId, ownerToken, personToken } = await team('editor');
    const demoteSelf = await call('PATCH', `/organisations/${orgId}/members/${owner.id}`, ownerToken, {
      role: 'editor',
    });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.message).toBe('An organisation needs at least one owner');
    const byEditor = await call('PATCH', `/organisations/${orgId}/members/${owner.id}`, personToken, {
      role: 'viewer',
    });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.message).toBe(
      ORGANISATION_MESSAGES.refused('editor', 'members.manage', 'Olive Owner'),
    );
    const stranger = await createUser(db);
    const unknown = await call('PATCH', `/organisations/${orgId}/members/${stranger.id}`, ownerToken, {
      role: 'viewer',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ORGANISATION_MESSAGES.memberNotFound);
    // With a second owner, the first may step down.
    await call('PATCH', `/organisations/${orgId}/members/${person.id}`, ownerToken, { role: 'owner' });
    const stepDown = await call('PATCH', `/organisations/${orgId}/members/${owner.id}`, ownerToken, {
      role: 'editor',
    });
    expect(stepDown.status).toBe(200);
  });
});

describe('DELETE /api/organisations/:id/members/:userId', () => {
  it("removes a member at their next request; their uploads stay the organisation's", async () => {
    const { person, orgId, ownerToken, personToken } = await team('editor');
    await db.query(
      "INSERT INTO upload_logs (organisation_id, user_id, file_name, file_format) VALUES ($1, $2, 'a.csv', 'csv')",
      [orgId, person.id],
    );
    const removed = await call('DELETE', `/organisations/${orgId}/members/${person.id}`, ownerToken);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, message: ORGANISATION_MESSAGES.removed });

    // The next request of the removed member: the organisation is gone from their view.
    expect((await call('GET', `/organisations/${orgId}/members`, personToken)).status).toBe(404);
    expect((await call('GET', '/reports', personToken)).status).toBe(409);
    const me = await call('GET', '/auth/me', personToken);
    expect(me.body.data.user.organisation.id).toBe(person.organisationId);
    expect(me.body.data.user.organisations.map((o: { id: number }) => o.id)).toEqual([person.organisationId]);
    expect((await call('GET', '/reports', me.body.data.token)).status).toBe(200);
    const { rows } = await db.query<{ d: number }>(
      'SELECT default_organisation_id AS d FROM users WHERE id = $1',
      [person.id],
    );
    expect(rows[0]!.d).toBe(person.organisationId);
    const uploads = await db.query('SELECT user_id FROM upload_logs WHERE organisation_id = $1', [orgId]);
    expect(uploads.rows).toEqual([{ user_id: person.id }]);
  });

  it('lets a member leave; a member with no other organisation is left with none', async () => {
    const owner = await createUser(db);
    const joiner = await createUser(db, { organisation: false });
    await db.query("INSERT INTO memberships (organisation_id, user_id, role) VALUES ($1, $2, 'viewer')", [
      owner.organisationId,
      joiner.id,
    ]);
    await db.query('UPDATE users SET default_organisation_id = $1 WHERE id = $2', [
      owner.organisationId,
      joiner.id,
    ]);
    const token = await tokenFor(app, joiner);
    const left = await call('DELETE', `/organisations/${owner.organisationId}/members/${joiner.id}`, token);
    expect(left.status).toBe(200);
    expect(left.body.message).toBe(ORGANISATION_MESSAGES.left);
    const me = await call('GET', '/auth/me', token);
    expect(me.body.data.user.organisation).toBeNull();
    expect(me.body.data.user.organisations).toEqual([]);
    expect((await call('GET', '/reports', token)).body.data).toEqual([]);
  });

  it('keeps the last owner (409) and refuses others removing anyone but themselves (403)', async () => {
    const { owner, person, orgId, ownerToken, personToken } = await team('viewer');
    const lastOwner = await call('DELETE', `/organisations/${orgId}/members/${owner.id}`, ownerToken);
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.message).toBe(ORGANISATION_MESSAGES.lastOwner);
    const byViewer = await call('DELETE', `/organisations/${orgId}/members/${owner.id}`, personToken);
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.message).toBe(
      ORGANISATION_MESSAGES.refused('viewer', 'members.manage', 'Olive Owner'),
    );
    const { rows } = await db.query(
      'SELECT user_id FROM memberships WHERE organisation_id = $1 ORDER BY user_id',
      [orgId],
    );
    expect(rows).toEqual([{ user_id: owner.id }, { user_id: person.id }]);
  });
});
