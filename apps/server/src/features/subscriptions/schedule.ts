import type { SubscriptionCadence } from '@insightra/contract';
import { DateTime, IANAZone } from 'luxon';

/** When a subscription sends: a cadence, its day, a local time of day and the zone it is local to. */
export interface SendingSchedule {
  cadence: SubscriptionCadence;
  /** Weekly: 1 = Monday … 7 = Sunday. */
  weekday: number | null;
  /** Monthly: 1–31; a shorter month sends on its last day. */
  monthDay: number | null;
  /** HH:MM, 24-hour. */
  time: string;
  /** An IANA zone name. */
  timeZone: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Far enough to find any cadence's next day, even where a zone once skipped a whole date. */
const LOOK_AHEAD_DAYS = 40;

/**
 * The first slot of `schedule` strictly after `after`. Each date has exactly one slot, at the local
 * time in the schedule's zone: a time the clocks skip that day (spring forward) sends at the first
 * minute after the gap, and a time they pass twice (fall back) sends at its first occurrence only.
 */
export function nextSlotAfter(schedule: SendingSchedule, after: Date): Date {
  const zone = IANAZone.create(schedule.timeZone);
  if (!zone.isValid) throw new Error(`Unknown time zone ${schedule.timeZone}`);
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const local = DateTime.fromJSDate(after, { zone });
  // Dates are counted in UTC, where every day has 24 hours; the zone only places the time of day.
  let date = DateTime.utc(local.year, local.month, local.day);
  for (let i = 0; i <= LOOK_AHEAD_DAYS; i++, date = date.plus({ days: 1 })) {
    if (!sendsOn(schedule, date)) continue;
    const slot = firstInstantOf(zone, Date.UTC(date.year, date.month - 1, date.day, hour, minute));
    if (slot > after.getTime()) return new Date(slot);
  }
  throw new Error('No slot found for the schedule');
}

function sendsOn(schedule: SendingSchedule, date: DateTime): boolean {
  switch (schedule.cadence) {
    case 'daily':
      return true;
    case 'weekly':
      return date.weekday === schedule.weekday;
    case 'monthly':
      return date.day === Math.min(schedule.monthDay ?? 1, date.daysInMonth ?? 28);
  }
}

/**
 * The first instant at which the zone's clocks read `wall` (a local date and time written as if it
 * were UTC), or, when they never do (the clocks jump over it), the first instant after the jump.
 */
function firstInstantOf(zone: IANAZone, wall: number): number {
  const offsets = [...new Set([-DAY, 0, DAY].map((d) => zone.offset(wall + d)))];
  const candidates = offsets.map((offset) => wall - offset * MINUTE);
  const readsWall = candidates.filter((t) => wall - zone.offset(t) * MINUTE === t);
  if (readsWall.length) return Math.min(...readsWall);
  // In a gap: the offset changes between the candidates; find the minute it does.
  let before = Math.min(...candidates);
  let after = Math.max(...candidates);
  const offsetBefore = zone.offset(before);
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (zone.offset(middle) === offsetBefore) before = middle;
    else after = middle;
  }
  return after;
}
