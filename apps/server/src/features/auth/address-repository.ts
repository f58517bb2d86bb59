import { sql } from 'kysely';
import type { Queryable } from '../../db/client';

const sameAddress = (email: string) => sql<boolean>`lower(email) = lower(${email})`;

/**
 * Marks the account's address confirmed, when its address is still `email` (the one a link was mailed
 * to, or Google or an invitation proved); false otherwise. Its one confirmation link is then not owed.
 */
export async function markAddressConfirmed(db: Queryable, userId: number, email: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`COALESCE(email_verified_at, now())`, confirmation_due: false })
    .where('id', '=', userId)
    .where(sameAddress(email))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What the address confirmation of an account needs: its names, address and whether it is confirmed. */
export function accountAddress(db: Queryable, userId: number) {
  return db.kysely
    .selectFrom('users')
    .select(['id', 'username', 'email', sql<boolean>`email_verified_at IS NOT NULL`.as('verified')])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The account whose confirmed address this is (case-insensitive), or undefined. */
export function accountByConfirmedAddress(db: Queryable, email: string) {
  return db.kysely
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sameAddress(email))
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
}

/**
 * Takes up to `limit` accounts owed their one confirmation link, and starts their grace: their
 * subscriptions keep sending `graceDays` more. Rows another instance is taking are skipped, so each
 * account is taken once.
 */
export async function takeConfirmationsDue(db: Queryable, limit: number, graceDays: number) {
  return db.kysely
    .updateTable('users')
    .set({
      confirmation_due: false,
      email_grace_until: sql<Date>`now() + make_interval(days => ${graceDays})`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('users as due')
        .select('due.id')
        .where('due.confirmation_due', '=', true)
        .where('due.email', 'is not', null)
        .orderBy('due.id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where('email', 'is not', null)
    .returning(['id', 'username', 'email'])
    .execute();
}
