import { beforeEach, describe, expect, it } from 'vitest';
import type { BuiltinProvider } from '../../src/features/bi/builtin/provider';
import { RefreshWorker, STALE_JOB_MESSAGE } from '../../src/features/bi/builtin/refresh-worker';
import { createTestApp } from '../helpers/app';
import { appOn } from '../helpers/app-on';
import { seedGeneratedUpload, seedUpload } from '../helpers/dataset';
import { bearer, createUser, tokenFor } from '../helpers/factories';

const { app, db } = await createTestApp();
const appWorker = (app.bi as BuiltinProvider).worker;
// The app's own worker would take the jobs these tests hand to their own workers.
await appWorker.stop();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function session() {
  const user = await createUser(db);
  return { user, auth: bearer(await tokenFor(app, user)) };
}
const start = (auth: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/powerbi/api/refresh-powerbi', headers: auth });
const status = (auth: Record<string, string>, id: string) =>
  app.inject({ method: 'GET', url: `/api/powerbi/api/refresh-status/${id}`, headers: auth });
const queue = (auth: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/powerbi/api/refresh-queue', headers: auth });

describe('refresh lifecycle', () => {
  // Each test hands its own job to its own workers: earlier tests' unfinished jobs are cleared.
  beforeEach(async () => {
    await db.query("DELETE FROM refresh_jobs WHERE status IN ('queued', 'refreshing')");
  });

  it('requires sign-in on every refresh endpoint', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/powerbi/api/refresh-powerbi' })).statusCode).toBe(
      401,
    );
    expect((await app.inject({ method: 'GET', url: '/api/powerbi/api/refresh-status/x' })).statusCode).toBe(
      401,
    );
    expect((await app.inject({ method: 'GET', url: '/api/powerbi/api/refresh-queue' })).statusCode).toBe(401);
  });

  it('queues, answers in_progress while one is queued or running, then completes', async () => {
    const { user, auth } = await session();
    await seedUpload(db, user.id, [{ student_id: '1', gender: 'Male', grade: 'A', project_submitted: true }]);
    const first = await start(auth);
    expect(first.statusCode).toBe(200);
    const started = first.json();
    expect(started).toMatchObject({
      success: true,
      status: 'starting',
      estimatedDuration: expect.any(String),
    });
    expect(started.currentRefreshId).toBe(started.refreshId);
    expect((await status(auth, started.refreshId)).json()).toEqual({
      status: 'starting',
      message: 'Refresh queued',
      isComplete: false,
    });

    const again = (await start(auth)).json();
    expect(again).toMatchObject({
      status: 'in_progress',
      refreshId: started.refreshId,
      currentRefreshId: started.refreshId,
    });

    const worker = new RefreshWorker(db, { owner: 'w1' });
    const job = await worker.claim();
    expect(job?.id).toBe(started.refreshId);
    expect((await status(auth, started.refreshId)).json()).toMatchObject({
      status: 'refreshing',
      isComplete: false,
    });
    expect((await start(auth)).json().status).toBe('in_progress');
    await worker.run(job!);
    expect((await status(auth, started.refreshId)).json()).toEqual({
      status: 'completed',
      message: 'Refresh completed',
      isComplete: true,
    });
    const q = (await queue(auth)).json().data;
    expect(q.pendingUploads).toBe(0);
    expect(q.jobs[0]).toMatchObject({
      refreshId: started.refreshId,
      status: 'completed',
      durationMs: expect.any(Number),
    });

    // A new upload waits for the next refresh; a new refresh can be queued now.
    await seedUpload(db, user.id, [{ student_id: '2', gender: 'Male', grade: 'A', project_submitted: true }]);
    expect((await queue(auth)).json().data.pendingUploads).toBe(1);
    const next = (await start(auth)).json();
    expect(next.status).toBe('starting');
    expect(next.refreshId).not.toBe(started.refreshId);
  });

  it('404s for another user’s refresh and for ids that are not refreshes', async () => {
    const a = await session();
    const b = await session();
    const { refreshId } = (await start(a.auth)).json();
    expect((await status(b.auth, refreshId)).statusCode).toBe(404);
    expect((await status(a.auth, 'not-a-uuid')).statusCode).toBe(404);
    expect((await queue(b.auth)).json().data.jobs).toEqual([]);
  });

  it('takes over a job whose worker died once its lease expires', async () => {
    const { user, auth } = await session();
    await seedUpload(db, user.id, [
      { student_id: '1', gender: 'Female', grade: 'A', project_submitted: false },
    ]);
    const { refreshId } = (await start(auth)).json();
    // The dying worker claims the job, then stops without running it or renewing its lease.
    const dying = new RefreshWorker(db, { owner: 'dying', leaseMs: 300 });
    expect((await dying.claim())?.id).toBe(refreshId);
    const rescuer = new RefreshWorker(db, { owner: 'rescuer', leaseMs: 300 });
    expect(await rescuer.claim()).toBeNull(); // the lease still holds
    await sleep(450);
    expect(await rescuer.tick()).toBe(true);
    expect((await status(auth, refreshId)).json().status).toBe('completed');
    const { rows } = await db.query<{ attempts: number }>('SELECT attempts FROM refresh_jobs WHERE id = $1', [
      refreshId,
    ]);
    expect(rows[0]!.attempts).toBe(2);
    // The dying worker cannot complete it afterwards.
    await dying.run({ id: refreshId, organisationId: user.organisationId!, attempts: 1 });
    expect((await status(auth, refreshId)).json().status).toBe('completed');
  });

  it('never leaves a job in progress for ever: repeated deaths end as failed', async () => {
    const { auth } = await session();
    const { refreshId } = (await start(auth)).json();
    for (let i = 0; i < 2; i++) {
      const w = new RefreshWorker(db, { owner: `dies-${i}`, leaseMs: 100, maxAttempts: 2 });
      expect((await w.claim())?.id).toBe(refreshId);
      await sleep(150);
    }
    await new RefreshWorker(db, { owner: 'sweeper', maxAttempts: 2 }).tick();
    expect((await status(auth, refreshId)).json()).toEqual({
      status: 'failed',
      message: STALE_JOB_MESSAGE,
      isComplete: true,
    });
  });

  it('lets exactly one of two racing workers claim a job', async () => {
    const { auth } = await session();
    const { refreshId } = (await start(auth)).json();
    const claims = await Promise.all([
      new RefreshWorker(db, { owner: 'racer-1' }).claim(),
      new RefreshWorker(db, { owner: 'racer-2' }).claim(),
    ]);
    expect(claims.filter(Boolean).map((c) => c!.id)).toEqual([refreshId]);
  });

  it('estimates from the row count and past durations', async () => {
    const { user: small, auth: smallAuth } = await session();
    const { user: big, auth: bigAuth } = await session();
    // Without history: the row count times the measured first-refresh cost, in seconds for small data.
    await db.query('DELETE FROM refresh_jobs');
    await seedGeneratedUpload(db, small.id, 3000);
    expect((await start(smallAuth)).json().estimatedDuration).toBe('1-2 seconds');
    await db.query('DELETE FROM refresh_jobs');
    await db.query(
      `INSERT INTO refresh_jobs (organisation_id, user_id, status, row_count, duration_ms, started_at, finished_at)
       SELECT default_organisation_id, id, 'completed', v.row_count, v.duration_ms, now(), now()
         FROM users, (VALUES (1000, 200), (100000, 10000)) AS v(row_count, duration_ms) WHERE id = $1`,
      [small.id],
    );
    await seedGeneratedUpload(db, big.id, 40000);
    const seconds = (text: string) => {
      const [n, unit] = /^(\d+)-\d+ (seconds|minutes)$/.exec(text)!.slice(1);
      return Number(n) * (unit === 'minutes' ? 60 : 1);
    };
    const smallEstimate = (await start(smallAuth)).json().estimatedDuration;
    const bigEstimate = (await start(bigAuth)).json().estimatedDuration;
    expect(seconds(bigEstimate)).toBeGreaterThan(seconds(smallEstimate));
  });
});

describe('worker lifecycle with the app', () => {
  it('runs queued jobs in the background and stops cleanly on close', async () => {
    // Another instance on the same database, its worker running (a fresh database costs seconds); the
    // jobs earlier tests left unfinished are cleared first, so it has only this test's to run.
    await db.query("DELETE FROM refresh_jobs WHERE status IN ('queued', 'refreshing')");
    const other = await appOn(db);
    await other.app.ready();
    const user = await createUser(db);
    await seedUpload(db, user.id, [{ student_id: '1', gender: 'Male', grade: 'A', project_submitted: true }]);
    const auth = bearer(await tokenFor(other.app, user));
    const { refreshId } = (
      await other.app.inject({ method: 'POST', url: '/api/powerbi/api/refresh-powerbi', headers: auth })
    ).json();
    let body: { isComplete: boolean; status: string } = { isComplete: false, status: '' };
    for (let i = 0; i < 50 && !body.isComplete; i++) {
      await sleep(100);
      body = (
        await other.app.inject({
          method: 'GET',
          url: `/api/powerbi/api/refresh-status/${refreshId}`,
          headers: auth,
        })
      ).json();
    }
    expect(body.status).toBe('completed');
    await other.close();
    // Closed: a job queued now stays queued (no worker is left polling, or to wake). Woken, a worker
    // still running would look at once instead of at its next poll, a second away.
    const { rows } = await db.query<{ id: string }>(
      'INSERT INTO refresh_jobs (organisation_id, user_id) SELECT default_organisation_id, id FROM users WHERE id = $1 RETURNING id',
      [user.id],
    );
    (other.app.bi as BuiltinProvider).worker.wake();
    await sleep(500);
    const after = await db.query<{ status: string }>('SELECT status FROM refresh_jobs WHERE id = $1', [
      rows[0]!.id,
    ]);
    expect(after.rows[0]!.status).toBe('queued');
  });
});
