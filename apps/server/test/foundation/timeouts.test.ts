import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { MESSAGES } from '@insightra/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';
import { appOn } from '../helpers/app-on';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { csv, multipartBody } from '../helpers/multipart';

// Real sockets against a listening app: the deadlines are Node's and only apply to real connections.
// The tests spend their time waiting for those deadlines (whole seconds), so they run at once: each
// counts only what it sent itself. The other apps built here share this app's database.
let t: TestApp;
let base: URL;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await createTestApp({ REQUEST_IDLE_TIMEOUT_S: '1', REQUEST_TIMEOUT_S: '3' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  const user = await createUser(t.db);
  userId = user.id;
  token = await tokenFor(t.app, user);
});

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

/**
 * Sends the headers and `first` at once, then `pieces` one by one every `everyMs`, never finishing
 * the body (Content-Length announces more); resolves with the server's answer.
 */
function sendSlowly(
  url: string,
  headers: Record<string, string | number>,
  first: Buffer,
  total: number,
  pieces: { count: number; everyMs: number } = { count: 0, everyMs: 0 },
): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const req = http.request(
      new URL(url, base),
      { method: 'POST', headers: { ...headers, 'content-length': total } },
      (res) => {
        clearInterval(timer);
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers, ms: Date.now() - started }),
        );
        res.on('error', reject);
      },
    );
    // The server closes the connection after answering; the unsent rest of the body then fails to go.
    req.on('error', (err) => reject(err));
    req.write(first);
    let sent = 0;
    if (pieces.count > 0) {
      timer = setInterval(() => {
        if (sent++ >= pieces.count) return clearInterval(timer);
        req.write('a');
      }, pieces.everyMs);
    }
  });
}

/** The contact messages stored from `name` (each test sends its own). */
async function contactCount(name: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM issue_reports WHERE kind = 'contact' AND name = $1",
    [name],
  );
  return rows[0]!.n;
}

const contactBody = (name: string) =>
  JSON.stringify({ name, email: 'slow@example.com', message: 'x'.repeat(400) });

describe.concurrent('server timeouts', () => {
  it('answers 408 to a body that stalls for REQUEST_IDLE_TIMEOUT_S, serving others meanwhile, and keeps nothing', async () => {
    const body = contactBody('Stalled');
    const stalled = sendSlowly(
      '/api/contact',
      { 'content-type': 'application/json' },
      Buffer.from(body.slice(0, 100)),
      Buffer.byteLength(body),
    );
    // Another request is answered while the stalled one waits.
    const other = await fetch(new URL('/api/powerbi/health', base));
    expect(other.status).toBe(200);

    const answer = await stalled;
    expect(answer.status).toBe(408);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      message: MESSAGES.availability.requestTimeout,
    });
    expect(answer.ms).toBeGreaterThanOrEqual(900);
    expect(answer.ms).toBeLessThan(3000);
    expect(await contactCount('Stalled')).toBe(0);
  });

  it('answers 408 to a body that trickles past REQUEST_TIMEOUT_S without ever stalling', async () => {
    const body = contactBody('Trickled');
    const answer = await sendSlowly(
      '/api/contact',
      { 'content-type': 'application/json' },
      Buffer.from(body.slice(0, 100)),
      Buffer.byteLength(body),
      { count: 200, everyMs: 250 },
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).message).toBe(MESSAGES.availability.requestTimeout);
    expect(answer.ms).toBeGreaterThanOrEqual(2900);
    expect(answer.ms).toBeLessThan(6000);
    expect(await contactCount('Trickled')).toBe(0);
  });

  it('closes a stalled upload with 408 and stores no part of it', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => [
      `S${i}`,
      `Name ${i}`,
      'F',
      'Grade 9',
      'Yes',
      '50',
      '',
    ]);
    const { payload, headers } = multipartBody('stalled.csv', csv(rows));
    const answer = await sendSlowly(
      '/api/server/upload-excel',
      { ...headers, ...bearer(token) },
      payload.subarray(0, Math.floor(payload.length / 2)),
      payload.length,
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).success).toBe(false);
    // The aborted upload is undone by its handler: wait for that, then nothing of it remains.
    await new Promise((r) => setTimeout(r, 500));
    const { rows: logs } = await t.db.query('SELECT id FROM upload_logs WHERE user_id = $1', [userId]);
    const { rows: data } = await t.db.query(
      'SELECT 1 FROM dataset_rows WHERE organisation_id = (SELECT default_organisation_id FROM users WHERE id = $1) LIMIT 1',
      [userId],
    );
    expect(logs).toEqual([]);
    expect(data).toEqual([]);
  });

  it('closes a connection that sends nothing, and one idle after its answer', async () => {
    const connect = (send?: string) => {
      const started = Date.now();
      const socket = net.connect(Number(base.port), '127.0.0.1', () => {
        if (send) socket.write(send);
      });
      socket.on('data', () => {});
      const closed = new Promise<number>((resolve, reject) => {
        socket.on('error', reject);
        socket.on('close', () => resolve(Date.now() - started));
      });
      return { socket, closed };
    };
    const silent = connect();
    // After an answer the keep-alive timeout (65 s) applies instead: still open after the idle timeout.
    const kept = connect('GET /api/powerbi/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const early = Promise.race([kept.closed, new Promise((r) => setTimeout(() => r('open'), 2000))]);
    const silentMs = await silent.closed;
    expect(silentMs).toBeGreaterThanOrEqual(900);
    expect(silentMs).toBeLessThan(3000);
    expect(await early).toBe('open');
    kept.socket.destroy();
  });

  it('lets a slow but complete request through', async () => {
    const body = Buffer.from(contactBody('Slow but complete'));
    const answer = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        new URL('/api/contact', base),
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, 50));
      setTimeout(() => req.end(body.subarray(50)), 600);
    });
    expect(answer).toBe(201);
    expect(await contactCount('Slow but complete')).toBe(1);
  });
});

describe.concurrent('timeout defaults', () => {
  it('keeps headers 30 s, idle 30 s, whole request 600 s and keep-alive 65 s', async () => {
    const d = await appOn(t.db);
    await d.app.ready();
    expect(d.config.timeouts).toEqual({
      idleMs: 30_000,
      requestMs: 600_000,
      headersMs: 30_000,
      keepAliveMs: 65_000,
    });
    expect(d.app.server.headersTimeout).toBe(30_000);
    expect(d.app.server.requestTimeout).toBe(600_000);
    expect(d.app.server.keepAliveTimeout).toBe(65_000);
    expect(d.app.server.timeout).toBe(30_000);
    await d.close();
  });

  it('refuses a bad value with one line naming the variable', () => {
    expect(() => loadConfig({ REQUEST_IDLE_TIMEOUT_S: '0' })).toThrow(
      'REQUEST_IDLE_TIMEOUT_S must be a whole number from 1 to 3600',
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_S: 'ten' })).toThrow(
      'REQUEST_TIMEOUT_S must be a whole number from 1 to 86400',
    );
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_S: '-1' })).toThrow(
      'DATABASE_CONNECT_TIMEOUT_S must be a whole number from 1 to 120',
    );
    expect(() => loadConfig({ HASH_CONCURRENCY: '0' })).toThrow(
      'HASH_CONCURRENCY must be a whole number from 1 to 64',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN must be at least 16 characters',
    );
    expect(loadConfig({ REQUEST_TIMEOUT_S: '10' }).timeouts.headersMs).toBe(10_000);
  });
});

describe.concurrent('a body the server is not reading yet', () => {
  it('is not taken for a stalled client: it waits until the server reads it', async () => {
    const { app, close } = await appOn(t.db, { REQUEST_IDLE_TIMEOUT_S: '1', REQUEST_TIMEOUT_S: '30' });
    // Stands for a handler that is busy elsewhere before reading its body (an upload queued for a
    // parse worker): it starts reading only after more than twice the idle timeout.
    app.addContentTypeParser('application/x-held', (_request, _payload, done) => done(null));
    app.post('/test/held-body', async (request) => {
      await new Promise((r) => setTimeout(r, 2500));
      let bytes = 0;
      for await (const chunk of request.raw) bytes += (chunk as Buffer).length;
      return { success: true, bytes };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const body = Buffer.alloc(8 * 1024 * 1024, 'a');
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/test/held-body',
            method: 'POST',
            headers: { 'content-type': 'application/x-held', 'content-length': body.length },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => {
              text += d;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ success: true, bytes: body.length });
    } finally {
      await close();
    }
  });
});
