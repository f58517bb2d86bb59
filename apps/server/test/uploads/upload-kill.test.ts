import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestDatabase, testDatabaseKind } from '../helpers/database';
import { createUser, tokenFor } from '../helpers/factories';
import { HEADER } from '../helpers/multipart';
import { startServer as startServerProcess } from '../helpers/server-process';

const SECRET = 'kill-test-secret-that-is-long-enough-0123456789';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

async function startServer(env: Record<string, string>) {
  const server = await startServerProcess({ ...env, LOG_LEVEL: 'warn', JWT_SECRET: SECRET });
  children.push(server.child);
  return server;
}

function row(i: number) {
  return `K${i},Student number ${i},${i % 2 ? 'Female' : 'Male'},Grade ${i % 12},Yes,${i % 100},2025-01-0${(i % 9) + 1}\n`;
}

describe('a server killed mid-upload', () => {
  it('leaves no log, no rows and no files behind', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-kill-'));
    const testDb = testDatabaseKind === 'postgres' ? await createTestDatabase() : null;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
    };
    const config = loadConfig({ ...env, JWT_SECRET: SECRET, LOG_LEVEL: 'silent' });

    // Prepare a user in the database the child will use.
    let app = await buildApp({ config, logger: false, database: testDb?.db });
    const user = await createUser(app.db);
    const token = await tokenFor(app, user);
    await app.close();

    const server = await startServer(env);
    const boundary = 'killboundary';
    const req = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/server/upload-excel',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    req.on('error', () => {});
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="excelFile"; filename="big.csv"\r\n\r\n${HEADER}\n`,
    );
    // ~25 MB: several COPY pieces of the pending upload reach the database before the kill.
    let i = 0;
    for (let block = 0; block < 50; block++) {
      let text = '';
      for (let k = 0; k < 10_000; k++) text += row(i++);
      if (!req.write(text)) await new Promise((r) => req.once('drain', r));
    }
    await new Promise((r) => setTimeout(r, 1500));
    // The upload is under way: its scratch copy (gzip, about 4x smaller) holds more than 12 MB of CSV, so
    // several COPY pieces have passed the parser into the database.
    const scratch = path.join(dataDir, 'tmp', 'uploads');
    const [pidDir] = readdirSync(scratch);
    const [uploadDir] = readdirSync(path.join(scratch, pidDir!));
    expect(statSync(path.join(scratch, pidDir!, uploadDir!, 'original.csv.gz')).size).toBeGreaterThan(
      3 * 1024 * 1024,
    );
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    req.destroy();

    // Restart: the database recovers to its last commit; the dead process's scratch files are cleared.
    const again = await startServer(env);
    again.child.kill('SIGTERM');
    await new Promise((r) => again.child.once('exit', r));
    app = await buildApp({ config, logger: false, database: testDb?.db });
    await app.ready();
    const count = async (sql: string) => (await app.db.query<{ n: number }>(sql)).rows[0]!.n;
    expect(await count('SELECT count(*)::int AS n FROM upload_logs')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM dataset_rows')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM stored_files')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM stored_file_chunks')).toBe(0);
    expect(
      existsSync(path.join(dataDir, 'tmp', 'uploads'))
        ? readdirSync(path.join(dataDir, 'tmp', 'uploads'))
        : [],
    ).toEqual([]);
    await app.close();
    await testDb?.drop();
  });
});
