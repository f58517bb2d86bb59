import { MESSAGES } from '@insightra/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { PowerBiError } from '../../src/features/bi/powerbi/errors';
import { HEALTH_CACHE_MS } from '../../src/features/bi/powerbi/provider';
import { providerFor, standInWithDatabase } from '../helpers/powerbi/setup';

const pbi = standInWithDatabase();
beforeEach(() => {
  for (const key of Object.keys(pbi.standIn.fail))
    delete pbi.standIn.fail[key as keyof typeof pbi.standIn.fail];
  pbi.standIn.workspaceAccess = true;
  pbi.standIn.refreshes.splice(0);
});

/**
 * The organisation whose refresh these calls start, and who starts it. The dataset is shared: Power BI
 * refreshes it whole, whoever asks.
 */
const ORGANISATION = 1001;
const by = { userId: 1, organisationId: ORGANISATION };
const noCooldown = { POWERBI_REFRESH_MIN_INTERVAL_MIN: '0' };
const refreshPosts = () =>
  pbi.standIn.callsTo(`/v1.0/myorg/groups/${pbi.standIn.workspaceId}/datasets/`, 'POST');

describe('dataset refresh', () => {
  it('starts a refresh, then reports it in progress instead of posting again', async () => {
    const { provider } = providerFor(pbi.standIn, pbi.db);
    const started = await provider.startRefresh(by);
    expect(started.status).toBe('refreshing');
    expect(started.refreshId).toBe(pbi.standIn.refreshes[0]!.requestId);
    expect(started.currentRefreshId).toBe(started.refreshId);
    expect(started.estimatedDuration).toBe('5-10 minutes');
    const posted = refreshPosts();
    expect(JSON.parse(posted.at(-1)!.body)).toEqual({ notifyOption: 'NoNotification' });

    const again = await provider.startRefresh(by);
    expect(again).toMatchObject({ status: 'in_progress', currentRefreshId: started.refreshId });
    expect(refreshPosts().length).toBe(posted.length);
  });

  it.each([400, 409] as const)(
    'answers in_progress when Power BI refuses with %i (already running)',
    async (status) => {
      // Nothing running in the history yet (refreshes sent in quick succession), but the POST says busy.
      pbi.standIn.fail.postRefresh = { status, times: 1 };
      const { provider } = providerFor(pbi.standIn, pbi.db);
      const res = await provider.startRefresh(by);
      expect(res).toMatchObject({ status: 'in_progress', message: 'A refresh is already running' });
      expect(pbi.standIn.refreshes).toHaveLength(0);
    },
  );

  it('maps the history statuses to docs/PRODUCT.md#refresh states', async () => {
    const { provider } = providerFor(pbi.standIn, pbi.db, { env: noCooldown });
    const { refreshId } = await provider.startRefresh(by);
    expect(await provider.refreshStatus(ORGANISATION, refreshId)).toEqual({
      status: 'refreshing',
      message: 'Refresh in progress',
      isComplete: false,
    });
    pbi.standIn.finishRefresh('Completed');
    expect(await provider.refreshStatus(ORGANISATION, refreshId)).toMatchObject({
      status: 'completed',
      isComplete: true,
    });

    const second = await provider.startRefresh(by);
    pbi.standIn.finishRefresh('Failed', 'The data source could not be reached');
    // A plain message: Power BI's own text is for the log only (refresh-cooldown.test.ts).
    expect(await provider.refreshStatus(ORGANISATION, second.refreshId)).toEqual({
      status: 'failed',
      message: MESSAGES.powerBi.refreshFailed,
      isComplete: true,
    });
    for (const status of ['Disabled', 'Cancelled'] as const) {
      const next = await provider.startRefresh(by);
      pbi.standIn.finishRefresh(status);
      expect((await provider.refreshStatus(ORGANISATION, next.refreshId))?.status).toBe('failed');
    }
    // An older id is found further back in the history; an unknown one is null.
    expect((await provider.refreshStatus(ORGANISATION, refreshId))?.status).toBe('completed');
    expect(await provider.refreshStatus(ORGANISATION, crypto.randomUUID())).toBeNull();
  });

  it('lists the latest entries as the refresh queue', async () => {
    const { provider } = providerFor(pbi.standIn, pbi.db, { env: noCooldown });
    const first = await provider.startRefresh(by);
    pbi.standIn.finishRefresh('Completed');
    const second = await provider.startRefresh(by);
    const jobs = await provider.refreshQueue(ORGANISATION);
    expect(jobs.map((j) => [j.refreshId, j.status])).toEqual([
      [second.refreshId, 'refreshing'],
      [first.refreshId, 'completed'],
    ]);
    expect(jobs[1]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(jobs[0]!.finishedAt).toBeNull();
    expect(pbi.standIn.callsTo('/v1.0/myorg', 'GET').at(-1)!.path).toContain('$top=10');
  });

  it('explains a missing POWERBI_DATASET_ID instead of failing obscurely', async () => {
    const { provider } = providerFor(pbi.standIn, pbi.db, { env: { POWERBI_DATASET_ID: '' } });
    const err = await provider.startRefresh(by).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PowerBiError);
    expect((err as PowerBiError).message).toMatch(/POWERBI_DATASET_ID/);
  });

  it('refresh failures are clear errors too', async () => {
    pbi.standIn.fail.postRefresh = { status: 500 };
    const { provider } = providerFor(pbi.standIn, pbi.db);
    await expect(provider.startRefresh(by)).rejects.toThrow(/unavailable right now \(HTTP 500\)/);
    pbi.standIn.workspaceAccess = false;
    await expect(provider.refreshQueue(ORGANISATION)).rejects.toThrow(/denied access to the workspace/);
  });
});

describe('health probe', () => {
  it('probes the credentials at most once a minute', async () => {
    let now = 1_000_000;
    const { provider } = providerFor(pbi.standIn, pbi.db, { now: () => now });
    const tokenCalls = () => pbi.standIn.callsTo(`/${pbi.standIn.tenantId}/oauth2/v2.0/token`).length;
    const groupCalls = () => pbi.standIn.callsTo('/v1.0/myorg/groups?').length;

    const t0 = tokenCalls();
    const g0 = groupCalls();
    expect(await Promise.all([provider.checkHealth(), provider.checkHealth()])).toEqual(['ok', 'ok']);
    expect(tokenCalls() - t0).toBe(1);
    expect(groupCalls() - g0).toBe(1);

    // The credentials break: the cached answer stands until a minute has passed.
    pbi.standIn.fail.token = { status: 401 };
    now += HEALTH_CACHE_MS - 1;
    expect(await provider.checkHealth()).toBe('ok');
    expect(tokenCalls() - t0).toBe(1);

    now += 1;
    expect(await provider.checkHealth()).toBe('error');
    expect(tokenCalls() - t0).toBe(2);
    now += 30_000;
    expect(await provider.checkHealth()).toBe('error');
    expect(tokenCalls() - t0).toBe(2);

    delete pbi.standIn.fail.token;
    now += 30_000;
    expect(await provider.checkHealth()).toBe('ok');
    expect(tokenCalls() - t0).toBe(3);
  });

  it('is unhealthy when the workspace is not granted to the service principal', async () => {
    pbi.standIn.workspaceAccess = false;
    const { provider } = providerFor(pbi.standIn, pbi.db);
    expect(await provider.checkHealth()).toBe('error');
  });
});
