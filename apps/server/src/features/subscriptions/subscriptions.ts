import {
  EXPORT_MESSAGES,
  findSectorReport,
  type NewSubscription,
  SUBSCRIPTION_LIMITS,
  SUBSCRIPTION_MESSAGES,
  type Subscription,
  type SubscriptionChange,
} from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import type { SessionPrincipal } from '../../plugins/auth';
import { confirmationApplies, requireConfirmedAddress } from '../auth/address-confirmation';
import { ownerOf } from '../organisations/scope';
import { currentRecipientIds, receives, recipientStandings, setRecipients } from './recipient-repository';
import { nextSlotAfter } from './schedule';
import { scheduleOf } from './slots';
import {
  findSubscriptions,
  insertSubscription,
  recipientsOf,
  reportOf,
  type SubscriptionFilter,
  type SubscriptionRow,
  subscriptionCounts,
  updateSubscription,
} from './subscription-repository';
import { liftSuppression } from './suppression-repository';
import { hashUnsubscribeToken, unsubscribeKey, unsubscribeToken } from './unsubscribe-token';

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Subscriptions as the API answers them, with their current recipients. `detail`: an administrator
 * reads the mail server's own words of a failure; a member a reason written for them.
 */
export async function subscriptionViews(db: Queryable, filter: SubscriptionFilter, detail = false) {
  const rows = await findSubscriptions(db, filter);
  const recipients = await recipientsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    row,
    view: {
      id: row.id,
      reportId: row.report_id,
      reportName: row.report_name,
      createdBy: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name },
      recipients: recipients
        .filter((r) => r.subscription_id === row.id)
        .map((r) => ({ id: r.id, name: r.name, email: r.email })),
      cadence: row.cadence,
      weekday: row.weekday,
      monthDay: row.month_day,
      time: row.time,
      timeZone: row.time_zone,
      skipWithoutNewData: row.skip_without_new_data,
      paused: row.paused,
      nextRunAt: iso(row.next_run_at),
      lastSentAt: iso(row.last_sent_at),
      lastError: (detail ? row.last_error_detail : row.last_error) ?? null,
    } satisfies Subscription,
  }));
}

/** One subscription of the caller's organisation as the API answers it. */
export async function subscriptionView(db: Queryable, caller: SessionPrincipal, id: number) {
  const [one] = await subscriptionViews(db, { organisationId: ownerOf(caller), id }, caller.role === 'admin');
  if (!one) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  return one.view;
}

/** A subscription of the caller's organisation (404 for another's) that the caller may see. */
export async function visibleSubscription(db: Queryable, caller: SessionPrincipal, id: number) {
  const organisationId = ownerOf(caller);
  const [row] = await findSubscriptions(db, { organisationId, id });
  if (!row) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  const mine = caller.scope?.role === 'owner' || row.created_by === caller.userId;
  if (!mine && !(await receives(db, id, caller.userId))) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  return row;
}

/** A subscription the caller may change: its creator's or, for an owner, any of the organisation's. */
export async function editableSubscription(db: Queryable, caller: SessionPrincipal, id: number) {
  const [row] = await findSubscriptions(db, { organisationId: ownerOf(caller), id });
  if (!row) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  if (caller.scope?.role !== 'owner' && row.created_by !== caller.userId) {
    throw forbidden(SUBSCRIPTION_MESSAGES.notYours);
  }
  return row;
}

/** Answered as the contract's own validation failures are (plugins/errors.ts): 400 naming the field. */
function fieldError(field: string, message: string) {
  return Object.assign(new Error(message), {
    statusCode: 400,
    validation: [{ keyword: 'custom', instancePath: `/${field}`, schemaPath: '', params: {}, message }],
  });
}

/**
 * The recipients a caller may give a subscription: themselves, and (owners and editors) other
 * members. Each one added must be a member of the organisation, or the caller themselves when an
 * administrator working in it, and (on a server that sends mail) have a confirmed address; those already
 * receiving it stay. One answer for every refusal, whether the id exists or not.
 */
async function checkedRecipients(
  app: FastifyInstance,
  caller: SessionPrincipal,
  ids: number[],
  already: number[] = [],
) {
  const organisationId = ownerOf(caller);
  const unique = [...new Set(ids)];
  if (caller.scope?.role === 'viewer' && unique.some((id) => id !== caller.userId)) {
    throw forbidden(SUBSCRIPTION_MESSAGES.othersNeedEditor);
  }
  const added = unique.filter((id) => !already.includes(id));
  const standings = await recipientStandings(app.db, organisationId, added);
  const mustConfirm = confirmationApplies(app.config);
  const refused = added.some((id) => {
    const standing = standings.get(id);
    const here = standing?.member || (id === caller.userId && caller.role === 'admin');
    return !standing || !here || (mustConfirm && !standing.verified);
  });
  if (refused) throw fieldError('recipients', SUBSCRIPTION_MESSAGES.recipientOutside);
  return unique;
}

/** The recipients' rows: each with the hash of the token their unsubscribe link carries. */
const withTokens = (key: Buffer, subscriptionId: number, userIds: number[]) =>
  userIds.map((userId) => ({
    userId,
    tokenHash: hashUnsubscribeToken(unsubscribeToken(key, subscriptionId, userId)),
  }));

/** Creates a subscription of one of the organisation's report tabs; its id. */
export async function createSubscription(
  app: FastifyInstance,
  caller: SessionPrincipal,
  body: z.infer<typeof NewSubscription>,
): Promise<number> {
  if (!app.config.smtp.url) throw conflict(SUBSCRIPTION_MESSAGES.noSmtp);
  if (app.bi.exportsRefused) throw conflict(app.bi.exportsRefused);
  requireConfirmedAddress(app.config, caller);
  const organisationId = ownerOf(caller);
  const report = await reportOf(app.db, organisationId, body.reportId);
  if (!report) throw notFound(SUBSCRIPTION_MESSAGES.reportNotFound);
  // The mail carries the report's export: Power BI's, as the organisation sees it, or the built-in one.
  const exportable = app.bi.exportable
    ? await app.bi.exportable({ organisationId, admin: false }, report.report_uuid)
    : findSectorReport(report.report_uuid) !== undefined;
  if (!exportable) throw badRequest(EXPORT_MESSAGES.notExportable);
  const recipients = await checkedRecipients(app, caller, body.recipients ?? [caller.userId]);
  const schedule = {
    cadence: body.cadence,
    weekday: body.cadence === 'weekly' ? (body.weekday ?? null) : null,
    month_day: body.cadence === 'monthly' ? (body.monthDay ?? null) : null,
    time: body.time,
    time_zone: body.timeZone,
  };
  const key = await unsubscribeKey(app.db);
  return app.db.transaction(async (tx) => {
    const counts = await subscriptionCounts(tx, organisationId, caller.userId);
    if (counts.mine >= SUBSCRIPTION_LIMITS.perMember) throw conflict(SUBSCRIPTION_MESSAGES.tooManyForMember);
    if (counts.organisation >= SUBSCRIPTION_LIMITS.perOrganisation) {
      throw conflict(SUBSCRIPTION_MESSAGES.tooManyForOrganisation);
    }
    // Subscribing oneself, signed in with a confirmed address, is asking for this organisation's mail
    // again: the address's own "nothing more" is lifted.
    const email = caller.user.email;
    if (email && recipients.includes(caller.userId)) await liftSuppression(tx, organisationId, email);
    const id = await insertSubscription(tx, {
      organisation_id: organisationId,
      report_id: body.reportId,
      created_by: caller.userId,
      ...schedule,
      skip_without_new_data: body.skipWithoutNewData,
      paused: false,
      next_run_at: nextSlotAfter(scheduleOf(schedule), new Date()),
    });
    await setRecipients(tx, id, withTokens(key, id, recipients));
    return id;
  });
}

/**
 * Changes a subscription: its recipients, schedule, skipping or pausing. The next slot is counted
 * again from now, from the schedule as it now stands.
 */
export async function changeSubscription(
  app: FastifyInstance,
  caller: SessionPrincipal,
  row: SubscriptionRow,
  change: z.infer<typeof SubscriptionChange>,
) {
  if (change.recipients) requireConfirmedAddress(app.config, caller);
  const recipients =
    change.recipients &&
    (await checkedRecipients(app, caller, change.recipients, await currentRecipientIds(app.db, row.id)));
  const cadence = change.cadence ?? row.cadence;
  const schedule = {
    cadence,
    weekday: cadence === 'weekly' ? (change.weekday ?? row.weekday) : null,
    month_day: cadence === 'monthly' ? (change.monthDay ?? row.month_day) : null,
    time: change.time ?? row.time,
    time_zone: change.timeZone ?? row.time_zone,
  };
  if (cadence === 'weekly' && schedule.weekday === null) {
    throw fieldError('weekday', SUBSCRIPTION_MESSAGES.weekdayRequired);
  }
  if (cadence === 'monthly' && schedule.month_day === null) {
    throw fieldError('monthDay', SUBSCRIPTION_MESSAGES.monthDayRequired);
  }
  const key = await unsubscribeKey(app.db);
  await app.db.transaction(async (tx) => {
    await updateSubscription(tx, row.id, {
      ...schedule,
      skip_without_new_data: change.skipWithoutNewData ?? row.skip_without_new_data,
      paused: change.paused ?? row.paused,
      next_run_at: nextSlotAfter(scheduleOf(schedule), new Date()),
    });
    if (recipients) await setRecipients(tx, row.id, withTokens(key, row.id, recipients));
  });
}
