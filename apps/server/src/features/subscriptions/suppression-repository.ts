import type { Queryable } from '../../db/client';

/*
 * An organisation's suppression list: addresses that asked, from an unsubscribe link, to receive nothing
 * more from it. Subscriptions' deliveries and invitations respect it; only the address's owner lifts it,
 * by subscribing themselves while signed in with it confirmed.
 */

const lower = (email: string) => email.trim().toLowerCase();

/** Whether the address asked to receive nothing from the organisation. */
export async function isSuppressed(db: Queryable, organisationId: number, email: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('mail_suppressions')
    .select('email')
    .where('organisation_id', '=', organisationId)
    .where('email', '=', lower(email))
    .executeTakeFirst();
  return row !== undefined;
}

export async function suppress(db: Queryable, organisationId: number, email: string): Promise<void> {
  await db.kysely
    .insertInto('mail_suppressions')
    .values({ organisation_id: organisationId, email: lower(email) })
    .onConflict((oc) => oc.columns(['organisation_id', 'email']).doNothing())
    .execute();
}

export async function liftSuppression(db: Queryable, organisationId: number, email: string): Promise<void> {
  await db.kysely
    .deleteFrom('mail_suppressions')
    .where('organisation_id', '=', organisationId)
    .where('email', '=', lower(email))
    .execute();
}
