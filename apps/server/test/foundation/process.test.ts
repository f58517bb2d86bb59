import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migratedDataDir, testDatabaseKind, withSchema } from '../helpers/database';
import { type ServerProcess, serverStarter, startServer, waitForOutput } from '../helpers/server-process';

// Each start of the built server costs seconds (more on PGlite): the tests below start as few as their
// subjects need, at once where they may, and each server a test stops gracefully also serves its other checks.
const start = serverStarter({});

/**
 * POSTs a contact message in two halves and sends SIGTERM between them: the server has received the
 * request's headers and begun shutting down while the rest of its body is still to come. Resolves with
 * the answer; the caller checks the exit.
 */
async function contactAcrossSigterm(server: ServerProcess, name: string) {
  const body = JSON.stringify({ name, email: 'slow@example.com', message: 'Sent in two parts.' });
  const half = Math.floor(body.length / 2);
  const req = http.request(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
      );
    });
  });
  req.write(body.slice(0, half));
  // The request is in flight (its headers read, half its body sent) when the signal arrives…
  await waitForOutput(server, '"url":"/api/contact"');
  server.child.kill('SIGTERM');
  // …and the rest of its body comes once the server is shutting down.
  await waitForOutput(server, 'shutting down');
  req.end(body.slice(half));
  return answer;
}

const ADMIN = { ADMIN_USERNAME: 'procadmin', ADMIN_PASSWORD: 'proc-admin-password' };

/** The names on the contact messages `server` holds, read as its administrator (ADMIN) reads them. */
async function contactNames(server: ServerProcess): Promise<string[]> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { data } = (await login.json()) as { data: { token: string } };
  const res = await fetch(`${server.url}/api/admin/issues`, {
    headers: { authorization: `Bearer ${data.token}` },
  });
  expect(res.status).toBe(200);
  const { data: reports } = (await res.json()) as { data: { kind: string; name: string }[] };
  return reports.filter((r) => r.kind === 'contact').map((r) => r.name);
}

/** The checks of an answer to a request that was in flight on SIGTERM, and of the exit that follows. */
async function expectFinishedThenExited(
  server: ServerProcess,
  answer: Awaited<ReturnType<typeof contactAcrossSigterm>>,
) {
  expect(answer.status).toBe(201);
  expect(JSON.parse(answer.body).success).toBe(true);
  // The answer closes its connection, so the exit waits for no idle keep-alive socket.
  expect(answer.connection).toBe('close');
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('shutting down');
}

describe('server process', () => {
  it('stops with one clear line naming a bad variable and exit code 1', async () => {
    const [port, powerbi] = await Promise.all([
      startServer({ PORT: 'not-a-port' }, { waitReady: false }),
      startServer({ BI_PROVIDER: 'powerbi' }, { waitReady: false }),
    ]);
    expect(await port.exited).toBe(1);
    expect(port.output().trim()).toBe('Configuration error: PORT must be a whole number from 0 to 65535');
    expect(await powerbi.exited).toBe(1);
    expect(powerbi.output().trim()).toBe(
      'Configuration error: POWERBI_TENANT_ID is required when BI_PROVIDER=powerbi',
    );
  }, 60_000);

  it.runIf(testDatabaseKind === 'pglite')(
    'finishes an in-flight request on SIGTERM, exits 0, and keeps what it stored in DATA_DIR across a restart',
    async () => {
      // Migrated already: the first start is first-start.test.ts's subject, not this test's.
      const env = { DATA_DIR: await migratedDataDir(), ...ADMIN };
      const first = await start(env);
      await expectFinishedThenExited(first, await contactAcrossSigterm(first, 'Kept'));

      // Restarted on the same DATA_DIR, the server has the message the first one stored.
      const second = await start(env);
      const health = await fetch(`${second.url}/api/powerbi/health`);
      expect(health.status).toBe(200);
      expect(await contactNames(second)).toEqual(['Kept']);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
    120_000,
  );

  it.runIf(testDatabaseKind === 'postgres')(
    'lets two processes migrate one PostgreSQL database at once; each finishes an in-flight request on SIGTERM and exits 0',
    async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      try {
        const url = withSchema(base, schema);
        const servers = await Promise.all([start({ DATABASE_URL: url }), start({ DATABASE_URL: url })]);
        for (const s of servers) {
          const res = await fetch(`${s.url}/api/powerbi/health`);
          expect(await res.json()).toMatchObject({ status: 'healthy', database: 'ok' });
        }
        const { rows } = await admin.query<{ version: string; n: string }>(
          `SELECT version, count(*) AS n FROM ${schema}.schema_migrations GROUP BY version`,
        );
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
        const sectors = await admin.query(`SELECT count(*)::int AS n FROM ${schema}.sectors`);
        expect(sectors.rows[0].n).toBe(6);

        const answers = await Promise.all(servers.map((s, i) => contactAcrossSigterm(s, `Kept ${i}`)));
        for (const [i, s] of servers.entries()) await expectFinishedThenExited(s, answers[i]!);
        const contacts = await admin.query<{ name: string }>(
          `SELECT name FROM ${schema}.issue_reports WHERE kind = 'contact' ORDER BY name`,
        );
        expect(contacts.rows).toEqual([{ name: 'Kept 0' }, { name: 'Kept 1' }]);
      } finally {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
    },
    120_000,
  );
});
