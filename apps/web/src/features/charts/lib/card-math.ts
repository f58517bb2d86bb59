import type { GradesRow, SubmissionsRow } from '@insightra/contract';
import { percentOf } from '../../../components/charts/format';

/** The arithmetic behind the demo pages' cards, kept pure so each edge case is tested on its own. */

export interface MonthlyVisitors {
  month: string;
  visitors: number;
}

export interface VisitorStats {
  total: number;
  /** Mean visitors per month, rounded to a whole visitor; 0 with no months. */
  averageMonthly: number;
  /** The busiest month (the first one on a tie); null with no months. */
  peak: MonthlyVisitors | null;
}

export function visitorStats(series: readonly MonthlyVisitors[]): VisitorStats {
  const total = series.reduce((n, m) => n + m.visitors, 0);
  let peak: MonthlyVisitors | null = null;
  for (const m of series) if (!peak || m.visitors > peak.visitors) peak = m;
  return {
    total,
    averageMonthly: series.length === 0 ? 0 : Math.round(total / series.length),
    peak: peak ? { month: peak.month, visitors: peak.visitors } : null,
  };
}

export interface GenderStats {
  total: number;
  female: number;
  male: number;
  /** Female students per 100 male students, one decimal; null when there are no male students. */
  ratioPercent: number | null;
}

export function genderStats(rows: readonly GradesRow[]): GenderStats {
  const female = rows.reduce((n, r) => n + r.female_count, 0);
  const male = rows.reduce((n, r) => n + r.male_count, 0);
  return { total: female + male, female, male, ratioPercent: percentOf(female, male) };
}

export interface SubmissionStats {
  total: number;
  submitted: number;
  notSubmitted: number;
  /** Share submitted, one decimal; null when there are no projects. */
  submissionRate: number | null;
  /** Share not submitted, one decimal; null when there are no projects. */
  notSubmittedRate: number | null;
}

/** Rows with status 'Yes' are submitted; every other status counts as not submitted. */
export function submissionStats(
  rows: readonly { status: SubmissionsRow['status'] | string; count: number }[],
): SubmissionStats {
  const submitted = rows.filter((r) => r.status === 'Yes').reduce((n, r) => n + r.count, 0);
  const total = rows.reduce((n, r) => n + r.count, 0);
  const notSubmitted = total - submitted;
  return {
    total,
    submitted,
    notSubmitted,
    submissionRate: percentOf(submitted, total),
    notSubmittedRate: percentOf(notSubmitted, total),
  };
}
