import { randomBytes } from 'node:crypto';
import type { Tier } from '@insightra/contract';
import { sql } from 'kysely';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { createOrganisation } from '../../src/features/organisations/organisation-repository';
import { hashPassword } from '../../src/lib/password';

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  role: 'member' | 'admin';
  sector_id: number | null;
  /** The user's own organisation (owner), null for `organisation: false`. */
  organisationId: number | null;
}

const unique = () => randomBytes(4).toString('hex');

/**
 * A real argon2id hash of each password, made once per test file: signing in still verifies it as in
 * production, but a file that creates fifty users hashes once instead of fifty times (tens of ms each).
 */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

/**
 * Organisation ids in a test database start 1,000 above the user ids, so that a query that confuses one
 * for the other finds nothing instead of passing by coincidence.
 */
const apart = new WeakSet<Database>();
async function keepIdsApart(db: Database) {
  if (apart.has(db)) return;
  apart.add(db);
  await sql`SELECT setval(pg_get_serial_sequence('organisations', 'id'),
    GREATEST((SELECT COALESCE(max(id), 0) FROM organisations), (SELECT COALESCE(max(id), 0) FROM users)) + 1000)`.execute(
    db.kysely,
  );
}

/**
 * Inserts a user straight into the database, the owner of an organisation of their own (as a registration
 * makes). Defaults: a member with a confirmed address, their organisation in the Education sector, with a
 * password.
 */
export async function createUser(
  db: Database,
  overrides: Partial<{
    username: string;
    email: string;
    password: string | null;
    fullName: string | null;
    role: 'member' | 'admin';
    sectorId: number | null;
    /** false: no organisation (an administrator made from the environment, a member removed from theirs). */
    organisation: boolean;
    /** false: an address not confirmed yet (a fresh registration on a server that sends mail). */
    emailVerified: boolean;
  }> = {},
): Promise<TestUser> {
  const suffix = unique();
  const username = overrides.username ?? `user_${suffix}`;
  const email = overrides.email ?? `${username}@example.com`;
  const password = overrides.password === undefined ? 'password123' : overrides.password;
  const row = await db.kysely
    .insertInto('users')
    .values({
      username,
      email,
      full_name: overrides.fullName === undefined ? `Test ${suffix}` : overrides.fullName,
      password_hash: password === null ? null : await hashOnce(password),
      role: overrides.role ?? 'member',
      updated_date: new Date(),
      email_verified_at: overrides.emailVerified === false ? null : new Date(),
    })
    .returning(['id', 'role', 'full_name'])
    .executeTakeFirstOrThrow();
  const sectorId = overrides.sectorId === undefined ? 1 : overrides.sectorId;
  let organisationId: number | null = null;
  if (overrides.organisation !== false) {
    await keepIdsApart(db);
    organisationId = await createOrganisation(db, row.full_name ?? username, row.id, sectorId);
  }
  return {
    id: row.id,
    username,
    email,
    password: password ?? '',
    role: row.role,
    sector_id: organisationId === null ? null : sectorId,
    organisationId,
  };
}

/** A valid session token for `user`, signed by the app. */
export function tokenFor(app: App, user: { id: number; role?: string; username?: string }): Promise<string> {
  return app.auth.signSession(user.id, { role: user.role ?? 'member', username: user.username });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A report tab in the user's default organisation. */
export async function createReport(
  db: Database,
  userId: number,
  overrides: Partial<{ tier: Tier; report_type: string; report_uuid: string }> = {},
) {
  return db.kysely
    .insertInto('reports')
    .values({
      organisation_id: sql<number>`(SELECT default_organisation_id FROM users WHERE id = ${userId})`,
      tier: overrides.tier ?? 'Beta',
      report_type: overrides.report_type ?? 'Overview',
      report_uuid: overrides.report_uuid ?? `r-${unique()}`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
