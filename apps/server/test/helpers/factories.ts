import { randomBytes } from 'node:crypto';
import type { Tier } from '@insightra/contract';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { hashPassword } from '../../src/lib/password';

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  role: 'member' | 'admin';
  sector_id: number | null;
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

/** Inserts a user straight into the database. Defaults: a member of the Education sector with a password. */
export async function createUser(
  db: Database,
  overrides: Partial<{
    username: string;
    email: string;
    password: string | null;
    fullName: string | null;
    role: 'member' | 'admin';
    sectorId: number | null;
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
      sector_id: overrides.sectorId === undefined ? 1 : overrides.sectorId,
      updated_date: new Date(),
    })
    .returning(['id', 'role', 'sector_id'])
    .executeTakeFirstOrThrow();
  return { id: row.id, username, email, password: password ?? '', role: row.role, sector_id: row.sector_id };
}

/** A valid session token for `user`, signed by the app. */
export function tokenFor(app: App, user: { id: number; role?: string; username?: string }): Promise<string> {
  return app.auth.signSession(user.id, { role: user.role ?? 'member', username: user.username });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function createReport(
  db: Database,
  userId: number,
  overrides: Partial<{ tier: Tier; report_type: string; report_uuid: string }> = {},
) {
  return db.kysely
    .insertInto('reports')
    .values({
      user_id: userId,
      tier: overrides.tier ?? 'Beta',
      report_type: overrides.report_type ?? 'Overview',
      report_uuid: overrides.report_uuid ?? `r-${unique()}`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
