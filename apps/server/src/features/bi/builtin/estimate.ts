import type { Database, DatabaseKind } from '../../../db/client';
import { refreshHistory } from './refresh-jobs-repository';
import { activeRowCount } from './report-state-repository';

/** Past completed refreshes considered for the per-row cost. */
const HISTORY = 20;

/**
 * The cost of a refresh before any has completed on this database, measured by `npm run bench:refresh`
 * (docs/performance/dashboard.md) when a refresh summarised every current row: 1,000,000 rows took
 * about 2.1 s on PGlite and 0.6 s on PostgreSQL, rounded up here; the fixed part covers claiming the
 * job and writing the summary tables. Since each upload is stored with its summary (decision 122), only
 * older uploads' rows are read at refresh, so this is an upper bound: a refresh is never slower than
 * it says.
 */
export const FIRST_REFRESH_COST: Record<DatabaseKind, { fixedMs: number; perRowMs: number }> = {
  pglite: { fixedMs: 300, perRowMs: 0.0025 },
  postgres: { fixedMs: 200, perRowMs: 0.001 },
};

export interface RefreshHistoryPoint {
  rowCount: number;
  durationMs: number;
}

/**
 * Milliseconds a refresh of `rows` rows should take, from past refreshes (any member's: the work is
 * the same SQL): a fixed part (the smallest past duration) plus the rows times the median cost per
 * row. Without history, the measured first-refresh cost of the database kind.
 */
export function estimateMs(rows: number, history: RefreshHistoryPoint[], kind: DatabaseKind): number {
  const usable = history.filter((h) => h.durationMs >= 0);
  if (usable.length === 0) {
    const cost = FIRST_REFRESH_COST[kind];
    return cost.fixedMs + rows * cost.perRowMs;
  }
  const fixed = Math.min(...usable.map((h) => h.durationMs));
  const perRow = usable
    .filter((h) => h.rowCount > 0)
    .map((h) => Math.max(0, h.durationMs - fixed) / h.rowCount)
    .sort((a, b) => a - b);
  const median = perRow.length ? perRow[Math.floor(perRow.length / 2)]! : 0;
  // A history of tiny refreshes says little about per-row cost; assume at least 1 µs per row.
  return fixed + rows * Math.max(median, 0.001);
}

/** '5-10 seconds', '2-4 minutes': a range, since the database is shared with other work. */
export function formatEstimate(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds}-${seconds * 2} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes}-${minutes * 2} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours}-${hours * 2} hours`;
}

export async function estimateRefresh(db: Database, organisationId: number): Promise<string> {
  const [rows, history] = await Promise.all([
    activeRowCount(db, organisationId),
    refreshHistory(db, HISTORY),
  ]);
  return formatEstimate(estimateMs(rows, history, db.kind));
}
