import { EXPORT_LIMITS, EXPORT_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../lib/http-error';
import { enforce, type Limit } from '../../lib/rate-limit';
import { endExportRun, startExportRun } from './export-runs-repository';
import { BUSY_RETRY_AFTER_S } from './slots';

/** Exports one member starts per minute, on every instance together. */
const EXPORTS_PER_MINUTE: Limit = {
  bucket: 'exports:member',
  max: EXPORT_LIMITS.perMemberPerMinute,
  windowSeconds: 60,
};
/** A run not ended by then (its instance died) no longer counts: longer than any export may take. */
const RUN_LEASE_S = 10 * 60;

/**
 * Runs one member's export within their share: at most EXPORT_LIMITS.perMemberAtOnce at once and
 * perMemberPerMinute started a minute, counted in the database for every instance (429 with
 * Retry-After beyond), besides the instance's own EXPORT_WORKERS.
 */
export async function asMemberExport<T>(app: FastifyInstance, userId: number, work: () => Promise<T>) {
  await enforce(
    app.db,
    [{ limit: EXPORTS_PER_MINUTE, key: `user:${userId}` }],
    EXPORT_MESSAGES.memberTooMany,
  );
  const run = await startExportRun(app.db, userId, EXPORT_LIMITS.perMemberAtOnce, RUN_LEASE_S);
  if (!run) throw tooManyRequests(EXPORT_MESSAGES.memberBusy, BUSY_RETRY_AFTER_S);
  try {
    return await work();
  } finally {
    await endExportRun(app.db, run).catch((err: unknown) =>
      app.log.warn({ err }, 'an export run was not ended; it expires by itself'),
    );
  }
}
