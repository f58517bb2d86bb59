import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migratedDataDir, testDatabaseKind, withSchema } from '../helpers/database';
import { startServer } from '../helpers/server-process';

describe('server process', () => {
  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const server = await startServer({ DATA_DIR: await migratedDataDir() });
    const body = JSON.stringify({
      name: 'Slow Sender',
      email: 'slow@example.com',
      message: 'Sent in two parts.',
    });
    const half = Math.floor(body.length / 2);
    const response = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/contact`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
          );
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      // The request is in flight (half its body sent) when the signal arrives.
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(half)), 500);
      }, 300);
    });
    const answer = await response;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).success).toBe(true);
    // The answer closes its connection, so the exit waits for no idle keep-alive socket.
    expect(answer.connection).toBe('close');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 90_000);

  it('stops with one clear line naming a bad variable and exit code 1', async () => {
    const server = await startServer({ PORT: 'not-a-port' }, { waitReady: false }).catch((e) => {
      throw e;
    });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe('Configuration error: PORT must be a whole number from 0 to 65535');

    const powerbi = await startServer({ BI_PROVIDER: 'powerbi' }, { waitReady: false });
    expect(await powerbi.exited).toBe(1);
    expect(powerbi.output().trim()).toBe(
      'Configuration error: POWERBI_TENANT_ID is required when BI_PROVIDER=powerbi',
    );
  }, 60_000);

  it.runIf(testDatabaseKind === 'pglite')(
    'keeps data in DATA_DIR across a restart',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-restart-'));
      const first = await startServer({ DATA_DIR: dataDir });
      const sent = await fetch(`${first.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Kept',
          email: 'kept@example.com',
          message: 'Still here after a restart?',
        }),
      });
      expect(sent.status).toBe(201);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = await startServer({ DATA_DIR: dataDir, JWT_SECRET: '' });
      const health = await fetch(`${second.url}/api/powerbi/health`);
      expect(health.status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const { PGlite } = await import('@electric-sql/pglite');
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      const { rows } = await db.query<{ name: string }>(
        "SELECT name FROM issue_reports WHERE kind = 'contact'",
      );
      expect(rows).toEqual([{ name: 'Kept' }]);
      await db.close();
    },
    120_000,
  );

  it.runIf(testDatabaseKind === 'postgres')(
    'lets two processes migrate one PostgreSQL database at once',
    async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      try {
        const url = withSchema(base, schema);
        const [a, b] = await Promise.all([
          startServer({ DATABASE_URL: url }),
          startServer({ DATABASE_URL: url }),
        ]);
        for (const s of [a, b]) {
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
        a.child.kill('SIGTERM');
        b.child.kill('SIGTERM');
        expect(await a.exited).toBe(0);
        expect(await b.exited).toBe(0);
      } finally {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
    },
    120_000,
  );
});
