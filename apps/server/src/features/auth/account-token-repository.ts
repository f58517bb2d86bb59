import { sql } from 'kysely';
import type { Queryable } from '../../db/client';
import type { AccountTokensTable } from '../../db/schema';

type Purpose = AccountTokensTable['purpose'];

/**
 * Keeps a new link's token hash, valid `validSeconds` from now (the database's clock, which also judges
 * expiry); the account's expired links of any purpose go in the same step.
 */
export async function insertAccountToken(
  db: Queryable,
  token: { hash: string; userId: number; purpose: Purpose; email: string; validSeconds: number },
): Promise<void> {
  await db.kysely
    .with('expired', (qb) =>
      qb
        .deleteFrom('account_tokens')
        .where('user_id', '=', token.userId)
        .where('expires_at', '<=', sql<Date>`now()`),
    )
    .insertInto('account_tokens')
    .values({
      token_hash: token.hash,
      user_id: token.userId,
      purpose: token.purpose,
      email: token.email,
      expires_at: sql<Date>`now() + make_interval(secs => ${token.validSeconds})`,
    })
    .execute();
}

/**
 * Uses up a link in one statement (of two uses at once, one gets it): its account and the address it was
 * mailed to, or null when it is unknown, used, expired or of another purpose.
 */
export async function useAccountToken(db: Queryable, hash: string, purpose: Purpose) {
  const row = await db.kysely
    .updateTable('account_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  return row ?? null;
}

/** Uses up every live link of the account of this purpose (one was used: the others are spent too). */
export async function useAllAccountTokens(db: Queryable, userId: number, purpose: Purpose): Promise<void> {
  await db.kysely
    .updateTable('account_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** Whether a link could be used now (unknown, used, expired or of another purpose: false). */
export async function accountTokenUsable(db: Queryable, hash: string, purpose: Purpose): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('account_tokens')
    .select('user_id')
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}
