import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import type { BuiltinProvider } from '../../src/features/bi/builtin/provider';
import { REFRESH_FAILED_MESSAGE, RefreshWorker } from '../../src/features/bi/builtin/refresh-worker';
import { createTestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';

const { app, db } = await createTestApp();

describe('Cache-Control on API answers', () => {
  it('is no-store on successes, errors and unknown API paths', async () => {
    const user = await createUser(db);
    const auth = bearer(await tokenFor(app, user));
    const answers = await Promise.all([
      app.inject({ url: '/api/config' }),
      app.inject({ url: '/api/auth/me', headers: auth }),
      app.inject({ url: '/api/auth/me' }),
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'x', password: 'y' } }),
      app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
      app.inject({ url: '/api/no-such-route' }),
    ]);
    for (const [i, res] of answers.entries())
      expect(res.headers['cache-control'], `answer ${i}`).toBe('no-store');
  });
});

describe('a built-in refresh that fails', () => {
  it('shows the member a plain message and hands the detail on with the job id', async () => {
    await (app.bi as BuiltinProvider).worker.stop();
    const user = await createUser(db);
    const auth = bearer(await tokenFor(app, user));
    const started = await app.inject({
      method: 'POST',
      url: '/api/powerbi/api/refresh-powerbi',
      headers: auth,
    });
    const { refreshId } = started.json();
    const failing: Database = {
      ...db,
      transaction: async () => {
        throw new Error('could not extend file "base/16384/2619": No space left on device');
      },
    };
    const logged: [unknown, string | undefined][] = [];
    const worker = new RefreshWorker(failing, { onError: (err, jobId) => logged.push([err, jobId]) });
    expect(await worker.tick()).toBe(true);
    const status = await app.inject({ url: `/api/powerbi/api/refresh-status/${refreshId}`, headers: auth });
    expect(status.json()).toEqual({ status: 'failed', message: REFRESH_FAILED_MESSAGE, isComplete: true });
    expect(status.body).not.toContain('No space left');
    expect(logged).toHaveLength(1);
    expect(String(logged[0]![0])).toContain('No space left on device');
    expect(logged[0]![1]).toBe(refreshId);
  });
});
