import { api, SUBSCRIPTION_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { ownerOf } from '../organisations/scope';
import { latestDeliveries } from './delivery-repository';
import { SubscriptionRunner } from './delivery-runner';
import { unsubscribeByTokenHash } from './recipient-repository';
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
import { hashUnsubscribeToken } from './unsubscribe-token';

/** Deliveries a subscription's page lists. */
const DELIVERIES_SHOWN = 50;

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
    const views = await subscriptionViews(db, {
      organisationId,
      ...(role === 'owner' ? {} : { visibleTo: caller.userId }),
    });
    return { success: true as const, data: { subscriptions: views.map((v) => v.view), emailEnabled } };
  });

  addRoute(app, api.subscriptions.create, async ({ caller, body }) => {
    const id = await createSubscription(app, caller, body);
    return {
      success: true as const,
      message: SUBSCRIPTION_MESSAGES.created,
      data: { subscription: await subscriptionView(db, ownerOf(caller), id) },
    };
  });

  addRoute(app, api.subscriptions.update, async ({ caller, params, body }) => {
    const row = await editableSubscription(db, caller, params.id);
    await changeSubscription(app, caller, row, body);
    return {
      success: true as const,
      message: SUBSCRIPTION_MESSAGES.updated,
      data: { subscription: await subscriptionView(db, row.organisation_id, row.id) },
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
    await queueSlotNow(db, config, row.id);
    runner.wake();
    return { success: true as const, message: SUBSCRIPTION_MESSAGES.queued };
  });

  addRoute(app, api.subscriptions.deliveries, async ({ caller, params }) => {
    const row = await visibleSubscription(db, caller, params.id);
    const rows = await latestDeliveries(db, row.id, DELIVERIES_SHOWN);
    return {
      success: true as const,
      data: {
        deliveries: rows.map((d) => ({
          id: d.id,
          slot: new Date(d.slot).toISOString(),
          recipient: { id: d.user_id, email: d.email },
          status: d.status,
          attempts: d.attempts,
          error: d.error,
          sentAt: d.sent_at === null ? null : new Date(d.sent_at).toISOString(),
          messageId: d.message_id,
        })),
      },
    };
  });

  addRoute(app, api.subscriptions.unsubscribe, async ({ params }) => {
    if (!(await unsubscribeByTokenHash(db, hashUnsubscribeToken(params.token)))) {
      throw notFound(SUBSCRIPTION_MESSAGES.unsubscribeInvalid);
    }
    return { success: true as const, message: SUBSCRIPTION_MESSAGES.unsubscribed };
  });

  addRoute(app, api.subscriptions.adminList, async ({ query }) => {
    const views = await subscriptionViews(db, { failing: query.failing === 'true' });
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
