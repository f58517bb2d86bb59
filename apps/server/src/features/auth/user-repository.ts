import type { Database } from '../../db/client';
import { createBatchLoader } from '../../lib/batch-loader';
import { conflict } from '../../lib/http-error';
import type { UserRow } from './user-mapper';

// Dates leave the database as ISO-8601 text, as the API sends them: no Date parsing and re-printing
// in Node on the hot path.
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/** A `UserRow`'s columns, from `users u` joined with `sectors s` (also read with a session). */
export const USER_COLUMNS = `u.id, u.username, u.full_name, u.email, (u.password_hash IS NOT NULL) AS has_password,
  u.role, u.region, u.location, u.mobile_number, u.customer_id, u.sector_id, s.name AS sector_name,
  u.providers, u.permissions, u.dashboard_header,
  to_char(u.created_date AT TIME ZONE 'UTC', ${ISO}) AS created_date,
  to_char(u.updated_date AT TIME ZONE 'UTC', ${ISO}) AS updated_date`;
const USER_SELECT = `SELECT ${USER_COLUMNS} FROM users u LEFT JOIN sectors s ON s.id = u.sector_id`;

const BY_IDS = `${USER_SELECT} WHERE u.id = ANY($1::int[])`;

/**
 * On PostgreSQL a named statement is parsed and planned once per connection instead of on every
 * call: GET /auth/me runs on every page load, so this is its hot path (docs/performance/auth.md).
 */
export async function hotQuery<T>(db: Database, name: string, text: string, values: unknown[]): Promise<T[]> {
  if (db.pool) return (await db.pool.query({ name, text, values })).rows as T[];
  return (await db.query<T>(text, values)).rows;
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

export interface Credentials {
  id: number;
  password_hash: string | null;
}

/** The account a login names, by username or e-mail (case-insensitive); a username match wins. */
export async function findCredentials(db: Database, identifier: string): Promise<Credentials | null> {
  const { rows } = await db.query<Credentials>(
    `SELECT id, password_hash FROM users
      WHERE lower(username) = lower($1) OR lower(email) = lower($1)
      ORDER BY (lower(username) = lower($1)) DESC LIMIT 1`,
    [identifier],
  );
  return rows[0] ?? null;
}

export async function passwordHashOf(db: Database, id: number): Promise<string | null | undefined> {
  const { rows } = await db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [id],
  );
  return rows[0] ? rows[0].password_hash : undefined;
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

export async function assertUsernameFree(db: Database, username: string, exceptId = 0): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2', [
    username,
    exceptId,
  ]);
  if (rows.length) throw conflict(MESSAGES_409.username);
}

export async function assertEmailFree(db: Database, email: string): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
  if (rows.length) throw conflict(MESSAGES_409.email);
}

export interface NewUser {
  username: string;
  fullName: string | null;
  email: string | null;
  passwordHash: string | null;
  role?: 'member' | 'admin';
  providers: string[];
  googleSub?: string | null;
}

export async function insertUser(db: Database, user: NewUser): Promise<number> {
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (username, full_name, email, password_hash, role, providers, google_sub)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        user.username,
        user.fullName,
        user.email,
        user.passwordHash,
        user.role ?? 'member',
        user.providers,
        user.googleSub ?? null,
      ],
    );
    return rows[0]!.id;
  } catch (err) {
    rethrowDuplicate(err);
  }
}

/** The columns a signed-in user may change about themselves. */
type EditableColumn = 'full_name' | 'username' | 'dashboard_header' | 'password_hash' | 'sector_id';

/** Sets one column and the updated date; false when the user no longer exists. */
export async function updateColumn(
  db: Database,
  id: number,
  column: EditableColumn,
  value: string | number | null,
): Promise<boolean> {
  try {
    const { rowCount } = await db.query(
      `UPDATE users SET ${column} = $2, updated_date = now() WHERE id = $1`,
      [id, value],
    );
    return rowCount > 0;
  } catch (err) {
    rethrowDuplicate(err);
  }
}
