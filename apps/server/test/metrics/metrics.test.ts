import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});

async function scrape(): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one sample, e.g. `insightra_http_requests_in_flight` or `name{a="b"}`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /api/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    const res = await plain.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
    const withBearer = await plain.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withBearer.statusCode).toBe(404);
  });

  it('answers 401 without the bearer token, or with another', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual({ success: false, message: 'A valid metrics token is required' });
    }
  });

  it('answers the Prometheus text format with the bearer token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'insightra_http_requests_total',
      'insightra_http_request_duration_seconds_bucket',
      'insightra_http_requests_in_flight',
      'insightra_db_pool_in_use',
      'insightra_db_pool_waiting',
      'insightra_db_available 1',
      'insightra_uploads_running 0',
      'insightra_uploads_queued 0',
      'insightra_parse_workers_running 0',
      'insightra_parse_workers_queued 0',
      'insightra_password_hashing_running',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(res.body).toContain(name);
    }
  });

  it('counts requests by route pattern and status', async () => {
    const series = 'insightra_http_requests_total{method="GET",route="/api/sectors/:sectorId",status="200"}';
    const before = sample(await scrape(), series);
    for (const id of [1, 2, 3]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/sectors/${id}` })).statusCode).toBe(200);
    }
    expect(sample(await scrape(), series)).toBe(before + 3);
  });

  it('shows a request in flight while its body is still arriving', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const idle = sample(await scrape(), 'insightra_http_requests_in_flight');
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/contact',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': 1000 },
    });
    req.on('error', () => {});
    req.write('{"name":');
    let during = idle;
    for (let i = 0; i < 50 && during === idle; i++) {
      await new Promise((r) => setTimeout(r, 20));
      during = sample(await scrape(), 'insightra_http_requests_in_flight');
    }
    expect(during).toBe(idle + 1);
    req.destroy();
    let after = during;
    for (let i = 0; i < 50 && after !== idle; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = sample(await scrape(), 'insightra_http_requests_in_flight');
    }
    expect(after).toBe(idle);
  });

  it('reads refresh jobs by state from the database, and upload load from its registered source', async () => {
    const user = await createUser(t.db);
    await t.db.query(
      "INSERT INTO refresh_jobs (organisation_id, user_id, status, message, finished_at) SELECT default_organisation_id, id, 'failed', 'x', now() FROM users WHERE id = $1",
      [user.id],
    );
    const failed = sample(await scrape(), 'insightra_refresh_jobs{state="failed"}');
    expect(failed).toBeGreaterThanOrEqual(1);

    t.app.metrics.setUploadSource(() => ({
      uploadsRunning: 2,
      uploadsQueued: 5,
      workersRunning: 1,
      workersQueued: 3,
    }));
    const text = await scrape();
    expect(sample(text, 'insightra_uploads_running')).toBe(2);
    expect(sample(text, 'insightra_uploads_queued')).toBe(5);
    expect(sample(text, 'insightra_parse_workers_running')).toBe(1);
    expect(sample(text, 'insightra_parse_workers_queued')).toBe(3);
  });
});
