import { SUBSCRIPTION_LIMITS } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { nextSlotAfter, type SendingSchedule } from './schedule';

const daily = (time: string, timeZone: string): SendingSchedule => ({
  cadence: 'daily',
  weekday: null,
  monthDay: null,
  time,
  timeZone,
});

/** The slots after `from`, one after another. */
function slots(schedule: SendingSchedule, from: string, count: number): string[] {
  const out: string[] = [];
  let after = new Date(from);
  for (let i = 0; i < count; i++) {
    after = nextSlotAfter(schedule, after);
    out.push(after.toISOString());
  }
  return out;
}

describe('the next slot of a subscription', () => {
  it('keeps 09:00 in London on both sides of the clock changes', () => {
    const london = daily('09:00', 'Europe/London');
    // Clocks go forward on 29 March 2026 and back on 25 October 2026.
    expect(slots(london, '2026-03-27T12:00:00Z', 3)).toEqual([
      '2026-03-28T09:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
    ]);
    expect(slots(london, '2026-10-24T00:00:00Z', 3)).toEqual([
      '2026-10-24T08:00:00.000Z',
      '2026-10-25T09:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
    ]);
  });

  it('sends a time the clocks skip at the first minute after the gap', () => {
    // London: 01:00 → 02:00 on 29 March 2026; New York: 02:00 → 03:00 on 8 March 2026.
    expect(slots(daily('01:30', 'Europe/London'), '2026-03-28T12:00:00Z', 2)).toEqual([
      '2026-03-29T01:00:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
    expect(slots(daily('02:30', 'America/New_York'), '2026-03-07T12:00:00Z', 2)).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
  });

  it('sends a time the clocks pass twice once, at its first occurrence', () => {
    // London: 02:00 → 01:00 on 25 October 2026; New York: 02:00 → 01:00 on 1 November 2026.
    expect(slots(daily('01:30', 'Europe/London'), '2026-10-24T12:00:00Z', 2)).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
    expect(slots(daily('01:30', 'America/New_York'), '2026-10-31T12:00:00Z', 2)).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-02T06:30:00.000Z',
    ]);
  });

  it('keeps 09:00 in New York across both changes', () => {
    const newYork = daily('09:00', 'America/New_York');
    expect(slots(newYork, '2026-03-07T00:00:00Z', 2)).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
    ]);
    expect(slots(newYork, '2026-10-31T00:00:00Z', 2)).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
    ]);
  });

  it('sends monthly on the day, or on the last day of a shorter month', () => {
    const monthly: SendingSchedule = {
      cadence: 'monthly',
      weekday: null,
      monthDay: 31,
      time: '08:00',
      timeZone: 'UTC',
    };
    expect(slots(monthly, '2026-01-01T00:00:00Z', 4)).toEqual([
      '2026-01-31T08:00:00.000Z',
      '2026-02-28T08:00:00.000Z',
      '2026-03-31T08:00:00.000Z',
      '2026-04-30T08:00:00.000Z',
    ]);
    expect(slots({ ...monthly, monthDay: 30 }, '2028-02-01T00:00:00Z', 2)).toEqual([
      '2028-02-29T08:00:00.000Z',
      '2028-03-30T08:00:00.000Z',
    ]);
  });

  it('sends weekly on its weekday (1 = Monday … 7 = Sunday)', () => {
    const weekly = (weekday: number): SendingSchedule => ({
      cadence: 'weekly',
      weekday,
      monthDay: null,
      time: '07:15',
      timeZone: 'UTC',
    });
    // 25 November 2026 is a Wednesday.
    expect(slots(weekly(1), '2026-11-25T10:00:00Z', 2)).toEqual([
      '2026-11-30T07:15:00.000Z',
      '2026-12-07T07:15:00.000Z',
    ]);
    expect(slots(weekly(3), '2026-11-25T07:00:00Z', 2)).toEqual([
      '2026-11-25T07:15:00.000Z',
      '2026-12-02T07:15:00.000Z',
    ]);
    expect(slots(weekly(7), '2026-11-25T10:00:00Z', 1)).toEqual(['2026-11-29T07:15:00.000Z']);
  });

  it('reads the day in the zone: 09:00 in Kolkata (the default zone) is 03:30 UTC', () => {
    const kolkata = daily('09:00', SUBSCRIPTION_LIMITS.defaultTimeZone);
    // 23:00 UTC is already 04:30 the next day in Kolkata.
    expect(slots(kolkata, '2026-11-25T23:00:00Z', 2)).toEqual([
      '2026-11-26T03:30:00.000Z',
      '2026-11-27T03:30:00.000Z',
    ]);
  });

  it('is strictly after the given instant', () => {
    const utc = daily('09:00', 'UTC');
    expect(nextSlotAfter(utc, new Date('2026-11-25T09:00:00Z')).toISOString()).toBe(
      '2026-11-26T09:00:00.000Z',
    );
    expect(nextSlotAfter(utc, new Date('2026-11-25T08:59:59Z')).toISOString()).toBe(
      '2026-11-25T09:00:00.000Z',
    );
  });
});
