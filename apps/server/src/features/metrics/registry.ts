import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseOutage } from '../../db/availability';
import type { Database } from '../../db/client';
import type { RefreshJobStatus } from '../../db/schema';
import { passwordHashingLoad } from '../../lib/password';
import { refreshJobsByState } from './repository';

/** What the upload pipeline reports about its own load; all zero until a source is registered. */
export interface UploadLoad {
  uploadsRunning: number;
  uploadsQueued: number;
  workersRunning: number;
  workersQueued: number;
}

const NO_UPLOADS: UploadLoad = { uploadsRunning: 0, uploadsQueued: 0, workersRunning: 0, workersQueued: 0 };
const REFRESH_STATES: RefreshJobStatus[] = ['queued', 'refreshing', 'completed', 'failed'];

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route' | 'status'>;
  inFlight: Gauge;
  /** Where the upload gauges read from: the upload pipeline registers itself here. */
  setUploadSource(source: () => UploadLoad): void;
}

/**
 * The instance's metrics, in a registry of its own (several apps may share a process in tests).
 * Gauges that describe state are read when scraped: the pool, the hashing queue, the uploads, and the
 * refresh jobs by state (one grouped count in the database).
 */
export function createMetrics(db: Database, outage: DatabaseOutage): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let uploadSource: () => UploadLoad = () => NO_UPLOADS;

  const requests = new Counter({
    name: 'insightra_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'insightra_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'insightra_http_requests_in_flight',
    help: 'Requests received and not yet answered',
    registers: [registry],
  });

  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge(
    'insightra_db_pool_in_use',
    'Database connections running a query or transaction',
    () => db.stats().inUse,
  );
  gauge('insightra_db_pool_idle', 'Open database connections not in use', () => db.stats().idle);
  gauge('insightra_db_pool_waiting', 'Callers waiting for a database connection', () => db.stats().waiting);
  gauge('insightra_db_available', '0 while the database is unreachable, else 1', () => (outage.down ? 0 : 1));
  gauge('insightra_password_hashing_running', 'Password hashes running', () => passwordHashingLoad().running);
  gauge('insightra_password_hashing_queued', 'Password hashes waiting', () => passwordHashingLoad().queued);
  gauge(
    'insightra_uploads_running',
    'Uploads being received or written',
    () => uploadSource().uploadsRunning,
  );
  gauge('insightra_uploads_queued', 'Uploads waiting to start', () => uploadSource().uploadsQueued);
  gauge('insightra_parse_workers_running', 'Upload parse workers busy', () => uploadSource().workersRunning);
  gauge(
    'insightra_parse_workers_queued',
    'Uploads waiting for a parse worker',
    () => uploadSource().workersQueued,
  );

  new Gauge({
    name: 'insightra_refresh_jobs',
    help: 'Report refresh jobs of every instance, by state (read from the database when scraped)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = await refreshJobsByState(db);
        for (const state of REFRESH_STATES) this.set({ state }, 0);
        for (const row of rows) this.set({ state: row.status }, row.n);
      } catch {
        // Database unavailable: no sample rather than a wrong one (insightra_db_available says why).
      }
    },
  });

  return {
    registry,
    requests,
    duration,
    inFlight,
    setUploadSource(source) {
      uploadSource = source;
    },
  };
}
