import { createHash } from 'node:crypto';
import { LIMIT_MESSAGES, ORGANISATION_LIMITS, ORGANISATION_MESSAGES } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createUser, tokenFor } from '../helpers/factories';
import { requester, tokenOfLink } from '../helpers/organisation-requests';

const PUBLIC_URL = 'https://portal.example.com';
const { app, db } = await createTestApp({ PUBLIC_URL });
const call = requester(app);

/** An owner of an organisation named `name`, signed in. */
async function owner(name = 'Acme School') {
  const user = await createUser(db, { fullName: name === 'Acme School' ? 'Olive Owner' : null });
  await db.query('UPDATE organisations SET name = $1 WHERE id = $2', [name, user.organisationId]);
  return { ...user, orgId: user.organisationId!, token: await tokenFor(app, user) };
}

async function invite(from: { orgId: number; token: string }, email: string, role = 'editor') {
  const res = await call('POST', `/organisations/${from.orgId}/invitations`, from.token, { email, role });
  expect(res.status).toBe(201);
  return { ...res.body.data, token: tokenOfLink(res.body.data.link) as string };
}

/** Someone who signs in with `email` (no organisation of their own unless `own`). */
async function invitee(email: string, own = false) {
  const user = await createUser(db, { email, organisation: own });
  return { ...user, token: await tokenFor(app, user) };
}

describe('POST /api/organisations/:id/invitations', () => {
  it('answers the invitation and a single-use link from PUBLIC_URL; only the token hash is kept', async () => {
    const acme = await owner();
    const res = await app.inject({
      method: 'POST',
      url: `/api/organisations/${acme.orgId}/invitations`,
      headers: {
        authorization: `Bearer ${acme.token}`,
        host: 'attacker.example',
        'x-forwarded-host': 'evil.test',
      },
      payload: { email: 'New.Person@Example.com', role: 'viewer' },
    });
    expect(res.statusCode).toBe(201);
    const { invitation, link } = res.json().data;
    expect(res.json().message).toBe(ORGANISATION_MESSAGES.invited);
    expect(invitation).toMatchObject({
      email: 'New.Person@Example.com',
      role: 'viewer',
      invitedBy: 'Olive Owner',
    });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(ORGANISATION_LIMITS.invitationDays - 0.01);
    expect(days).toBeLessThanOrEqual(ORGANISATION_LIMITS.invitationDays);
    expect(link).toMatch(/^https:\/\/portal\.example\.com\/invite\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOfLink(link);
    const { rows } = await db.query<{ token_hash: string }>(
      'SELECT token_hash FROM invitations WHERE id = $1',
      [invitation.id],
    );
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const stored = await db.query(
      "SELECT 1 FROM invitations WHERE row_to_json(invitations)::text LIKE '%' || $1 || '%'",
      [token],
    );
    expect(stored.rows).toEqual([]);
  });

  it('refuses non-owners (403), members already there (409), and bad input (400)', async () => {
    const acme = await owner();
    const editor = await invitee('editor@example.com');
    await db.query("INSERT INTO memberships (organisation_id, user_id, role) VALUES ($1, $2, 'editor')", [
      acme.orgId,
      editor.id,
    ]);
    const byEditor = await call('POST', `/organisations/${acme.orgId}/invitations`, editor.token, {
      email: 'x@example.com',
      role: 'viewer',
    });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.message).toBe(
      ORGANISATION_MESSAGES.refused('editor', 'members.manage', 'Acme School'),
    );
    const already = await call('POST', `/organisations/${acme.orgId}/invitations`, acme.token, {
      email: 'EDITOR@example.com',
      role: 'viewer',
    });
    expect(already.status).toBe(409);
    expect(already.body.message).toBe(ORGANISATION_MESSAGES.alreadyMember);
    const badRole = await call('POST', `/organisations/${acme.orgId}/invitations`, acme.token, {
      email: 'x@example.com',
      role: 'admin',
    });
    expect(badRole.status).toBe(400);
  });

  it(`sends at most ${ORGANISATION_LIMITS.invitationsPerOwnerPerHour} per owner per hour (429)`, async () => {
    const busy = await owner('Busy Org');
    for (let i = 0; i < ORGANISATION_LIMITS.invitationsPerOwnerPerHour; i++) {
      await invite(busy, `person${i}@example.com`);
    }
    const over = await call('POST', `/organisations/${busy.orgId}/invitations`, busy.token, {
      email: 'one.more@example.com',
      role: 'viewer',
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body.message).toBe(LIMIT_MESSAGES.invitations(Number(over.headers['retry-after'])));
  });

  it(`keeps at most ${ORGANISATION_LIMITS.pendingInvitations} pending per organisation (429)`, async () => {
    const full = await owner('Full Org');
    await db.query(
      `INSERT INTO invitations (organisation_id, email, role, token_hash, invited_by, expires_at)
       SELECT $1::int, 'p' || n || '@example.com', 'viewer', md5('full' || n || $1::text), $2::int, now() + interval '1 day'
         FROM generate_series(1, $3::int) AS n`,
      [full.orgId, full.id, ORGANISATION_LIMITS.pendingInvitations],
    );
    const over = await call('POST', `/organisations/${full.orgId}/invitations`, full.token, {
      email: 'late@example.com',
      role: 'viewer',
    });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(ORGANISATION_MESSAGES.tooManyPending);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3600);
    // An expired or revoked one does not count.
    await db.query(
      'UPDATE invitations SET revoked_at = now() WHERE id = (SELECT min(id) FROM invitations WHERE organisation_id = $1)',
      [full.orgId],
    );
    await invite(full, 'late@example.com');
  });
});

describe('GET /api/invitations/:token and POST /api/invitations/:token/accept', () => {
  it('shows the invitation to anyone with the link, and the invited account joins it once', async () => {
    const acme = await owner();
    const sent = await invite(acme, 'Joiner@Example.com', 'viewer');
    const shown = await call('GET', `/invitations/${sent.token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({
      organisationName: 'Acme School',
      invitedBy: 'Olive Owner',
      email: 'Joiner@Example.com',
      role: 'viewer',
      expired: false,
    });
    const joiner = await invitee('joiner@example.COM', true);
    const accepted = await call('POST', `/invitations/${sent.token}/accept`, joiner.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe(ORGANISATION_MESSAGES.joined('Acme School'));
    expect(accepted.body.data.user.organisation).toEqual({
      id: acme.orgId,
      name: 'Acme School',
      role: 'viewer',
    });
    expect(accepted.body.data.user.organisations).toHaveLength(2);
    const me = await call('GET', '/auth/me', accepted.body.data.token);
    expect(me.body.data.user.organisation.id).toBe(acme.orgId);
    expect(me.body.data.token).toBeUndefined();

    // Used: the link is no longer valid, for anyone.
    for (const res of [
      await call('GET', `/invitations/${sent.token}`),
      await call('POST', `/invitations/${sent.token}/accept`, joiner.token),
    ]) {
      expect(res.status).toBe(410);
      expect(res.body.message).toBe('This invitation is no longer valid');
    }
    const unknown = await call('GET', `/invitations/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ORGANISATION_MESSAGES.invitationNotFound);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const acme = await owner();
    const sent = await invite(acme, 'twice@example.com');
    const twice = await invitee('twice@example.com');
    const results = await Promise.all([
      call('POST', `/invitations/${sent.token}/accept`, twice.token),
      call('POST', `/invitations/${sent.token}/accept`, twice.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
  });

  it('refuses an account with another e-mail address (403) and leaves the invitation usable', async () => {
    const acme = await owner();
    const sent = await invite(acme, 'right@example.com');
    const wrong = await invitee('wrong@example.com', true);
    const refused = await call('POST', `/invitations/${sent.token}/accept`, wrong.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This invitation was sent to another e-mail address');
    const { rows } = await db.query('SELECT 1 FROM memberships WHERE organisation_id = $1 AND user_id = $2', [
      acme.orgId,
      wrong.id,
    ]);
    expect(rows).toEqual([]);
    const right = await invitee('right@example.com');
    expect((await call('POST', `/invitations/${sent.token}/accept`, right.token)).status).toBe(200);
    expect((await call('POST', `/invitations/${sent.token}/accept`, null)).status).toBe(401);
  });

  it('shows an expired invitation as expired, and refuses to accept it (410)', async () => {
    const acme = await owner();
    const sent = await invite(acme, 'late@example.com');
    await db.query("UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = $1", [
      sent.invitation.id,
    ]);
    const shown = await call('GET', `/invitations/${sent.token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.expired).toBe(true);
    const late = await invitee('late@example.com');
    const refused = await call('POST', `/invitations/${sent.token}/accept`, late.token);
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe(ORGANISATION_MESSAGES.invitationInvalid);
    const members = await call('GET', `/organisations/${acme.orgId}/members`, acme.token);
    expect(members.body.data.invitations).toEqual([]);
  });

  it('revokes a pending invitation (owners); a revoked or replaced link answers 410', async () => {
    const acme = await owner();
    const first = await invite(acme, 'maybe@example.com');
    const second = await invite(acme, 'MAYBE@example.com', 'viewer');
    // Inviting the same address again replaces the earlier link.
    expect((await call('GET', `/invitations/${first.token}`)).status).toBe(410);
    const revoked = await call(
      'DELETE',
      `/organisations/${acme.orgId}/invitations/${second.invitation.id}`,
      acme.token,
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ success: true, message: ORGANISATION_MESSAGES.revoked });
    expect((await call('GET', `/invitations/${second.token}`)).status).toBe(410);
    const maybe = await invitee('maybe@example.com');
    expect((await call('POST', `/invitations/${second.token}/accept`, maybe.token)).status).toBe(410);
    const again = await call(
      'DELETE',
      `/organisations/${acme.orgId}/invitations/${second.invitation.id}`,
      acme.token,
    );
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(ORGANISATION_MESSAGES.invitationNotFound);
    // Another organisation's invitation is not found from here.
    const other = await owner('Other Org');
    const theirs = await invite(other, 'someone@example.com');
    const cross = await call(
      'DELETE',
      `/organisations/${acme.orgId}/invitations/${theirs.invitation.id}`,
      acme.token,
    );
    expect(cross.status).toBe(404);
    expect((await call('GET', `/invitations/${theirs.token}`)).status).toBe(200);
  });
});
