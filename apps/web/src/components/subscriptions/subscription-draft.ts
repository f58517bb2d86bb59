import {
  SUBSCRIPTION_LIMITS,
  SUBSCRIPTION_MESSAGES,
  type Subscription,
  type SubscriptionCadence,
} from '@insightra/contract';
import type { NewSubscriptionBody } from '../../lib/subscriptions/subscriptions-api';

/** What the subscribe dialog edits. */
export interface SubscriptionDraft {
  cadence: SubscriptionCadence;
  /** 1 = Monday … 7 = Sunday; used when weekly. */
  weekday: number;
  /** 1–31; used when monthly. */
  monthDay: number;
  time: string;
  timeZone: string;
  recipients: number[];
  skipWithoutNewData: boolean;
}

/** A subscription's settings, or a new one's: weekly on Monday at 09:00 India time, to oneself. */
export function draftOf(subscription: Subscription | undefined, selfId: number): SubscriptionDraft {
  if (!subscription)
    return {
      cadence: 'weekly',
      weekday: 1,
      monthDay: 1,
      time: '09:00',
      timeZone: SUBSCRIPTION_LIMITS.defaultTimeZone,
      recipients: [selfId],
      skipWithoutNewData: false,
    };
  return {
    cadence: subscription.cadence,
    weekday: subscription.weekday ?? 1,
    monthDay: subscription.monthDay ?? 1,
    time: subscription.time,
    timeZone: subscription.timeZone,
    recipients: subscription.recipients.map((r) => r.id),
    skipWithoutNewData: subscription.skipWithoutNewData,
  };
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

/** The draft's first mistake, as the server would word it; null when it can be sent. */
export function draftError(draft: SubscriptionDraft): string | null {
  if (draft.recipients.length === 0) return 'Choose at least one recipient';
  if (draft.recipients.length > SUBSCRIPTION_LIMITS.maxRecipients)
    return SUBSCRIPTION_MESSAGES.tooManyRecipients;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.time)) return 'Time must be HH:MM (24-hour)';
  if (!isTimeZone(draft.timeZone)) return SUBSCRIPTION_MESSAGES.timeZoneInvalid;
  if (draft.cadence === 'monthly' && !(draft.monthDay >= 1 && draft.monthDay <= 31))
    return SUBSCRIPTION_MESSAGES.monthDayRequired;
  return null;
}

/** The schedule and recipients as the API takes them: only the day the cadence uses. */
export function bodyOf(draft: SubscriptionDraft): Omit<NewSubscriptionBody, 'reportId'> {
  return {
    recipients: draft.recipients,
    cadence: draft.cadence,
    weekday: draft.cadence === 'weekly' ? draft.weekday : null,
    monthDay: draft.cadence === 'monthly' ? draft.monthDay : null,
    time: draft.time,
    timeZone: draft.timeZone.trim(),
    skipWithoutNewData: draft.skipWithoutNewData,
  };
}
