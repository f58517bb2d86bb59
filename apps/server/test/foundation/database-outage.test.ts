import { MESSAGES } from '@insightra/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { START_UP_WORK_DELAY_MS } from '../../src/lib/start-up-work';
import { testDatabaseKind } from '../helpers/database';
import { type ServerProcess, startServer } from '../helpers/server-process';
import { startThrowawayCluster, type ThrowawayCluster } from '../helpers/throwaway-cluster';

interface Sample {
  server: number;
  path: string;
  sentAt: number;
  ms: number;
  status: number | 'network-error';
  message?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `path` on `server` every `everyMs` until `until()`; each answer is kept with its timing. */
async function load(
  servers: ServerProcess[],
  index: number,
  path: string,
  headers: Record<string, string>,
  everyMs: number,
  samples: Sample[],
  until: () => boolean,
) {
  while (!until()) {
    const sentAt = Date.now();
    try {
      const res = await fetch(`${servers[index]!.url}${path}`, {
        headers,
        signal: AbortSignal.timeout(5000),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      samples.push({
        server: index,
        path,
        sentAt,
        ms: Date.now() - sentAt,
        status: res.status,
        message: body.message,
      });
    } catch {
      samples.push({ server: index, path, sentAt, ms: Date.now() - sentAt, status: 'network-error' });
    }
    await sleep(everyMs);
  }
}

let cluster: ThrowawayCluster | undefined;
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await cluster?.destroy();
}, 60_000);

describe('the database going away', () => {
  it('PostgreSQL stopped for 3 s: no exit, 503 within 2 s, health 503, no 401, back within 10 s', async (ctx) => {
    if (testDatabaseKind !== 'postgres') {
      ctx.skip('starts and stops a PostgreSQL cluster of its own (initdb, pg_ctl): runs in server:postgres');
    }
    cluster = await startThrowawayCluster();
    const env = { DATABASE_URL: cluster.url, DATABASE_POOL_SIZE: '4' };
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
    const listening = Date.now();

    const registered = await fetch(`${servers[0]!.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'outage_member',
        fullName: 'Outage Member',
        email: 'outage@example.com',
        password: 'outage-password-1',
      }),
    });
    expect(registered.status).toBe(201);
    const { data } = (await registered.json()) as {
      data: { token: string; user: { id: number; organisation: { id: number } } };
    };
    const auth = { authorization: `Bearer ${data.token}` };

    // A refresh job held running (its organisation's refresh lock taken here) when the database stops.
    const holder = new pg.Client({ connectionString: cluster.url });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(727002, $1::int)', [data.user.organisation.id]);
    const started = await fetch(`${servers[0]!.url}/api/powerbi/api/refresh-powerbi`, {
      method: 'POST',
      headers: auth,
    });
    const { refreshId } = (await started.json()) as { refreshId: string };
    const jobRow = async () => {
      const c = new pg.Client({ connectionString: cluster!.url });
      c.on('error', () => {});
      await c.connect();
      try {
        const { rows } = await c.query('SELECT status, attempts FROM refresh_jobs WHERE id = $1', [
          refreshId,
        ]);
        return rows[0] as { status: string; attempts: number } | undefined;
      } finally {
        await c.end();
      }
    };
    const jobState = async () => (await jobRow())?.status;
    for (let i = 0; i < 50 && (await jobState()) !== 'refreshing'; i++) await sleep(100);
    expect(await jobState()).toBe('refreshing');

    const samples: Sample[] = [];
    // The load stops when the test is done, or at the latest after a minute whatever happens.
    const loadDeadline = Date.now() + 60_000;
    let done = false;
    const loops = [0, 1].flatMap((i) => [
      load(servers, i, '/api/auth/me', auth, 100, samples, () => done || Date.now() > loadDeadline),
      load(servers, i, '/api/powerbi/health', {}, 300, samples, () => done || Date.now() > loadDeadline),
    ]);
    // The database stops once every instance has answered both calls while it runs, and has done its
    // start-up work (sweeps and prunes, START_UP_WORK_DELAY_MS after listening): this is an outage
    // of a running service.
    const answered = () =>
      [0, 1].every((i) =>
        ['/api/auth/me', '/api/powerbi/health'].every((p) =>
          samples.some((s) => s.server === i && s.path === p && s.status === 200),
        ),
      );
    for (let i = 0; i < 100 && !answered(); i++) await sleep(50);
    await sleep(listening + START_UP_WORK_DELAY_MS + 500 - Date.now());
    const logBefore = servers.map((s) => s.output().length);

    const stopping = Date.now();
    await cluster.stop();
    const stopped = Date.now();
    // Longer than DATABASE_CONNECT_TIMEOUT_S (2 s) and than the probe's interval (1 s): connects time out
    // or are refused, and probes fail, before it returns.
    await sleep(3000);
    const restarting = Date.now();
    await cluster.start();
    const back = Date.now();

    // Recovery: every instance answers the member again, within 10 s of the database's return.
    let recovered = 0;
    while (Date.now() - back < 15_000) {
      const fresh = samples.filter((s) => s.sentAt > back && s.path === '/api/auth/me' && s.status === 200);
      if (new Set(fresh.map((s) => s.server)).size === 2) {
        recovered = Math.max(...[0, 1].map((i) => fresh.find((s) => s.server === i)!.sentAt)) - back;
        break;
      }
      await sleep(100);
    }
    done = true;
    await Promise.all(loops);

    let job = await jobState();
    for (let i = 0; i < 100 && job !== 'completed'; i++) {
      await sleep(100);
      job = await jobState();
    }
    await holder.end().catch(() => {});

    for (const s of servers) expect(s.child.exitCode).toBeNull();
    expect(samples.filter((s) => s.status === 'network-error')).toEqual([]);
    expect(samples.filter((s) => s.status === 401)).toEqual([]);
    expect(samples.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    expect(samples.filter((s) => s.ms > 2000)).toEqual([]);

    // While the database was down every call answered 503; the member's with the outage message.
    const down = samples.filter((s) => s.sentAt > stopped && s.sentAt + s.ms < restarting);
    for (const i of [0, 1]) {
      const me = down.filter((s) => s.server === i && s.path === '/api/auth/me');
      const health = down.filter((s) => s.server === i && s.path === '/api/powerbi/health');
      expect(me.length).toBeGreaterThan(10);
      expect(health.length).toBeGreaterThan(3);
      expect(new Set(me.map((s) => s.status))).toEqual(new Set([503]));
      expect(new Set(health.map((s) => s.status))).toEqual(new Set([503]));
      expect(new Set(me.map((s) => s.message))).toEqual(new Set([MESSAGES.availability.databaseUnavailable]));
    }
    expect(samples.some((s) => s.sentAt < stopping && s.status === 200)).toBe(true);
    expect(recovered).toBeGreaterThan(0);
    expect(recovered).toBeLessThanOrEqual(10_000);

    // The refresh job in flight ran again once the database was back, and completed; the outage did
    // not count as one of its attempts.
    expect(job).toBe('completed');
    expect((await jobRow())?.attempts).toBe(1);

    // The outage is logged once per instance, without a stack per request.
    for (const [i, s] of servers.entries()) {
      const lines = s.output().slice(logBefore[i]).split('\n');
      expect(lines.filter((l) => l.includes('database unavailable')).length).toBeLessThanOrEqual(2);
      expect(lines.filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
      expect(lines.filter((l) => l.includes('"stack"'))).toEqual([]);
    }
  }, 180_000);
});
