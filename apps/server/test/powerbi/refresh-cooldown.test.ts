import { MESSAGES } from '@insightra/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { utcMinute } from '../../src/features/bi/powerbi/errors';
import { trustCertificateAuthority } from '../../src/features/bi/powerbi/http';
import { bearer, createUser, type TestUser, tokenFor } from '../helpers/factories';
import { linesWith, type PowerBiApp, powerBiApp } from '../helpers/powerbi/app';
import { providerFor, standInWithDatabase } from '../helpers/powerbi/setup';

const pbi = standInWithDatabase();
const opened: PowerBiApp[] = [];
let member: TestUser;

beforeAll(async () => {
  trustCertificateAuthority(pbi.standIn.ca);
  member = await createUser(pbi.db);
});
beforeEach(() => {
  pbi.standIn.refreshes.splice(0);
});
afterAll(async () => {
  for (const { app } of opened) await app.close();
});

/** Who starts a refresh through the provider: the member, in their organisation. */
const by = () => ({ userId: member.id, organisationId: member.organisationId! });
const refreshPosts = () =>
  pbi.standIn.callsTo(`/v1.0/myorg/groups/${pbi.standIn.workspaceId}/datasets/`, 'POST').length;

/** One instance of the product: an app on the shared stand-in and database, and its member's calls. */
async function instance(env: Record<string, string> = {}) {
  const opened_ = await powerBiApp(pbi.standIn, pbi.db, env);
  opened.push(opened_);
  const auth = bearer(await tokenFor(opened_.app, member));
  const call = (method: 'GET' | 'POST', url: string) => opened_.app.inject({ method, url, headers: auth });
  return {
    ...opened_,
    start: () => call('POST', '/api/powerbi/api/refresh-powerbi'),
    status: (id: string) => call('GET', `/api/powerbi/api/refresh-status/${id}`),
    queue: () => call('GET', '/api/powerbi/api/refresh-queue'),
  };
}

describe('refresh cooldown across instances', () => {
  it('refuses a start within POWERBI_REFRESH_MIN_INTERVAL_MIN of the last completed refresh on every instance', async () => {
    const a = await instance({ POWERBI_REFRESH_MIN_INTERVAL_MIN: '90' });
    const b = await instance({ POWERBI_REFRESH_MIN_INTERVAL_MIN: '90' });

    const started = await a.start();
    expect(started.json()).toMatchObject({ status: 'refreshing' });
    const id = started.json().refreshId as string;
    // The other instance sees the same refresh running.
    expect((await b.start()).json()).toMatchObject({ status: 'in_progress', currentRefreshId: id });
    expect(refreshPosts()).toBe(1);

    pbi.standIn.finishRefresh('Completed');
    const endedAt = Date.parse(pbi.standIn.refreshes[0]!.endTime!);
    for (const next of [b, a]) {
      const refused = await next.start();
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(90 * 60 - 60);
      expect(retryAfter).toBeLessThanOrEqual(90 * 60);
      expect(refused.json()).toEqual({
        success: false,
        message: MESSAGES.powerBi.refreshCooldown(
          utcMinute(endedAt),
          utcMinute(Math.ceil((endedAt + 90 * 60_000) / 60_000) * 60_000),
        ),
      });
      expect(refused.json().message).toMatch(
        /^Data was last refreshed at \d{4}-\d\d-\d\d \d\d:\d\d UTC; the next refresh may start at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
      );
    }
    // No Power BI POST was made for the refused starts.
    expect(refreshPosts()).toBe(1);
  });

  it('lets a refresh start once the interval has passed, and after a failed one at once', async () => {
    let now = Date.now();
    const { provider } = providerFor(pbi.standIn, pbi.db, {
      env: { POWERBI_REFRESH_MIN_INTERVAL_MIN: '180' },
      now: () => now,
    });
    await provider.startRefresh(by());
    pbi.standIn.finishRefresh('Completed');
    const endedAt = Date.parse(pbi.standIn.refreshes[0]!.endTime!);
    now = endedAt + 180 * 60_000 - 1_000;
    await expect(provider.startRefresh(by())).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '1' },
    });
    now = endedAt + 180 * 60_000;
    expect((await provider.startRefresh(by())).status).toBe('refreshing');
    // A failed refresh brought no new data: the cooldown still counts from the last completed one.
    pbi.standIn.finishRefresh('Failed', 'boom');
    expect((await provider.startRefresh(by())).status).toBe('refreshing');
  });

  it('has no cooldown when the interval is 0', async () => {
    const { provider } = providerFor(pbi.standIn, pbi.db, { env: { POWERBI_REFRESH_MIN_INTERVAL_MIN: '0' } });
    await provider.startRefresh(by());
    pbi.standIn.finishRefresh('Completed');
    expect((await provider.startRefresh(by())).status).toBe('refreshing');
  });
});

describe("Power BI's refresh errors", () => {
  it('reach the log with the refresh id, never a member', async () => {
    const secretText = 'Login failed for user powerbi_reader on host db.internal:5432';
    const a = await instance();
    const started = await a.start();
    const id = started.json().refreshId as string;
    pbi.standIn.finishRefresh('Failed', secretText);

    const status = await a.status(id);
    expect(status.json()).toEqual({
      status: 'failed',
      message: MESSAGES.powerBi.refreshFailed,
      isComplete: true,
    });
    const queue = await a.queue();
    expect(queue.json().data.jobs[0]).toMatchObject({
      refreshId: id,
      message: MESSAGES.powerBi.refreshFailed,
    });
    for (const body of [status.body, queue.body]) {
      expect(body).not.toContain('Login failed');
      expect(body).not.toContain('ModelRefreshFailed');
    }
    const logged = linesWith(a.lines, secretText);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(id);

    // A Power BI error answer to the POST itself: its text is logged, the member reads our message.
    pbi.standIn.fail.postRefresh = { status: 500, times: 1 };
    const failed = await a.start();
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('Power BI is unavailable right now (HTTP 500); try again later');
    expect(failed.body).not.toContain('StandInFailure');
    expect(linesWith(a.lines, 'StandInFailure').length).toBeGreaterThan(0);
  });
});
