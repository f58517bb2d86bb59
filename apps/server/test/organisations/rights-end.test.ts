import { EDUCATION, LIMIT_MESSAGES, ORGANISATION_MESSAGES, sectorOverview } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { addMember } from '../../src/features/organisations/organisation-repository';
import { createTestApp } from '../helpers/app';
import { bearer, createReport, createUser, type TestUser, tokenFor } from '../helpers/factories';
import { requester, tokenOfLink } from '../helpers/organisation-requests';

/*
 * Rights end with the role: the invitations a member sent end with their place as owner, an invitation
 * never makes anyone more than its sender is, and a report frame's token ends with its session and its
 * user's membership. Also the invitation limits that hold for an organisation and for everyone.
 */

const { app, db } = await createTestApp();
const call = requester(app);

async function organisationWithTwoOwners() {
  const first = await createUser(db, { fullName: 'First Owner' });
  const second = await createUser(db, { organisation: false });
  await addMember(db, first.organisationId!, second.id, 'owner');
  return { orgId: first.organisationId!, first, second };
}

async function inviteAs(owner: TestUser, orgId: number, role = 'owner') {
  const res = await call('POST', `/organisations/${orgId}/invitations`, await tokenFor(app, owner), {
    email: `invitee-${Math.random().toString(36).slice(2)}@example.com`,
    role,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: tokenOfLink(res.body.data.link), email: res.body.data.invitation.email as string };
}

describe('the invitations a member sent', () => {
  it('are revoked when the member is removed: the link answers 410', async () => {
    const { orgId, first, second } = await organisationWithTwoOwners();
    const sent = await inviteAs(second, orgId);
    const removed = await call(
      'DELETE',
      `/organisations/${orgId}/members/${second.id}`,
      await tokenFor(app, first),
    );
    expect(removed.status).toBe(200);
    const opened = await call('GET', `/invitations/${sent.token}`);
    expect(opened.status).toBe(410);
    expect(opened.body.message).toBe(ORGANISATION_MESSAGES.invitationInvalid);
    const invitee = await createUser(db, { email: sent.email });
    const accepted = await call('POST', `/invitations/${sent.token}/accept`, await tokenFor(app, invitee));
    expect(accepted.status).toBe(410);
  });

  it('are revoked when an owner leaves, or loses members.manage', async () => {
    const { orgId, first, second } = await organisationWithTwoOwners();
    const beforeLeaving = await inviteAs(second, orgId);
    expect(
      (await call('DELETE', `/organisations/${orgId}/members/${second.id}`, await tokenFor(app, second)))
        .status,
    ).toBe(200);
    expect((await call('GET', `/invitations/${beforeLeaving.token}`)).status).toBe(410);

    await addMember(db, orgId, second.id, 'owner');
    const beforeDemotion = await inviteAs(second, orgId, 'viewer');
    const demoted = await call(
      'PATCH',
      `/organisations/${orgId}/members/${second.id}`,
      await tokenFor(app, first),
      {
        role: 'editor',
      },
    );
    expect(demoted.status).toBe(200);
    expect((await call('GET', `/invitations/${beforeDemotion.token}`)).status).toBe(410);
  });

  it('never grant a role above the one their sender holds when it is accepted', async () => {
    const { orgId, second } = await organisationWithTwoOwners();
    const sent = await inviteAs(second, orgId, 'owner');
    // The sender's role changed by some other way than the member routes (which would have revoked it).
    await db.query("UPDATE memberships SET role = 'editor' WHERE organisation_id = $1 AND user_id = $2", [
      orgId,
      second.id,
    ]);
    const invitee = await createUser(db, { email: sent.email, organisation: false });
    const accepted = await call('POST', `/invitations/${sent.token}/accept`, await tokenFor(app, invitee));
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.user.organisation).toMatchObject({ id: orgId, role: 'editor' });
  });
});

describe('invitation limits', () => {
  it('100 per organisation a day and 500 an hour in all, across instances (429)', async () => {
    const owner = await createUser(db);
    const orgId = owner.organisationId!;
    // Other instances have already sent the organisation's day's share.
    await db.query(
      "INSERT INTO rate_limit_windows (bucket, key, hits, expires_at) VALUES ('invitations:organisation', $1, 100, now() + interval '1 day')",
      [`organisation:${orgId}`],
    );
    const refused = await call('POST', `/organisations/${orgId}/invitations`, await tokenFor(app, owner), {
      email: 'one-more@example.com',
      role: 'viewer',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(LIMIT_MESSAGES.invitations(Number(refused.headers['retry-after'])));

    const another = await createUser(db);
    await db.query(
      `INSERT INTO rate_limit_windows (bucket, key, hits, expires_at) VALUES ('invitations:all', 'all', 500, now() + interval '1 hour')
       ON CONFLICT (bucket, key) DO UPDATE SET hits = 500, expires_at = excluded.expires_at`,
    );
    const everyone = await call(
      'POST',
      `/organisations/${another.organisationId}/invitations`,
      await tokenFor(app, another),
      { email: 'someone@example.com', role: 'viewer' },
    );
    expect(everyone.status).toBe(429);
    await db.query("DELETE FROM rate_limit_windows WHERE bucket = 'invitations:all'");
  });
});

describe("a report frame's embed token", () => {
  async function frameFor(session: string) {
    const uuid = sectorOverview(EDUCATION).uuid;
    const res = await app.inject({
      url: '/api/powerbi/get-powerbi-token?tier=Beta',
      headers: bearer(session),
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().accessToken as string;
    return () => app.inject({ url: `/api/embed/reports/${uuid}`, headers: bearer(token) });
  }

  it('ends with the session that asked for it', async () => {
    const user = await createUser(db);
    await createReport(db, user.id, { report_uuid: sectorOverview(EDUCATION).uuid });
    const session = await tokenFor(app, user);
    const data = await frameFor(session);
    expect((await data()).statusCode).toBe(200);
    expect((await call('POST', '/auth/logout', session)).status).toBe(200);
    expect((await data()).statusCode).toBe(401);
  });

  it("ends with its user's membership", async () => {
    const { orgId, first, second } = await organisationWithTwoOwners();
    await createReport(db, first.id, { report_uuid: sectorOverview(EDUCATION).uuid });
    const session = await app.auth.signSession(second.id, { organisation: { id: orgId } });
    const data = await frameFor(session);
    expect((await data()).statusCode).toBe(200);
    await call('DELETE', `/organisations/${orgId}/members/${second.id}`, await tokenFor(app, first));
    expect((await data()).statusCode).toBe(401);
  });
});
