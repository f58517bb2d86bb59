import { STORE_VISITORS } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, percentOf } from '../../../components/charts/format';
import { genderStats, submissionStats, visitorStats } from './card-math';

describe('visitorStats', () => {
  it('totals, averages (rounded) and finds the peak of the store-visitor series', () => {
    expect(visitorStats(STORE_VISITORS)).toEqual({
      total: 17_760,
      averageMonthly: 2960,
      peak: { month: 'July 2025', visitors: 3450 },
    });
  });

  it('rounds the average to a whole visitor and keeps the first month on a tie', () => {
    const stats = visitorStats([
      { month: 'A', visitors: 10 },
      { month: 'B', visitors: 11 },
      { month: 'C', visitors: 11 },
    ]);
    expect(stats.averageMonthly).toBe(11); // 10.67
    expect(stats.peak).toEqual({ month: 'B', visitors: 11 });
    expect(
      visitorStats([
        { month: 'A', visitors: 1 },
        { month: 'B', visitors: 2 },
      ]).averageMonthly,
    ).toBe(2); // 1.5
  });

  it('gives zeros and no peak for an empty series', () => {
    expect(visitorStats([])).toEqual({ total: 0, averageMonthly: 0, peak: null });
  });
});

describe('genderStats', () => {
  it('sums the grades and gives female per male as a percent with one decimal', () => {
    const stats = genderStats([
      { grade: 'Grade 6', female_count: 100, male_count: 150 },
      { grade: 'Grade 7', female_count: 20, male_count: 30 },
    ]);
    expect(stats).toEqual({ total: 300, female: 120, male: 180, ratioPercent: 66.7 });
  });

  it('has no ratio when there are no male students (zero denominator)', () => {
    expect(genderStats([{ grade: 'Grade 6', female_count: 12, male_count: 0 }])).toEqual({
      total: 12,
      female: 12,
      male: 0,
      ratioPercent: null,
    });
  });

  it('gives zeros and no ratio for no grades at all', () => {
    expect(genderStats([])).toEqual({ total: 0, female: 0, male: 0, ratioPercent: null });
  });

  it('gives a ratio of 0% when there are only male students', () => {
    expect(genderStats([{ grade: 'Grade 6', female_count: 0, male_count: 9 }]).ratioPercent).toBe(0);
  });
});

describe('submissionStats', () => {
  it('counts Yes as submitted and gives both shares to one decimal', () => {
    expect(
      submissionStats([
        { status: 'Yes', count: 2 },
        { status: 'No', count: 1 },
      ]),
    ).toEqual({ total: 3, submitted: 2, notSubmitted: 1, submissionRate: 66.7, notSubmittedRate: 33.3 });
  });

  it('does not depend on the order of the rows', () => {
    expect(
      submissionStats([
        { status: 'No', count: 1 },
        { status: 'Yes', count: 3 },
      ]).submissionRate,
    ).toBe(75);
  });

  it('has no rates with no projects (zero denominator) and with no rows', () => {
    const none = { total: 0, submitted: 0, notSubmitted: 0, submissionRate: null, notSubmittedRate: null };
    expect(
      submissionStats([
        { status: 'Yes', count: 0 },
        { status: 'No', count: 0 },
      ]),
    ).toEqual(none);
    expect(submissionStats([])).toEqual(none);
  });
});

describe('formatting', () => {
  it('writes figures in the India locale', () => {
    expect(formatNumber(1_234_567)).toBe('12,34,567');
    expect(formatNumber(17_760)).toBe('17,760');
    expect(formatNumber(0)).toBe('0');
  });

  it('writes percentages with exactly one decimal, and a clear value for none', () => {
    expect(formatPercent(66.7)).toBe('66.7%');
    expect(formatPercent(75)).toBe('75.0%');
    expect(formatPercent(null)).toBe('N/A');
    expect(percentOf(1, 0)).toBeNull();
    expect(percentOf(1, 8)).toBe(12.5);
  });
});
