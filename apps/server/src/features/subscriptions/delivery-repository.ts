import { type ExpressionBuilder, sql } from 'kysely';
import type { Queryable, Tx } from '../../db/client';
import type { DB, DeliveryStatus, SubscriptionDeliveriesTable } from '../../db/schema';

type Db = Queryable;

/** `ms` milliseconds from now, in the database's clock. */
const fromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms}::double precision / 1000)`;
const now = sql<Date>`now()`;

/**
 * Subscriptions whose slot has come (not paused), locked for this transaction; those another
 * instance is scheduling are skipped. With the organisation's last refresh, for "skip without new data".
 */
export function claimDueSubscriptions(tx: Tx, limit: number) {
  return tx.kysely
    .selectFrom('subscriptions as s')
    .leftJoin('report_refresh_state as rs', 'rs.organisation_id', 's.organisation_id')
    .select([
      's.id',
      's.cadence',
      's.weekday',
      's.month_day',
      's.time',
      's.time_zone',
      's.skip_without_new_data',
      's.last_sent_at',
      's.next_run_at',
      'rs.data_as_of',
    ])
    .where('s.paused', '=', false)
    .where('s.next_run_at', '<=', now)
    .orderBy('s.next_run_at')
    .limit(limit)
    .forUpdate('s')
    .skipLocked()
    .execute();
}

/** Whether a due subscription, sent before, is to be skipped when no new data came since. */
export async function dueAwaitsNewData(db: Db): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('subscriptions')
    .select('id')
    .where('paused', '=', false)
    .where('next_run_at', '<=', now)
    .where('skip_without_new_data', '=', true)
    .where('last_sent_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The recipients of the subscriptions who have an address and have not unsubscribed, and whether their
 * address asked for nothing more from the subscription's organisation.
 */
export function activeRecipients(db: Db, subscriptionIds: number[]) {
  return db.kysely
    .selectFrom('subscription_recipients as sr')
    .innerJoin('users as u', 'u.id', 'sr.user_id')
    .innerJoin('subscriptions as s', 's.id', 'sr.subscription_id')
    .select((eb) => [
      'sr.subscription_id',
      'u.id as user_id',
      'u.email',
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
    .where('sr.subscription_id', 'in', subscriptionIds)
    .where('sr.unsubscribed_at', 'is', null)
    .where('u.email', 'is not', null)
    .execute();
}

export type NewDelivery = Pick<
  SubscriptionDeliveriesTable,
  'subscription_id' | 'user_id' | 'email' | 'message_id' | 'error'
> & { slot: Date; status: DeliveryStatus };

/** One row per (subscription, slot, address); a slot already recorded is left as it is. */
export async function insertDeliveries(db: Db, rows: NewDelivery[]) {
  if (rows.length === 0) return;
  await db.kysely
    .insertInto('subscription_deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['subscription_id', 'slot', 'email']).doNothing())
    .execute();
}

export async function setNextRun(tx: Tx, subscriptionId: number, nextRunAt: Date) {
  await tx.kysely
    .updateTable('subscriptions')
    .set({ next_run_at: nextRunAt })
    .where('id', '=', subscriptionId)
    .execute();
}

/** A pending delivery (aliased `d`) that may be attempted now: due, not held by a live lease, attempts left. */
const claimable = (maxAttempts: number) =>
  sql<boolean>`d.status = 'pending' AND d.next_attempt_at <= now()
    AND (d.lease_expires_at IS NULL OR d.lease_expires_at < now()) AND d.attempts < ${maxAttempts}`;

/** The report and slot of the oldest claimable delivery: the group a worker takes next. */
export function nextGroup(db: Db, maxAttempts: number) {
  return db.kysely
    .selectFrom('subscription_deliveries as d')
    .innerJoin('subscriptions as s', 's.id', 'd.subscription_id')
    .select(['s.report_id', 'd.slot'])
    .where(claimable(maxAttempts))
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Takes every claimable delivery of one report and slot for `owner`, under a lease of `leaseMs`
 * (FOR UPDATE SKIP LOCKED: rows another worker is claiming are left to it); counts the attempt.
 */
export async function claimGroup(
  db: Db,
  owner: string,
  leaseMs: number,
  maxAttempts: number,
  group: { report_id: number; slot: Date },
): Promise<number[]> {
  const rows = await db.kysely
    .updateTable('subscription_deliveries')
    .set({ lease_owner: owner, lease_expires_at: fromNow(leaseMs), attempts: sql`attempts + 1` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('subscription_deliveries as d')
        .innerJoin('subscriptions as s', 's.id', 'd.subscription_id')
        .select('d.id')
        .where('s.report_id', '=', group.report_id)
        .where('d.slot', '=', group.slot)
        .where(claimable(maxAttempts))
        .forUpdate('d')
        .skipLocked(),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The claimed deliveries with what their mail needs, whether each recipient still receives it, and
 * whether the address asked since for nothing more from the organisation.
 */
export function claimedDeliveries(db: Db, ids: number[], owner: string) {
  return db.kysely
    .selectFrom('subscription_deliveries as d')
    .innerJoin('subscriptions as s', 's.id', 'd.subscription_id')
    .innerJoin('reports as r', 'r.id', 's.report_id')
    .innerJoin('organisations as o', 'o.id', 's.organisation_id')
    .leftJoin('subscription_recipients as sr', (j) =>
      j.onRef('sr.subscription_id', '=', 'd.subscription_id').onRef('sr.user_id', '=', 'd.user_id'),
    )
    .select((eb) => [
      'd.id',
      'd.subscription_id',
      'd.slot',
      'd.user_id',
      'd.email',
      'd.message_id',
      'd.attempts',
      's.organisation_id',
      's.report_id',
      'r.report_type as report_name',
      'o.name as organisation_name',
      'sr.user_id as recipient_id',
      'sr.unsubscribed_at',
      eb
        .exists(
          eb
            .selectFrom('mail_suppressions as ms')
            .select('ms.email')
            .whereRef('ms.organisation_id', '=', 's.organisation_id')
            .where(sql<boolean>`ms.email = lower(d.email)`),
        )
        .as('suppressed'),
    ])
    .where('d.id', 'in', ids)
    .where('d.lease_owner', '=', owner)
    .orderBy('d.id')
    .execute();
}

export type ClaimedDelivery = Awaited<ReturnType<typeof claimedDeliveries>>[number];

/** The claim still held: `owner`'s lease on a pending delivery, not expired. */
const heldBy = (owner: string) => (eb: ExpressionBuilder<DB, 'subscription_deliveries'>) =>
  eb.and([eb('lease_owner', '=', owner), eb('status', '=', 'pending'), eb('lease_expires_at', '>', now)]);

/** Extends the leases `owner` still holds while it works on them. */
export async function renewLeases(db: Db, ids: number[], owner: string, leaseMs: number) {
  await db.kysely
    .updateTable('subscription_deliveries')
    .set({ lease_expires_at: fromNow(leaseMs) })
    .where('id', 'in', ids)
    .where(heldBy(owner))
    .execute();
}

/**
 * Records the delivery as sent, and the subscription's last send, if `owner` still holds it; false
 * when the lease was lost (another worker sends it again, with the same Message-ID).
 */
export async function markSent(tx: Tx, delivery: { id: number; subscription_id: number }, owner: string) {
  const done = await tx.kysely
    .updateTable('subscription_deliveries')
    .set({
      status: 'sent',
      sent_at: now,
      error: null,
      error_detail: null,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', delivery.id)
    .where(heldBy(owner))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  await tx.kysely
    .updateTable('subscriptions')
    .set({ last_sent_at: now })
    .where('id', '=', delivery.subscription_id)
    .execute();
  return true;
}

/**
 * A failed attempt: tried again after `retryInMs`, or failed for good when `final`. `error` is what
 * members read, `detail` the mail server's own words (administrators).
 */
export async function markFailed(
  db: Db,
  id: number,
  owner: string,
  failure: { error: string; detail: string | null; retryInMs: number; final: boolean },
) {
  await db.kysely
    .updateTable('subscription_deliveries')
    .set({
      status: failure.final ? 'failed' : 'pending',
      error: failure.error,
      error_detail: failure.detail,
      next_attempt_at: fromNow(failure.retryInMs),
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * A delivery not sent on purpose, with the reason: `skipped` (the recipient unsubscribed, left, or must
 * confirm their address) or `suppressed` (the address asked for nothing more from the organisation).
 */
export async function markSkipped(
  db: Db,
  id: number,
  owner: string,
  reason: string,
  status: 'skipped' | 'suppressed' = 'skipped',
) {
  await db.kysely
    .updateTable('subscription_deliveries')
    .set({ status, error: reason, lease_owner: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'pending')
    .execute();
}

/** Deliveries whose workers died `maxAttempts` times are not tried again: they end as failed. */
export async function failStaleDeliveries(db: Db, maxAttempts: number, message: string) {
  await db.kysely
    .updateTable('subscription_deliveries')
    .set({ status: 'failed', error: message, lease_owner: null, lease_expires_at: null })
    .where('status', '=', 'pending')
    .where('attempts', '>=', maxAttempts)
    .where('lease_expires_at', '<', now)
    .execute();
}

/** A subscription's latest deliveries, newest slot first, and whether each recipient is a member now. */
export function latestDeliveries(db: Db, subscriptionId: number, limit: number) {
  return db.kysely
    .selectFrom('subscription_deliveries as d')
    .innerJoin('subscriptions as s', 's.id', 'd.subscription_id')
    .leftJoin('memberships as m', (j) =>
      j.onRef('m.user_id', '=', 'd.user_id').onRef('m.organisation_id', '=', 's.organisation_id'),
    )
    .select([
      'd.id',
      'd.slot',
      'd.user_id',
      'd.email',
      'd.status',
      'd.attempts',
      'd.error',
      'd.error_detail',
      'd.sent_at',
      'd.message_id',
      sql<boolean>`m.user_id IS NOT NULL`.as('member'),
    ])
    .where('d.subscription_id', '=', subscriptionId)
    .orderBy('d.slot', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}
