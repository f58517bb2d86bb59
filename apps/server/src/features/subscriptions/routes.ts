import { api, SUBSCRIPTION_LIMITS, SUBSCRIPTION_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { conflict, notFound, tooManyRequests } from '../../lib/http-error';
import { consume, type Limit, refund } from '../../lib/rate-limit';
import { addRoute } from '../../lib/route';
import { requireConfirmedAddress } from '../auth/address-confirmation';
import { latestDeliveries } from './delivery-repository';
import { SubscriptionRunner } from './delivery-runner';
import {
  recipientByTokenHash,
  unsubscribeByTokenHash,
  unsubscribeFromOrganisation,
} from './recipient-repository';
import { queueSlotNow } from './slots';
import { deleteSubscription } from './subscription-repository';
import {
  changeSubscription,
  createSubscription,
  editableSubscription,
  subscriptionView,
  subscriptionViews,
  visibleSubscription,
} from './subscriptions';
import { suppress } from './suppression-repository';
import { hashUnsubscribeToken } from './unsubscribe-token';

/** Deliveries a subscription's page lists. */
const DELIVERIES_SHOWN = 50;

/** Send-now, counted in the database for every instance: once per subscription per 10 minutes… */
const SEND_NOW_PER_SUBSCRIPTION: Limit = {
  bucket: 'send-now:subscription',
  max: 1,
  windowSeconds: SUBSCRIPTION_LIMITS.sendNowEverySeconds,
};
/** …and 20 per member per day. */
const SEND_NOW_PER_MEMBER: Limit = {
  bucket: 'send-now:member',
  max: SUBSCRIPTION_LIMITS.sendNowPerMemberPerDay,
  windowSeconds: 24 * 60 * 60,
};

/**
 * Counts a send-now in the subscription's 10 minutes and the member's day; 429 with Retry-After naming
 * the one spent. A refused send-now spends neither, so one member's refusals never hold another back.
 */
async function spendSendNow(db: Database, subscriptionId: number, userId: number) {
  const layers = [
    { limit: SEND_NOW_PER_SUBSCRIPTION, key: `subscription:${subscriptionId}` },
    { limit: SEND_NOW_PER_MEMBER, key: `user:${userId}` },
  ];
  const counted = await consume(db, layers);
  if (counted.allowed) return;
  await refund(db, counted.counted);
  const message =
    counted.refused === layers[0]
      ? SUBSCRIPTION_MESSAGES.sendNowTooSoon
      : SUBSCRIPTION_MESSAGES.sendNowTooMany;
  throw tooManyRequests(message(counted.retryAfter), counted.retryAfter);
}

/**
 * Subscriptions: a report tab e-mailed on a schedule (docs/PRODUCT.md, "Subscriptions"). Each instance
 * runs a SubscriptionRunner from when it listens until it closes.
 */
export async function registerSubscriptionRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const runner = new SubscriptionRunner(app);
  app.addHook('onListen', async () => runner.start());
  app.addHook('preClose', () => runner.stop());

  // A one-click unsubscribe (RFC 8058) posts the form "List-Unsubscribe=One-Click"; nothing of it is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  addRoute(app, api.subscriptions.list, async ({ caller }) => {
    const emailEnabled = Boolean(config.smtp.url);
    if (!caller.scope) return { success: true as const, data: { subscriptions: [], emailEnabled } };
    const { id: organisationId, role } = caller.scope;
    const views = await subscriptionViews(
      db,
      { organisationId, ...(role === 'owner' ? {} : { visibleTo: caller.userId }) },
      caller.role === 'admin',
    );
    return { success: true as const, data: { subscriptions: views.map((v) => v.view), emailEnabled } };
  });

  addRoute(app, api.subscriptions.create, async ({ caller, body }) => {
    const id = await createSubscription(app, caller, body);
    return {
      success: true as const,
      message: SUBSCRIPTION_MESSAGES.created,
      data: { subscription: await subscriptionView(db, caller, id) },
    };
  });

  addRoute(app, api.subscriptions.update, async ({ caller, params, body }) => {
    const row = await editableSubscription(db, caller, params.id);
    await changeSubscription(app, caller, row, body);
    return {
      success: true as const,
      message: SUBSCRIPTION_MESSAGES.updated,
      data: { subscription: await subscriptionView(db, caller, row.id) },
    };
  });

  addRoute(app, api.subscriptions.remove, async ({ caller, params }) => {
    const row = await editableSubscription(db, caller, params.id);
    await deleteSubscription(db, row.id);
    return { success: true as const, message: SUBSCRIPTION_MESSAGES.deleted };
  });

  addRoute(app, api.subscriptions.sendNow, async ({ caller, params }) => {
    const row = await editableSubscription(db, caller, params.id);
    if (!config.smtp.url) throw conflict(SUBSCRIPTION_MESSAGES.noSmtp);
    requireConfirmedAddress(config, caller);
    await spendSendNow(db, row.id, caller.userId);
    await queueSlotNow(db, config, row.id);
    runner.wake();
    return { success: true as const, message: SUBSCRIPTION_MESSAGES.queued };
  });

  addRoute(app, api.subscriptions.deliveries, async ({ caller, params }) => {
    const row = await visibleSubscription(db, caller, params.id);
    const rows = await latestDeliveries(db, row.id, DELIVERIES_SHOWN);
    const detail = caller.role === 'admin';
    return {
      success: true as const,
      data: {
        deliveries: rows.map((d) => ({
          id: d.id,
          slot: new Date(d.slot).toISOString(),
          // A former member's address is no longer the organisation's to read.
          recipient: { id: d.user_id, email: d.member ? d.email : null },
          status: d.status,
          attempts: d.attempts,
          error: detail ? (d.error_detail ?? d.error) : d.error,
          sentAt: d.sent_at === null ? null : new Date(d.sent_at).toISOString(),
          messageId: d.message_id,
        })),
      },
    };
  });

  // Public: the link is the secret. Opening the page reads; only the button (or a mail client's
  // one-click POST) unsubscribes.
  addRoute(app, api.subscriptions.unsubscribeInfo, async ({ params }) => {
    const found = await recipientByTokenHash(db, hashUnsubscribeToken(params.token));
    if (!found) throw notFound(SUBSCRIPTION_MESSAGES.unsubscribeInvalid);
    return {
      success: true as const,
      data: {
        reportName: found.report_name,
        organisationName: found.organisation_name,
        unsubscribed: found.unsubscribed,
        organisationUnsubscribed: Boolean(found.suppressed),
      },
    };
  });

  addRoute(app, api.subscriptions.unsubscribe, async ({ params, body }) => {
    const hash = hashUnsubscribeToken(params.token);
    if (body?.scope !== 'organisation') {
      if (!(await unsubscribeByTokenHash(db, hash))) throw notFound(SUBSCRIPTION_MESSAGES.unsubscribeInvalid);
      return { success: true as const, message: SUBSCRIPTION_MESSAGES.unsubscribed };
    }
    const found = await recipientByTokenHash(db, hash);
    if (!found) throw notFound(SUBSCRIPTION_MESSAGES.unsubscribeInvalid);
    // Everything from the organisation, now and later: its subscriptions and its invitations.
    await db.transaction(async (tx) => {
      await unsubscribeFromOrganisation(tx, found.organisation_id, found.user_id);
      if (found.email) await suppress(tx, found.organisation_id, found.email);
    });
    return {
      success: true as const,
      message: SUBSCRIPTION_MESSAGES.unsubscribedOrganisation(found.organisation_name),
    };
  });

  addRoute(app, api.subscriptions.adminList, async ({ query }) => {
    const views = await subscriptionViews(db, { failing: query.failing === 'true' }, true);
    return {
      success: true as const,
      data: {
        subscriptions: views.map(({ row, view }) => ({
          ...view,
          organisation: { id: row.organisation_id, name: row.organisation_name },
        })),
      },
    };
  });
}
