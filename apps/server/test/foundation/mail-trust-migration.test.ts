import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate';
import { createDatabaseBefore } from '../helpers/database';

/*
 * Accounts that existed before addresses were confirmed (migration 0020): members are unconfirmed and
 * owed one link, with a grace that starts when it is mailed; administrators and accounts Google made are
 * confirmed; an invitation whose sender no longer owns the organisation stops working.
 */

const testDb = await createDatabaseBefore('0020');
const { db } = testDb;
afterAll(testDb.drop);

const user = async (
  username: string,
  role: 'member' | 'admin',
  providers: string[],
  email: string | null,
) => {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, email, role, providers, updated_date) VALUES ($1, $2, $3, $4, now()) RETURNING id`,
    [username, email, role, providers],
  );
  return rows[0]!.id;
};

const member = await user('old_member', 'member', ['local'], 'member@example.com');
const admin = await user('old_admin', 'admin', ['local'], 'admin@example.com');
const googleMade = await user('old_google', 'member', ['google'], 'g@gmail.com');
const noEmail = await user('old_silent', 'member', ['local'], null);
const { rows: organisations } = await db.query<{ id: number }>(
  "INSERT INTO organisations (name, created_by) VALUES ('Acme', $1) RETURNING id",
  [member],
);
const org = organisations[0]!.id;
await db.query(
  "INSERT INTO memberships (organisation_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'editor')",
  [org, member, googleMade],
);
const invite = (by: number, hash: string) =>
  db.query(
    `INSERT INTO invitations (organisation_id, email, role, token_hash, invited_by, expires_at)
     VALUES ($1, $2, 'owner', $3, $4, now() + interval '1 day')`,
    [org, `${hash}@example.com`, hash, by],
  );
await invite(member, 'by-owner');
await invite(googleMade, 'by-editor');
await migrate(db);

describe('migration 0020', () => {
  it('leaves members unconfirmed and owed one link; administrators and Google-made accounts confirmed', async () => {
    const { rows } = await db.query<{ id: number; verified: boolean; due: boolean; grace: string | null }>(
      `SELECT id, email_verified_at IS NOT NULL AS verified, confirmation_due AS due, email_grace_until::text AS grace
         FROM users ORDER BY id`,
    );
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[member]).toMatchObject({ verified: false, due: true, grace: 'infinity' });
    expect(byId[admin]).toMatchObject({ verified: true, due: false, grace: null });
    expect(byId[googleMade]).toMatchObject({ verified: true, due: false, grace: null });
    expect(byId[noEmail]).toMatchObject({ verified: false, due: false, grace: null });
  });

  it('revokes the invitations of senders who no longer own the organisation', async () => {
    const { rows } = await db.query<{ token_hash: string; revoked: boolean }>(
      'SELECT token_hash, revoked_at IS NOT NULL AS revoked FROM invitations ORDER BY token_hash',
    );
    expect(rows).toEqual([
      { token_hash: 'by-editor', revoked: true },
      { token_hash: 'by-owner', revoked: false },
    ]);
  });
});
