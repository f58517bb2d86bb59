import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { EDUCATION } from '@insightra/contract';
import { isDatabaseUnavailable } from '../../../db/availability';
import type { Database } from '../../../db/client';
import { memberDeclaration } from '../../sectors/repository';
import { refreshSectorSummaries } from './sector-summaries';
import { type CubeRow, cubeSql, ROLLUP_SQL } from './summary-sql';

export interface RefreshWorkerOptions {
  /** Identifies this worker in refresh_jobs.lease_owner; unique per process by default. */
  owner?: string;
  /** How often an idle worker looks for queued jobs. */
  pollMs?: number;
  /** How long a claim lasts without renewal; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** A job whose lease expired this many times (its worker died each time) is marked failed. */
  maxAttempts?: number;
  /** A failure's detail, with the id of the job it failed (members see only REFRESH_FAILED_MESSAGE). */
  onError?: (err: unknown, jobId?: string) => void;
}

export interface ClaimedJob {
  id: string;
  userId: number;
  attempts: number;
}

export const STALE_JOB_MESSAGE = 'Refresh stopped responding and was given up after repeated attempts';
/** What a member reads when a refresh fails; the detail goes to the log with the job's id. */
export const REFRESH_FAILED_MESSAGE =
  'The refresh could not be completed. Please try again in a few minutes.';

/**
 * Runs queued refresh jobs of every server process against one database. A job is claimed with
 * FOR UPDATE SKIP LOCKED under a lease (lease_owner, lease_expires_at) so that two workers never run
 * it at once; a worker renews its lease while running, and a job whose worker died (lease expired)
 * is claimed again by any worker, at most `maxAttempts` times (docs/decisions/041-refresh-jobs-and-leases.md).
 */
export class RefreshWorker {
  readonly owner: string;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** Jobs interrupted by a database outage, handed back to the queue once it returns. */
  private readonly interrupted = new Set<string>();

  constructor(
    private readonly db: Database,
    options: RefreshWorkerOptions = {},
  ) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.onError = options.onError ?? (() => {});
  }

  private readonly onError: (err: unknown, jobId?: string) => void;

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the job in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Looks for a job now (after a new one is queued) instead of at the next poll. */
  wake(): void {
    if (this.stopped || this.running) return;
    this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) return;
      this.running = this.tick()
        .then((didWork) => {
          this.running = null;
          // Work found: look again at once, the queue may hold more.
          this.schedule(didWork ? 0 : this.pollMs);
        })
        .catch((err) => {
          this.running = null;
          this.onError(err);
          this.schedule(this.pollMs);
        });
    }, delay);
    this.timer.unref?.();
  }

  /** Claims and runs at most one job; true when there was one. */
  async tick(): Promise<boolean> {
    await this.requeueInterrupted();
    await this.failStaleJobs();
    const job = await this.claim();
    if (!job) return false;
    await this.run(job);
    return true;
  }

  /** Jobs whose workers died `maxAttempts` times are not retried again: they end as failed. */
  private async failStaleJobs() {
    await this.db.query(
      `UPDATE refresh_jobs
          SET status = 'failed', message = $2, finished_at = now(), lease_owner = NULL, lease_expires_at = NULL
        WHERE status = 'refreshing' AND lease_expires_at < now() AND attempts >= $1`,
      [this.maxAttempts, STALE_JOB_MESSAGE],
    );
  }

  /** Takes the oldest queued job, or one whose lease expired, for this worker. */
  async claim(): Promise<ClaimedJob | null> {
    const { rows } = await this.db.query<{ id: string; user_id: number; attempts: number }>(
      `UPDATE refresh_jobs
          SET status = 'refreshing', lease_owner = $1,
              lease_expires_at = now() + make_interval(secs => $2::double precision / 1000),
              started_at = now(), attempts = attempts + 1, message = 'Refreshing'
        WHERE id = (
          SELECT id FROM refresh_jobs
           WHERE status = 'queued' OR (status = 'refreshing' AND lease_expires_at < now())
           ORDER BY requested_at
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING id, user_id, attempts`,
      [this.owner, this.leaseMs],
    );
    const row = rows[0];
    return row ? { id: row.id, userId: row.user_id, attempts: row.attempts } : null;
  }

  /** Recomputes the job's user's summaries and completes the job, in one transaction. */
  async run(job: ClaimedJob): Promise<void> {
    const renew = setInterval(
      () => {
        this.renew(job.id).catch(this.onError);
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    try {
      await this.db.transaction(async (tx) => {
        // Serialise refreshes of one user (a reclaimed job may overlap its dying predecessor).
        await tx.query('SELECT pg_advisory_xact_lock(727002, $1::int)', [job.userId]);
        // JIT compilation costs more than it saves on these short statements.
        if (tx.raw.kind === 'postgres') await tx.query('SET LOCAL jit = off');
        const { rows: uploads } = await tx.query<{ id: number }>(
          'SELECT id FROM upload_logs WHERE user_id = $1 AND status <> 0 ORDER BY id DESC',
          [job.userId],
        );
        const ids = uploads.map((u) => u.id);
        const declaration = await memberDeclaration(tx, job.userId);
        // Every sector's templates read the summaries made from its declaration; Education's five
        // also keep their own summary tables (the answer's `data`).
        const rowCount = await refreshSectorSummaries(tx, job.userId, declaration, ids);
        const older = ids.length > 1;
        const params = older ? [job.userId, ids[0], ids, ids.slice(1)] : [job.userId, ids[0]];
        const education = declaration === EDUCATION && ids.length > 0;
        const cube = education ? (await tx.query<CubeRow>(cubeSql(older), params)).rows : [];
        await tx.query('DELETE FROM report_summaries WHERE user_id = $1', [job.userId]);
        await tx.query(ROLLUP_SQL, [job.userId, JSON.stringify(cube)]);
        await tx.query(
          `INSERT INTO report_refresh_state (user_id, refreshed_at, data_as_of, row_count, job_id)
           VALUES ($1, clock_timestamp(), now(), $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET refreshed_at = EXCLUDED.refreshed_at,
             data_as_of = EXCLUDED.data_as_of, row_count = EXCLUDED.row_count, job_id = EXCLUDED.job_id`,
          [job.userId, rowCount, job.id],
        );
        const done = await tx.query(
          `UPDATE refresh_jobs
              SET status = 'completed', message = 'Refresh completed', row_count = $3, finished_at = clock_timestamp(),
                  duration_ms = greatest(0, round(extract(epoch FROM clock_timestamp() - started_at) * 1000))::int,
                  lease_owner = NULL, lease_expires_at = NULL
            WHERE id = $1 AND lease_owner = $2 AND status = 'refreshing'`,
          [job.id, this.owner, rowCount],
        );
        // The lease was lost (this worker stalled past it and another took the job): keep nothing.
        if (done.rowCount === 0) throw new LeaseLostError(job.id);
      });
    } catch (err) {
      if (err instanceof LeaseLostError) return;
      if (isDatabaseUnavailable(err)) {
        // Not the job's fault: it runs again, from the start, when the database is back.
        this.onError(err);
        this.interrupted.add(job.id);
        return;
      }
      await this.fail(job.id, err);
    } finally {
      clearInterval(renew);
    }
  }

  /** Puts jobs an outage interrupted back in the queue, without counting the attempt. */
  private async requeueInterrupted() {
    for (const jobId of this.interrupted) {
      await this.db.query(
        `UPDATE refresh_jobs
            SET status = 'queued', message = 'Refresh queued', lease_owner = NULL, lease_expires_at = NULL,
                attempts = greatest(attempts - 1, 0)
          WHERE id = $1 AND lease_owner = $2 AND status = 'refreshing'`,
        [jobId, this.owner],
      );
      this.interrupted.delete(jobId);
    }
  }

  private async renew(jobId: string) {
    await this.db.query(
      `UPDATE refresh_jobs SET lease_expires_at = now() + make_interval(secs => $3::double precision / 1000)
        WHERE id = $1 AND lease_owner = $2 AND status = 'refreshing'`,
      [jobId, this.owner, this.leaseMs],
    );
  }

  private async fail(jobId: string, err: unknown) {
    this.onError(err, jobId);
    await this.db.query(
      `UPDATE refresh_jobs SET status = 'failed', message = $3, finished_at = clock_timestamp(),
              lease_owner = NULL, lease_expires_at = NULL
        WHERE id = $1 AND lease_owner = $2`,
      [jobId, this.owner, REFRESH_FAILED_MESSAGE],
    );
  }
}

class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`Lease on refresh job ${jobId} was lost`);
  }
}
