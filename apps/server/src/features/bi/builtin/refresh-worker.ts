import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { isDatabaseUnavailable } from '../../../db/availability';
import type { Database } from '../../../db/client';
import { START_UP_WORK_DELAY_MS } from '../../../lib/start-up-work';
import { organisationDeclaration } from '../../sectors/repository';
import {
  claimJob,
  completeJob,
  failJob,
  failStaleJobs,
  lockOrganisation,
  renewLease,
  requeueJob,
} from './refresh-jobs-repository';
import { activeUploadIds, writeRefreshState } from './report-state-repository';
import { refreshSectorSummaries } from './sector-summaries';

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
  organisationId: number;
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

  /** Starts polling: the first look for jobs comes START_UP_WORK_DELAY_MS later, `wake` sooner. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(START_UP_WORK_DELAY_MS);
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
    await failStaleJobs(this.db, this.maxAttempts, STALE_JOB_MESSAGE);
  }

  /** Takes the oldest queued job, or one whose lease expired, for this worker. */
  async claim(): Promise<ClaimedJob | null> {
    return claimJob(this.db, this.owner, this.leaseMs);
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
        await lockOrganisation(tx, job.organisationId);
        const ids = await activeUploadIds(tx, job.organisationId);
        const declaration = await organisationDeclaration(tx, job.organisationId);
        // Every template's figures at once (decision 101): the newest upload's summary, stored when it
        // was published, plus the older uploads' current rows (decision 122).
        const refreshed = await refreshSectorSummaries(tx, job.organisationId, declaration, ids);
        await writeRefreshState(tx, job.organisationId, refreshed, job.id);
        // The lease was lost (this worker stalled past it and another took the job): keep nothing.
        if (!(await completeJob(tx, job.id, this.owner, refreshed.rowCount)))
          throw new LeaseLostError(job.id);
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
      await requeueJob(this.db, jobId, this.owner);
      this.interrupted.delete(jobId);
    }
  }

  private async renew(jobId: string) {
    await renewLease(this.db, jobId, this.owner, this.leaseMs);
  }

  private async fail(jobId: string, err: unknown) {
    this.onError(err, jobId);
    await failJob(this.db, jobId, this.owner, REFRESH_FAILED_MESSAGE);
  }
}

class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`Lease on refresh job ${jobId} was lost`);
  }
}
