import type { Subscription } from '@insightra/contract';

/** Weekday names, Monday = 1 … Sunday = 7 as the contract numbers them. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const weekdayName = (weekday: number) => WEEKDAYS[weekday - 1] ?? 'Monday';

const ordinal = (n: number) => {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

type Schedule = Pick<Subscription, 'cadence' | 'weekday' | 'monthDay' | 'time' | 'timeZone'>;

/** A schedule in words: 'Every Monday at 09:00 (Asia/Kolkata)'. */
export function scheduleText({ cadence, weekday, monthDay, time, timeZone }: Schedule): string {
  const when =
    cadence === 'daily'
      ? 'Every day'
      : cadence === 'weekly'
        ? `Every ${weekdayName(weekday ?? 1)}`
        : `On the ${ordinal(monthDay ?? 1)} of every month`;
  return `${when} at ${time} (${timeZone})`;
}

const dateTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A moment in the reader's own locale and time zone. */
export const localDateTime = (iso: string) => dateTime.format(new Date(iso));
