import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { createBatchLoader } from '../../lib/batch-loader';
import { conflict } from '../../lib/http-error';

// Dates leave the database as ISO-8601 text, as the API sends them: no Date parsing and re-printing
// in Node on the hot path.
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/**
 * A `UserRow`'s columns, from `users u` joined (ORGANISATION_JOINS) with its active organisation `o`, the
 * user's membership `m` there and the organisation's sector `s`; also read with a session.
 */
export const USER_COLUMNS = `u.id, u.username, u.full_name, u.email, (u.email_verified_at IS NOT NULL) AS email_verified,
  (u.password_hash IS NOT NULL) AS has_password,
  u.role, u.region, u.location, u.mobile_number, o.customer_id, o.sector_id, s.name AS sector_name,
  o.id AS organisation_id, o.name AS organisation_name,
  COALESCE(m.role, CASE WHEN o.id IS NOT NULL THEN 'editor' END) AS organisation_role,
  u.organisations,
  u.providers, u.permissions, u.dashboard_header,
  to_char(u.created_date AT TIME ZONE 'UTC', ${ISO}) AS created_date,
  to_char(u.updated_date AT TIME ZONE 'UTC', ${ISO}) AS updated_date`;

/**
 * Joins the organisation `active` names (an SQL expression) when the user may work in it: a member of
 * it, or an administrator (who works in any organisation as an editor). Otherwise `o` is all nulls.
 */
export const organisationJoins = (active: string) => `LEFT JOIN memberships m
    ON m.organisation_id = ${active} AND m.user_id = u.id
  LEFT JOIN organisations o ON o.id = ${active} AND (m.user_id IS NOT NULL OR u.role = 'admin')
  LEFT JOIN sectors s ON s.id = o.sector_id`;

/** The user outside a session: in their default organisation. */
const USER_SELECT = `SELECT ${USER_COLUMNS} FROM users u ${organisationJoins('u.default_organisation_id')}`;

const BY_IDS = `${USER_SELECT} WHERE u.id = ANY($1::int[])`;

/**
 * Kept as SQL text (docs/decisions/113-one-data-layer.md): a named prepared statement, run by the
 * driver directly, shared with the session read (decision 016).
 * On PostgreSQL a named statement is parsed and planned once per connection instead of on every
 * call: GET /auth/me runs on every page load, so this is its hot path (docs/performance/auth.md).
 */
export async function hotQuery<T>(db: Database, name: string, text: string, values: unknown[]): Promise<T[]> {
  return (await db.namedQuery<T>(name, text, values)).rows;
}

const loaders = new WeakMap<Database, (id: number) => Promise<UserRow | null>>();

/**
 * The user as stored now. Lookups made together (every request of a busy page load checks its
 * session) share one query: fewer round trips, the same freshness (lib/batch-loader.ts).
 */
export function findUserById(db: Database, id: number): Promise<UserRow | null> {
  // One impossible id must not fail the query it would share with others.
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return Promise.resolve(null);
  let load = loaders.get(db);
  if (!load) {
    load = createBatchLoader<number, UserRow>(async (ids) => {
      const rows = await hotQuery<UserRow>(db, 'auth_users_by_ids', BY_IDS, [ids]);
      return new Map(rows.map((row) => [row.id, row]));
    });
    loaders.set(db, load);
  }
  return load(id);
}

const IN_ORGANISATION = `SELECT ${USER_COLUMNS} FROM users u ${organisationJoins('$2::int')} WHERE u.id = $1`;

/** The user as stored now, working in `organisationId` (no organisation when they may not work there). */
export async function findUserIn(
  db: Database,
  id: number,
  organisationId: number | null,
): Promise<UserRow | null> {
  const rows = await hotQuery<UserRow>(db, 'auth_user_in_organisation', IN_ORGANISATION, [
    id,
    organisationId,
  ]);
  return rows[0] ?? null;
}

export interface Credentials {
  id: number;
  password_hash: string | null;
}

const lowerEquals = (column: 'username' | 'email', value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = lower(${value})`;

/** The account a login names, by username or e-mail (case-insensitive); a username match wins. */
export async function findCredentials(db: Queryable, identifier: string): Promise<Credentials | null> {
  const row = await db.kysely
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where((eb) => eb.or([lowerEquals('username', identifier), lowerEquals('email', identifier)]))
    .orderBy(lowerEquals('username', identifier), 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export async function passwordHashOf(db: Queryable, id: number): Promise<string | null | undefined> {
  const row = await db.kysely
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? row.password_hash : undefined;
}

export const MESSAGES_409 = {
  username: 'That username is already taken',
  email: 'An account with that email already exists',
} as const;

/** Turns a unique-index violation into a 409 naming the field; rethrows anything else. */
export function rethrowDuplicate(err: unknown): never {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code === '23505') {
    const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
    throw conflict(where.includes('email') ? MESSAGES_409.email : MESSAGES_409.username);
  }
  throw err;
}

export async function assertUsernameFree(db: Queryable, username: string, exceptId = 0): Promise<void> {
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where(lowerEquals('username', username))
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (row) throw conflict(MESSAGES_409.username);
}

export async function assertEmailFree(db: Queryable, email: string): Promise<void> {
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where(lowerEquals('email', email))
    .executeTakeFirst();
  if (row) throw conflict(MESSAGES_409.email);
}

export interface NewUser {
  username: string;
  fullName: string | null;
  email: string | null;
  passwordHash: string | null;
  role?: 'member' | 'admin';
  providers: string[];
  googleSub?: string | null;
  /** The address came proven (Google said it is verified). */
  emailVerified?: boolean;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<number> {
  try {
    const row = await db.kysely
      .insertInto('users')
      .values({
        username: user.username,
        full_name: user.fullName,
        email: user.email,
        password_hash: user.passwordHash,
        role: user.role ?? 'member',
        providers: user.providers,
        google_sub: user.googleSub ?? null,
        email_verified_at: user.emailVerified ? sql<Date>`now()` : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (err) {
    rethrowDuplicate(err);
  }
}

/** The columns a signed-in user may change about themselves. */
type EditableColumn = 'full_name' | 'username' | 'dashboard_header' | 'password_hash';

/** Sets one column and the updated date; false when the user no longer exists. */
export async function updateColumn(
  db: Queryable,
  id: number,
  column: EditableColumn,
  value: string | number | null,
): Promise<boolean> {
  try {
    const result = await db.kysely
      .updateTable('users')
      .set({ [column]: value, updated_date: sql<Date>`now()` })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  } catch (err) {
    rethrowDuplicate(err);
  }
}

/** The user's sign-in providers with 'local' (sign-in by password) added when it is not there yet. */
export const withPasswordProvider = sql<
  string[]
>`CASE WHEN 'local' = ANY(providers) THEN providers ELSE array_prepend('local', providers) END`;

/** A new password; setting a first one (a Google account) also enables sign-in with it. */
export async function setPassword(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      updated_date: sql<Date>`now()`,
      providers: withPasswordProvider,
    })
    .where('id', '=', id)
    .execute();
}
