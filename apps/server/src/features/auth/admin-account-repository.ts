import { sql } from 'kysely';
import type { Queryable, Tx } from '../../db/client';

/** Serialises start-up administrator creation across instances sharing one database. */
const FIRST_ADMIN_LOCK_KEY = 727_003;

/** The advisory lock under which the first administrator is set up (held until the transaction ends). */
export async function lockFirstAdmin(tx: Tx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(FIRST_ADMIN_LOCK_KEY)})`.execute(tx.kysely);
}

/** The account of this username (case-insensitive), with its role; null when there is none. */
export async function accountByUsername(
  db: Queryable,
  username: string,
): Promise<{ id: number; username: string; role: string } | null> {
  const row = await db.kysely
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(username)])))
    .executeTakeFirst();
  return row ?? null;
}

/** Whether no user has `email` (case-insensitive). */
export async function emailFree(db: Queryable, email: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('users')
    .select(sql`1`.as('one'))
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
    .executeTakeFirst();
  return row === undefined;
}

/** Whether a user with this username or e-mail exists (case-insensitive). */
export async function usernameOrEmailTaken(db: Queryable, username: string, email: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(username)])),
        eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function anyUserExists(db: Queryable): Promise<boolean> {
  const row = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertAdmin(
  db: Queryable,
  admin: { username: string; email: string | null; passwordHash: string },
): Promise<void> {
  await db.kysely
    .insertInto('users')
    .values({
      username: admin.username,
      full_name: 'Administrator',
      email: admin.email,
      password_hash: admin.passwordHash,
      role: 'admin',
      // Made by whoever runs the server: the address is theirs to give.
      email_verified_at: sql<Date>`now()`,
    })
    .execute();
}
