import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import type { SubscriptionsTable } from '../../db/schema';
import { activeRecipients, insertDeliveries, type NewDelivery } from './delivery-repository';
import type { SendingSchedule } from './schedule';
import { deliveryMessageId } from './subscription-mail';

/** Why a slot of a subscription that skips without new data was not sent. */
export const NO_NEW_DATA = 'Skipped: no new data since the last send';
/** Why a delivery was not sent to an address on the organisation's suppression list. */
export const SUPPRESSED = 'Not sent: this address asked to receive nothing more from this organisation';

/** A subscription row's schedule. */
export const scheduleOf = (
  s: Pick<SubscriptionsTable, 'cadence' | 'weekday' | 'month_day' | 'time' | 'time_zone'>,
): SendingSchedule => ({
  cadence: s.cadence,
  weekday: s.weekday,
  monthDay: s.month_day,
  time: s.time,
  timeZone: s.time_zone,
});

/**
 * The deliveries of one slot of each subscription: one per current recipient with an address (not
 * unsubscribed), each with its fixed Message-ID; `skipped` names the subscriptions whose slot is
 * recorded as skipped (no new data). An address on the organisation's suppression list is recorded as
 * `suppressed`.
 */
export async function slotDeliveries(
  db: Queryable,
  config: Config,
  slots: { subscriptionId: number; slot: Date; skipped: boolean }[],
): Promise<NewDelivery[]> {
  if (slots.length === 0) return [];
  const recipients = await activeRecipients(
    db,
    slots.map((s) => s.subscriptionId),
  );
  return slots.flatMap(({ subscriptionId, slot, skipped }) =>
    recipients.flatMap(({ subscription_id, user_id, email, suppressed }) =>
      subscription_id === subscriptionId && email
        ? [
            {
              subscription_id,
              slot,
              user_id,
              email,
              message_id: deliveryMessageId(config.publicUrl, subscriptionId, slot, email),
              status: suppressed
                ? ('suppressed' as const)
                : skipped
                  ? ('skipped' as const)
                  : ('pending' as const),
              error: suppressed ? SUPPRESSED : skipped ? NO_NEW_DATA : null,
            },
          ]
        : [],
    ),
  );
}

/** Queues a slot of the subscription for now (send now), to its current recipients. */
export async function queueSlotNow(db: Queryable, config: Config, subscriptionId: number) {
  // Whole seconds: a second request within the same second is the same slot, sent once.
  const slot = new Date(Math.floor(Date.now() / 1000) * 1000);
  await insertDeliveries(db, await slotDeliveries(db, config, [{ subscriptionId, slot, skipped: false }]));
}
