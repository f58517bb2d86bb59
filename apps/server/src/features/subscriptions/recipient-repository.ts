import { sql } from 'kysely';
import type { Queryable } from '../../db/client';

type Db = Queryable;

/** Where a user stands towards the organisation's mail. */
export interface RecipientStanding {
  id: number;
  member: boolean;
  /** An administrator working in the organisation now (it is the one they last switched to). */
  adminHere: boolean;
  /** The address is confirmed. */
  verified: boolean;
  /** An account older than confirmation, whose subscriptions keep sending unconfirmed for now. */
  inGrace: boolean;
  email: string | null;
}

/** How each of `userIds` (those that exist) stands towards the organisation's mail. */
export async function recipientStandings(
  db: Db,
  organisationId: number,
  userIds: number[],
): Promise<Map<number, RecipientStanding>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('users as u')
    .leftJoin('memberships as m', (j) =>
      j.onRef('m.user_id', '=', 'u.id').on('m.organisation_id', '=', organisationId),
    )
    .select([
      'u.id',
      'u.email',
      sql<boolean>`m.user_id IS NOT NULL`.as('member'),
      sql<boolean>`(u.role = 'admin' AND u.default_organisation_id IS NOT DISTINCT FROM ${organisationId}::int)`.as(
        'admin_here',
      ),
      sql<boolean>`u.email_verified_at IS NOT NULL`.as('verified'),
      sql<boolean>`COALESCE(u.email_grace_until > now(), false)`.as('in_grace'),
    ])
    .where('u.id', 'in', userIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        member: r.member,
        adminHere: r.admin_here,
        verified: r.verified,
        inGrace: r.in_grace,
        email: r.email,
      },
    ]),
  );
}

/** The users who receive the subscription now (not unsubscribed). */
export async function currentRecipientIds(db: Db, subscriptionId: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('subscription_recipients')
    .select('user_id')
    .where('subscription_id', '=', subscriptionId)
    .execute();
  return rows.map((r) => r.user_id);
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

/**
 * What an unsubscribe link is for: its recipient, subscription, report and organisation, whether it was
 * used, and whether the address asked for nothing more from the organisation; undefined when unknown.
 */
export function recipientByTokenHash(db: Db, tokenHash: string) {
  return db.kysely
    .selectFrom('subscription_recipients as sr')
    .innerJoin('subscriptions as s', 's.id', 'sr.subscription_id')
    .innerJoin('reports as r', 'r.id', 's.report_id')
    .innerJoin('organisations as o', 'o.id', 's.organisation_id')
    .innerJoin('users as u', 'u.id', 'sr.user_id')
    .select((eb) => [
      'sr.subscription_id',
      'sr.user_id',
      'u.email',
      's.organisation_id',
      'o.name as organisation_name',
      'r.report_type as report_name',
      sql<boolean>`sr.unsubscribed_at IS NOT NULL`.as('unsubscribed'),
      eb
        .exists(
          eb
            .selectFrom('mail_suppressions as ms')
            .select('ms.email')
            .whereRef('ms.organisation_id', '=', 's.organisation_id')
            .where(sql<boolean>`ms.email = lower(u.email)`),
        )
        .as('suppressed'),
    ])
    .where('sr.unsubscribe_token_hash', '=', tokenHash)
    .executeTakeFirst();
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

/** Unsubscribes the user from every subscription of the organisation. */
export async function unsubscribeFromOrganisation(db: Db, organisationId: number, userId: number) {
  await db.kysely
    .updateTable('subscription_recipients')
    .set({ unsubscribed_at: sql`COALESCE(unsubscribed_at, now())` })
    .where('user_id', '=', userId)
    .where('subscription_id', 'in', (eb) =>
      eb.selectFrom('subscriptions').select('id').where('organisation_id', '=', organisationId),
    )
    .execute();
}

/** Removes a recipient who may no longer receive the report (they left the organisation). */
export async function dropRecipient(db: Db, subscriptionId: number, userId: number) {
  await db.kysely
    .deleteFrom('subscription_recipients')
    .where('subscription_id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .execute();
}
