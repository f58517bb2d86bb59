import {
  DEFAULT_REFRESH_ESTIMATE,
  MESSAGES,
  type RefreshJob,
  type RefreshStart,
  type RefreshState,
  type RefreshStatus,
} from '@insightra/contract';
import type { FastifyBaseLogger } from 'fastify';
import { powerBiErrors } from './errors';
import type { PbiRefresh, PowerBiRestClient } from './rest-client';

export const REFRESH_QUEUE_SIZE = 10;
/** Power BI keeps the last 60 refreshes; an id older than that is no longer known. */
const HISTORY_SIZE = 60;
/**
 * How far back a start looks for the last completed refresh. Shared capacity allows 8 refreshes a day,
 * scheduled ones included, so 20 entries reach back further than any cooldown worth setting.
 */
export const COOLDOWN_HISTORY_SIZE = 20;
/** Failed refreshes whose details were logged already (bounded: the history holds 60 at most). */
const LOGGED_FAILURES_MAX = 200;

/** The dashboard's refresh states from Power BI's refresh-history status values. */
export function refreshStateOf(status: string): RefreshState {
  if (status === 'Completed') return 'completed';
  if (status === 'Failed' || status === 'Disabled' || status === 'Cancelled') return 'failed';
  return 'refreshing';
}

export interface RefreshOptions {
  rest: PowerBiRestClient;
  log: FastifyBaseLogger;
  /** POWERBI_DATASET_ID; absent: every call explains that refresh is not configured. */
  datasetId: string | undefined;
  /** POWERBI_REFRESH_MIN_INTERVAL_MIN in milliseconds; 0 turns the cooldown off (decision 070). */
  minIntervalMs: number;
  now: () => number;
}

/**
 * Dataset refreshes through the refresh history, which every instance reads alike: a refresh running
 * answers in_progress, one completed less than the minimum interval ago refuses with 429 before any
 * POST, and Power BI's failure details go to the log with the refresh id, never to a member.
 */
export function powerBiRefreshes({ rest, log, datasetId, minIntervalMs, now }: RefreshOptions) {
  const logged = new Set<string>();

  function dataset(): string {
    if (!datasetId) throw powerBiErrors.refreshNotConfigured();
    return datasetId;
  }

  function messageOf(entry: PbiRefresh): string {
    const state = refreshStateOf(entry.status);
    if (state === 'completed') return 'Refresh completed';
    if (state === 'refreshing') return 'Refresh in progress';
    if (!logged.has(entry.requestId)) {
      if (logged.size >= LOGGED_FAILURES_MAX) logged.clear();
      logged.add(entry.requestId);
      log.warn(
        {
          refreshId: entry.requestId,
          status: entry.status,
          serviceException: entry.serviceExceptionJson?.slice(0, 2000) ?? null,
        },
        'Power BI dataset refresh did not complete',
      );
    }
    return MESSAGES.powerBi.refreshFailed;
  }

  const running = (entry: PbiRefresh | undefined): RefreshStart => ({
    status: 'in_progress',
    refreshId: entry?.requestId ?? '',
    currentRefreshId: entry?.requestId ?? '',
    estimatedDuration: DEFAULT_REFRESH_ESTIMATE,
    message: 'A refresh is already running',
  });

  /** Refuses (429) a start within the minimum interval of the newest completed refresh. */
  function checkCooldown(history: PbiRefresh[]) {
    if (minIntervalMs <= 0) return;
    const completed = history.find((e) => refreshStateOf(e.status) === 'completed' && e.endTime);
    const endedAt = completed?.endTime ? Date.parse(completed.endTime) : Number.NaN;
    if (!Number.isFinite(endedAt)) return;
    const nextAllowed = endedAt + minIntervalMs;
    const at = now();
    if (at < nextAllowed) throw powerBiErrors.refreshCooldown(endedAt, nextAllowed, at);
  }

  return {
    async start(): Promise<RefreshStart> {
      const ds = dataset();
      // Power BI silently drops quick repeats; asking first avoids posting while one runs.
      const history = await rest.refreshHistory(ds, COOLDOWN_HISTORY_SIZE);
      const latest = history[0];
      if (latest && refreshStateOf(latest.status) === 'refreshing') return running(latest);
      checkCooldown(history);
      const started = await rest.startRefresh(ds);
      const [current] = await rest.refreshHistory(ds, 1);
      if (started.busy)
        return running(current && refreshStateOf(current.status) === 'refreshing' ? current : undefined);
      const id =
        (current && current.requestId !== latest?.requestId ? current.requestId : null) ??
        started.requestId ??
        current?.requestId ??
        '';
      return {
        status: 'refreshing',
        refreshId: id,
        currentRefreshId: id,
        estimatedDuration: DEFAULT_REFRESH_ESTIMATE,
        message: 'Refresh started',
      };
    },

    async status(refreshId: string): Promise<RefreshStatus | null> {
      const ds = dataset();
      const [latest] = await rest.refreshHistory(ds, 1);
      const entry =
        latest?.requestId === refreshId
          ? latest
          : (await rest.refreshHistory(ds, HISTORY_SIZE)).find((e) => e.requestId === refreshId);
      if (!entry) return null;
      const status = refreshStateOf(entry.status);
      return { status, message: messageOf(entry), isComplete: status !== 'refreshing' };
    },

    /** When the newest completed refresh ended; null without a dataset or a completed refresh. */
    async lastCompletedAt(): Promise<Date | null> {
      if (!datasetId) return null;
      const history = await rest.refreshHistory(datasetId, COOLDOWN_HISTORY_SIZE);
      const completed = history.find((e) => refreshStateOf(e.status) === 'completed' && e.endTime);
      const endedAt = completed?.endTime ? Date.parse(completed.endTime) : Number.NaN;
      return Number.isFinite(endedAt) ? new Date(endedAt) : null;
    },

    async queue(): Promise<RefreshJob[]> {
      const entries = await rest.refreshHistory(dataset(), REFRESH_QUEUE_SIZE);
      return entries.map((e) => {
        const started = e.startTime ? Date.parse(e.startTime) : Number.NaN;
        const ended = e.endTime ? Date.parse(e.endTime) : Number.NaN;
        return {
          refreshId: e.requestId,
          status: refreshStateOf(e.status),
          message: messageOf(e),
          requestedAt: e.startTime ?? '',
          startedAt: e.startTime ?? null,
          finishedAt: e.endTime ?? null,
          durationMs:
            Number.isFinite(started) && Number.isFinite(ended) ? Math.max(0, ended - started) : null,
          // Power BI's history names its service principal, never a member.
          startedBy: null,
        };
      });
    },
  };
}
