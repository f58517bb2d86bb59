import { sql } from 'kysely';
import type { Queryable } from '../../db/client';

type Db = Queryable;

/**
 * Those of `userIds` who may receive the organisation's reports: its members, and administrators (the
 * consultancy's staff open every organisation).
 */
export async function eligibleRecipients(
  db: Db,
  organisationId: number,
  userIds: number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', 'in', userIds)
    .where((eb) =>
      eb.or([
        eb('u.role', '=', 'admin'),
        eb.exists(
          eb
            .selectFrom('memberships as m')
            .select('m.user_id')
            .whereRef('m.user_id', '=', 'u.id')
            .where('m.organisation_id', '=', organisationId),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Makes `recipients` the subscription's recipients: the others are removed, the new ones added with
 * their token's hash; those already there keep their state (one who unsubscribed stays unsubscribed).
 */
export async function setRecipients(
  db: Db,
  subscriptionId: number,
  recipients: { userId: number; tokenHash: string }[],
) {
  await db.kysely
    .deleteFrom('subscription_recipients')
    .where('subscription_id', '=', subscriptionId)
    .where(
      'user_id',
      'not in',
      recipients.map((r) => r.userId),
    )
    .execute();
  await db.kysely
    .insertInto('subscription_recipients')
    .values(
      recipients.map((r) => ({
        subscription_id: subscriptionId,
        user_id: r.userId,
        unsubscribe_token_hash: r.tokenHash,
      })),
    )
    .onConflict((oc) => oc.columns(['subscription_id', 'user_id']).doNothing())
    .execute();
}

/** Whether `userId` receives the subscription (and has not unsubscribed). */
export async function receives(db: Db, subscriptionId: number, userId: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('subscription_recipients')
    .select('user_id')
    .where('subscription_id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .where('unsubscribed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Unsubscribes the recipient whose token has this hash; false when no recipient has it. */
export async function unsubscribeByTokenHash(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db.kysely
    .updateTable('subscription_recipients')
    .set({ unsubscribed_at: sql`COALESCE(unsubscribed_at, now())` })
    .where('unsubscribe_token_hash', '=', tokenHash)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a recipient who may no longer receive the report (they left the organisation). */
export async function dropRecipient(db: Db, subscriptionId: number, userId: number) {
  await db.kysely
    .deleteFrom('subscription_recipients')
    .where('subscription_id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .execute();
}
