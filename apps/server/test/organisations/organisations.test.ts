import { ORGANISATION_LIMITS, ORGANISATION_MESSAGES } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createUser, tokenFor } from '../helpers/factories';
import { requester } from '../helpers/organisation-requests';

const { app, db } = await createTestApp();
const call = requester(app);

/** A member with an organisation of their own, signed in. */
async function member(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  return { ...user, token: await tokenFor(app, user) };
}

describe('GET and POST /api/organisations', () => {
  it("lists the caller's organisations with role, sector and member count, and the active one", async () => {
    const owner = await member({ fullName: 'Zed Owner' });
    const created = await call('POST', '/organisations', owner.token, { name: '  Acme School ' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(ORGANISATION_MESSAGES.created);
    expect(created.body.data.organisation).toMatchObject({
      name: 'Acme School',
      sectorId: null,
      sector: null,
      customerId: 0,
      memberCount: 1,
    });
    const list = await call('GET', '/organisations', owner.token);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({
      organisations: [
        {
          id: created.body.data.organisation.id,
          name: 'Acme School',
          role: 'owner',
          sectorId: null,
          memberCount: 1,
        },
        { id: owner.organisationId, name: 'Zed Owner', role: 'owner', sectorId: 1, memberCount: 1 },
      ],
      activeId: owner.organisationId,
    });
    const page = await call('GET', '/organisations?limit=1&offset=1', owner.token);
    expect(page.body.data.organisations.map((o: { name: string }) => o.name)).toEqual(['Zed Owner']);
    expect((await call('GET', '/organisations?limit=0', owner.token)).status).toBe(400);
  });

  it(`lets one user create at most ${ORGANISATION_LIMITS.createdPerUser} organisations (409)`, async () => {
    const owner = await member();
    // Their own organisation (made with the account) counts as one they created.
    for (let i = 1; i < ORGANISATION_LIMITS.createdPerUser; i++) {
      expect((await call('POST', '/organisations', owner.token, { name: `Org ${i}` })).status).toBe(201);
    }
    const over = await call('POST', '/organisations', owner.token, { name: 'One too many' });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ success: false, message: ORGANISATION_MESSAGES.tooMany });
  });

  it('refuses a name that is too short or has control characters', async () => {
    const owner = await member();
    expect((await call('POST', '/organisations', owner.token, { name: 'A' })).status).toBe(400);
    expect((await call('POST', '/organisations', owner.token, { name: 'Bad\u0007name' })).status).toBe(400);
    expect((await call('POST', '/organisations', null, { name: 'Anonymous' })).status).toBe(401);
  });
});

describe('POST /api/organisations/:id/switch', () => {
  it('moves the session into another organisation of the member, and new sessions start there', async () => {
    const owner = await member();
    const other = await call('POST', '/organisations', owner.token, { name: 'Second Org' });
    const id = other.body.data.organisation.id;
    const switched = await call('POST', `/organisations/${id}/switch`, owner.token);
    expect(switched.status).toBe(200);
    expect(switched.body.message).toBe(ORGANISATION_MESSAGES.switched('Second Org'));
    expect(switched.body.data.user.organisation).toEqual({ id, name: 'Second Org', role: 'owner' });
    expect(switched.body.data.user.sectorId).toBeNull();
    const me = await call('GET', '/auth/me', switched.body.data.token);
    expect(me.body.data.user.organisation.id).toBe(id);
    // A token naming the organisation the session left (another tab) is refused where it matters.
    const back = await call(
      'POST',
      `/organisations/${owner.organisationId}/switch`,
      switched.body.data.token,
    );
    expect(back.body.data.user.organisation.id).toBe(owner.organisationId);
    const stale = await call('GET', '/reports', switched.body.data.token);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(ORGANISATION_MESSAGES.switchedElsewhere);
    expect((await call('GET', '/reports', back.body.data.token)).status).toBe(200);
    await call('POST', `/organisations/${id}/switch`, back.body.data.token);
    const { rows } = await db.query<{ d: number }>(
      'SELECT default_organisation_id AS d FROM users WHERE id = $1',
      [owner.id],
    );
    expect(rows[0]!.d).toBe(id);
    const fresh = await tokenFor(app, owner);
    expect((await call('GET', '/auth/me', fresh)).body.data.user.organisation.id).toBe(id);
  });

  it('answers 404 for an organisation the caller is not in; an administrator may enter any as editor', async () => {
    const owner = await member();
    const stranger = await member();
    const refused = await call('POST', `/organisations/${owner.organisationId}/switch`, stranger.token);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(ORGANISATION_MESSAGES.notFound);
    expect((await call('POST', '/organisations/999999/switch', stranger.token)).status).toBe(404);
    const admin = await member({ role: 'admin', organisation: false });
    const entered = await call('POST', `/organisations/${owner.organisationId}/switch`, admin.token);
    expect(entered.status).toBe(200);
    expect(entered.body.data.user.organisation).toMatchObject({ id: owner.organisationId, role: 'editor' });
    expect(entered.body.data.user.permissions['reports.manage']).toBe(true);
    expect(entered.body.data.user.permissions['members.manage']).toBe(false);
  });
});

describe('PATCH /api/organisations/:id', () => {
  it('renames for owners; other roles get 403 naming the action, strangers 404', async () => {
    const owner = await member();
    const renamed = await call('PATCH', `/organisations/${owner.organisationId}`, owner.token, {
      name: 'Acme Renamed',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe(ORGANISATION_MESSAGES.renamed);
    expect(renamed.body.data.organisation).toMatchObject({ id: owner.organisationId, name: 'Acme Renamed' });

    const editor = await member();
    await db.query("INSERT INTO memberships (organisation_id, user_id, role) VALUES ($1, $2, 'editor')", [
      owner.organisationId,
      editor.id,
    ]);
    const refused = await call('PATCH', `/organisations/${owner.organisationId}`, editor.token, {
      name: 'Mine',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      ORGANISATION_MESSAGES.refused('editor', 'organisation.manage', 'Acme Renamed'),
    );
    const stranger = await member();
    expect(
      (await call('PATCH', `/organisations/${owner.organisationId}`, stranger.token, { name: 'Taken' }))
        .status,
    ).toBe(404);
  });
});
