import { randomUUID } from 'node:crypto';
import { findReportTemplate, PATHS, type RefreshJob, type RefreshState } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../../db/availability';
import type { RefreshJobStatus } from '../../../db/schema';
import { EMBED_AUDIENCE } from '../../../plugins/auth';
import type { BiProvider } from '../provider';
import { estimateRefresh } from './estimate';
import { findJob, type JobRow, latestJobs, queueJob, runningJobId } from './refresh-jobs-repository';
import { RefreshWorker, type RefreshWorkerOptions } from './refresh-worker';
import { keepTableStatistics } from './table-statistics-repository';

/** Embed tokens live 30 minutes; the dashboard renews them when 10 minutes are left. */
export const EMBED_TOKEN_TTL_SECONDS = 30 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Database job states as the docs/PRODUCT.md#refresh refresh states the dashboard shows. */
const STATE: Record<RefreshJobStatus, RefreshState> = {
  queued: 'starting',
  refreshing: 'refreshing',
  completed: 'completed',
  failed: 'failed',
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function view(job: JobRow & { started_by?: number | null; started_by_name?: string | null }): RefreshJob {
  return {
    refreshId: job.id,
    status: STATE[job.status],
    message: job.message || (job.status === 'queued' ? 'Refresh queued' : ''),
    requestedAt: iso(job.requested_at)!,
    startedAt: iso(job.started_at),
    finishedAt: iso(job.finished_at),
    durationMs: job.duration_ms,
    startedBy:
      job.started_by && job.started_by_name ? { id: job.started_by, name: job.started_by_name } : null,
  };
}

export type BuiltinProvider = BiProvider & { readonly worker: RefreshWorker };

/** The default provider: reports drawn by this product from the organisation's own summary tables. */
export function createBuiltinProvider(
  app: FastifyInstance,
  workerOptions: RefreshWorkerOptions = {},
): BuiltinProvider {
  const db = app.db;
  const worker = new RefreshWorker(db, {
    onError: (err, jobId) =>
      isDatabaseUnavailable(err)
        ? app.databaseOutage.report(err)
        : app.log.error({ err, jobId }, 'refresh worker error'),
    ...workerOptions,
  });
  // The refresh plans its queries from the statistics of the sector tables, renewed after large uploads.
  const statistics = keepTableStatistics(db, app.log);
  app.addHook('preClose', () => statistics.close());

  return {
    name: 'builtin',
    worker,
    checkHealth: async () => 'ok',

    async embedToken({ organisationId, session }, tier, reports) {
      const uuids = [...new Set(reports.map((r) => r.report_uuid.toLowerCase()))];
      const tokenId = randomUUID();
      // The session and its user, checked at every data request (plugins/auth.ts): signing out or
      // leaving the organisation ends the token before it expires.
      const accessToken = await app.auth.sign(
        EMBED_AUDIENCE,
        { tier, reports: uuids, jti: tokenId, sid: session?.sessionId, uid: session?.userId },
        EMBED_TOKEN_TTL_SECONDS,
        String(organisationId),
      );
      return {
        success: true as const,
        tier,
        provider: 'builtin' as const,
        embedMode: 'embed-token' as const,
        accessToken,
        tokenId,
        expiration: new Date(Date.now() + EMBED_TOKEN_TTL_SECONDS * 1000).toISOString(),
        reports: reports.map((r) => ({
          id: r.id,
          report_uuid: r.report_uuid,
          report_type: r.report_type,
          embedUrl: PATHS.embedOf(encodeURIComponent(r.report_uuid)),
          available: Boolean(findReportTemplate(r.report_uuid)),
          datasetId: null,
        })),
      };
    },

    async startRefresh(by) {
      const { organisationId } = by;
      const id = await queueJob(db, by);
      const estimatedDuration = await estimateRefresh(db, organisationId);
      if (id) {
        worker.wake();
        return {
          status: 'starting',
          refreshId: id,
          currentRefreshId: id,
          estimatedDuration,
          message: 'Refresh started',
        };
      }
      const running = await runningJobId(db, organisationId);
      if (!running) return this.startRefresh(by); // it finished in between: queue a new one
      return {
        status: 'in_progress',
        refreshId: running,
        currentRefreshId: running,
        estimatedDuration,
        message: 'A refresh is already in progress',
      };
    },

    async refreshStatus(organisationId, refreshId) {
      if (!UUID.test(refreshId)) return null;
      const job = await findJob(db, organisationId, refreshId);
      if (!job) return null;
      const v = view(job);
      return {
        status: v.status,
        message: v.message,
        isComplete: job.status === 'completed' || job.status === 'failed',
      };
    },

    async refreshQueue(organisationId) {
      return (await latestJobs(db, organisationId)).map(view);
    },
  };
}
