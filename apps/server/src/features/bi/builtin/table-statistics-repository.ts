import type { SectorDeclaration } from '@insightra/contract';
import { sql } from 'kysely';
import type { Database } from '../../../db/client';

/**
 * The planner's statistics of a sector's table, renewed once a large upload is published: the
 * refresh's query of the older uploads' current rows is planned from them (Hotels, an upload of
 * 1,000,000 rows and a newer one of 200,000: 2.5 s without, 1.5 s with on PostgreSQL; 6.3 s and 4.5 s
 * on PGlite, which never analyses by itself; ANALYZE samples a bounded number of rows: 0.1–0.3 s).
 * ANALYZE runs in the background, after the upload's answer, and never once the app is closing.
 */

/** Uploads of this many rows or more renew their table's statistics. */
export const ANALYZE_AFTER_ROWS = 20_000;

type Log = { warn: (obj: object, msg: string) => void };

export class TableStatistics {
  private closing = false;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: Log,
  ) {}

  /** Renews the statistics of `d`'s table in the background, after an upload of `rows` rows. */
  afterUpload(d: SectorDeclaration, rows: number): void {
    if (this.closing || rows < ANALYZE_AFTER_ROWS) return;
    const run: Promise<void> = sql`ANALYZE ${sql.table(d.table)}`
      .execute(this.db.kysely)
      .then(
        () => {},
        (err) => this.log.warn({ err, table: d.table }, 'renewing table statistics failed'),
      )
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Starts no more; waits for those running (before the database closes). */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.running);
  }
}

const instances = new WeakMap<Database, TableStatistics>();

/** The table statistics of the app that owns `db` (its built-in refresh registers them). */
export function keepTableStatistics(db: Database, log: Log): TableStatistics {
  const statistics = new TableStatistics(db, log);
  instances.set(db, statistics);
  return statistics;
}

/**
 * After an upload of `rows` rows into `d`'s table is published: its statistics are renewed when the
 * app's built-in refresh reads them (with Power BI, the refresh runs elsewhere).
 */
export function renewStatisticsAfterUpload(db: Database, d: SectorDeclaration, rows: number): void {
  instances.get(db)?.afterUpload(d, rows);
}
