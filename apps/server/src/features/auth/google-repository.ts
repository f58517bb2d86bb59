import { sql } from 'kysely';
import type { Queryable } from '../../db/client';

/** The lower-cased usernames that begin with `stem` (LIKE's wildcards in it match themselves). */
export async function usernamesStartingWith(db: Queryable, stem: string): Promise<string[]> {
  const pattern = `${stem.replace(/[%_\\]/g, '\\$&')}%`;
  const rows = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn<string>('lower', ['username']).as('username'))
    .where((eb) => eb(eb.fn('lower', ['username']), 'like', eb.fn('lower', [eb.val(pattern)])))
    .execute();
  return rows.map((r) => r.username);
}

export async function userIdByGoogleSub(db: Queryable, sub: string): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('google_sub', '=', sub)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether any user has this e-mail (case-insensitive). */
export async function emailInUse(db: Queryable, email: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores the Google account on the user and adds the 'google' provider; false when the user is gone. */
export async function setGoogleSub(db: Queryable, userId: number, sub: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('users')
    .set({
      google_sub: sub,
      updated_date: sql<Date>`now()`,
      providers: sql<
        string[]
      >`CASE WHEN 'google' = ANY(providers) THEN providers ELSE array_append(providers, 'google') END`,
    })
    .where('id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The Google account connected to the user; null when none is (or the user is gone). */
export async function googleSubOf(db: Queryable, userId: number): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('users')
    .select('google_sub')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.google_sub ?? null;
}

/**
 * Disconnects the user's Google account, only while a password remains as a way in: 'unlinked', or why
 * not ('not-linked', 'only-way-in'), or 'gone' when the user no longer exists.
 */
export async function clearGoogleSub(
  db: Queryable,
  userId: number,
): Promise<'unlinked' | 'not-linked' | 'only-way-in' | 'gone'> {
  const result = await db.kysely
    .updateTable('users')
    .set({
      google_sub: null,
      updated_date: sql<Date>`now()`,
      providers: sql<string[]>`array_remove(providers, 'google')`,
    })
    .where('id', '=', userId)
    .where('google_sub', 'is not', null)
    .where('password_hash', 'is not', null)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return 'unlinked';
  const row = await db.kysely
    .selectFrom('users')
    .select(['google_sub', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return 'gone';
  return row.google_sub === null ? 'not-linked' : 'only-way-in';
}
