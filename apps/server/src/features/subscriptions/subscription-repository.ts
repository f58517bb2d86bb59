import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { Queryable } from '../../db/client';
import type { DB, SubscriptionsTable } from '../../db/schema';

type Db = Queryable;

/** A person's name as the product shows it: the full name, else the username. */
const personName = (table: 'u' | 'c') =>
  sql<string>`COALESCE(NULLIF(${sql.ref(`${table}.full_name`)}, ''), ${sql.ref(`${table}.username`)})`;

/**
 * The reason of a subscription's latest failed delivery, or delivery being retried after a failed
 * attempt, that no later slot's successful delivery followed; null when there is none (what the
 * subscriber and the administrators read as failing, from the first failed attempt). `detail`: the mail
 * server's own words (administrators), else what members read.
 */
const lastError = (eb: ExpressionBuilder<DB & { s: SubscriptionsTable }, 's'>, detail = false) =>
  eb
    .selectFrom('subscription_deliveries as f')
    .select(detail ? sql<string>`COALESCE(f.error_detail, f.error)`.as('error') : 'f.error')
    .whereRef('f.subscription_id', '=', 's.id')
    .where((w) =>
      w.or([
        w('f.status', '=', 'failed'),
        w.and([w('f.status', '=', 'pending'), w('f.error', 'is not', null)]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscription_deliveries as ok')
            .select('ok.id')
            .whereRef('ok.subscription_id', '=', 's.id')
            .where('ok.status', '=', 'sent')
            .whereRef('ok.slot', '>', 'f.slot'),
        ),
      ),
    )
    .orderBy('f.slot', 'desc')
    .orderBy('f.id', 'desc')
    .limit(1);

export interface SubscriptionFilter {
  organisationId?: number;
  /** Only those this user made or receives. */
  visibleTo?: number;
  /** Only those whose latest delivery failed. */
  failing?: boolean;
  id?: number;
}

/** Subscriptions with their report's and organisation's names, their creator and their latest failure. */
export function findSubscriptions(db: Db, filter: SubscriptionFilter) {
  let q = db.kysely
    .selectFrom('subscriptions as s')
    .innerJoin('reports as r', 'r.id', 's.report_id')
    .innerJoin('organisations as o', 'o.id', 's.organisation_id')
    .leftJoin('users as c', 'c.id', 's.created_by')
    .select((eb) => [
      's.id',
      's.organisation_id',
      'o.name as organisation_name',
      's.report_id',
      'r.report_type as report_name',
      's.created_by',
      personName('c').as('created_by_name'),
      's.cadence',
      's.weekday',
      's.month_day',
      's.time',
      's.time_zone',
      's.skip_without_new_data',
      's.paused',
      's.next_run_at',
      's.last_sent_at',
      lastError(eb).as('last_error'),
      lastError(eb, true).as('last_error_detail'),
    ]);
  if (filter.id !== undefined) q = q.where('s.id', '=', filter.id);
  if (filter.organisationId !== undefined) q = q.where('s.organisation_id', '=', filter.organisationId);
  const { visibleTo } = filter;
  if (visibleTo !== undefined) {
    q = q.where((eb) =>
      eb.or([
        eb('s.created_by', '=', visibleTo),
        eb.exists(
          eb
            .selectFrom('subscription_recipients as v')
            .select('v.user_id')
            .whereRef('v.subscription_id', '=', 's.id')
            .where('v.user_id', '=', visibleTo)
            .where('v.unsubscribed_at', 'is', null),
        ),
      ]),
    );
  }
  if (filter.failing) q = q.where((eb) => eb(lastError(eb), 'is not', null));
  return q.orderBy('s.id').execute();
}

export type SubscriptionRow = Awaited<ReturnType<typeof findSubscriptions>>[number];

/**
 * The recipients still receiving each of the subscriptions, by name; `email` only while they are members
 * of its organisation (an administrator working there is not: their address is not the members' to read).
 */
export function recipientsOf(db: Db, subscriptionIds: number[]) {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return db.kysely
    .selectFrom('subscription_recipients as sr')
    .innerJoin('users as u', 'u.id', 'sr.user_id')
    .innerJoin('subscriptions as rs', 'rs.id', 'sr.subscription_id')
    .leftJoin('memberships as rm', (j) =>
      j.onRef('rm.user_id', '=', 'u.id').onRef('rm.organisation_id', '=', 'rs.organisation_id'),
    )
    .select([
      'sr.subscription_id',
      'u.id',
      personName('u').as('name'),
      sql<string | null>`CASE WHEN rm.user_id IS NOT NULL THEN u.email END`.as('email'),
    ])
    .where('sr.subscription_id', 'in', subscriptionIds)
    .where('sr.unsubscribed_at', 'is', null)
    .orderBy('name')
    .orderBy('u.id')
    .execute();
}

export async function insertSubscription(db: Db, values: Insertable<SubscriptionsTable>): Promise<number> {
  const row = await db.kysely
    .insertInto('subscriptions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSubscription(
  db: Db,
  id: number,
  values: Omit<Updateable<SubscriptionsTable>, 'id' | 'organisation_id' | 'report_id' | 'created_by'>,
) {
  await db.kysely.updateTable('subscriptions').set(values).where('id', '=', id).execute();
}

/**
 * The subscriptions the member has made (in every organisation), and those of the organisation. Holds
 * the member's and the organisation's rows until the transaction ends, so that two creations at once
 * cannot both pass the limits.
 */
export async function subscriptionCounts(db: Db, organisationId: number, userId: number) {
  await db.kysely.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  await db.kysely
    .selectFrom('organisations')
    .select('id')
    .where('id', '=', organisationId)
    .forUpdate()
    .execute();
  return db.kysely
    .selectFrom('subscriptions')
    .select([
      sql<number>`count(*) FILTER (WHERE created_by = ${userId})::int`.as('mine'),
      sql<number>`count(*) FILTER (WHERE organisation_id = ${organisationId})::int`.as('organisation'),
    ])
    .where((eb) => eb.or([eb('organisation_id', '=', organisationId), eb('created_by', '=', userId)]))
    .executeTakeFirstOrThrow();
}

export async function deleteSubscription(db: Db, id: number) {
  await db.kysely.deleteFrom('subscriptions').where('id', '=', id).execute();
}

/** The organisation's report tab with this id, or undefined. */
export function reportOf(db: Db, organisationId: number, reportId: number) {
  return db.kysely
    .selectFrom('reports')
    .select(['id', 'report_type', 'report_uuid'])
    .where('id', '=', reportId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
}
