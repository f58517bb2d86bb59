import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { ensureFirstAdmin } from '../../src/features/auth/first-admin';
import { verifyPassword } from '../../src/lib/password';
import { appOn } from '../helpers/app-on';
import { createTestDatabase, migratedDataDir, testDatabaseKind } from '../helpers/database';
import { createUser } from '../helpers/factories';
import { ensureBuilt } from '../helpers/server-process';

const run = promisify(execFile);
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const serverRoot = path.resolve(import.meta.dirname, '../..');

async function adminRow(db: Awaited<ReturnType<typeof createTestDatabase>>['db'], username: string) {
  const { rows } = await db.query<{ role: string; password_hash: string; email: string | null }>(
    'SELECT role, password_hash, email FROM users WHERE username = $1',
    [username],
  );
  return rows[0];
}

describe('the first administrator', () => {
  // One database for these tests (a fresh one costs seconds), its users removed before each test: each
  // starts from an empty users table, as a fresh database has.
  let db: Awaited<ReturnType<typeof createTestDatabase>>['db'];
  beforeAll(async () => {
    const testDb = await createTestDatabase();
    db = testDb.db;
    return testDb.drop;
  });
  beforeEach(async () => {
    await db.query('DELETE FROM users');
  });

  it('creates admin with a random password, printed once, on an empty database', async () => {
    const printed: string[] = [];
    const first = await ensureFirstAdmin(db, {}, silent, (line) => printed.push(line));
    expect(first.action).toBe('generated');
    if (first.action !== 'generated') throw new Error('unreachable');
    expect(first.password.length).toBeGreaterThanOrEqual(20);
    expect(printed.join('\n')).toContain(first.password);
    const row = await adminRow(db, 'admin');
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(row!.password_hash, first.password)).toBe(true);
    // A restart prints nothing and changes nothing.
    const second = await ensureFirstAdmin(db, {}, silent, (line) => printed.push(line));
    expect(second.action).toBe('none');
    expect(printed).toHaveLength(1);
  });

  it('creates nothing when users exist', async () => {
    await createUser(db);
    expect((await ensureFirstAdmin(db, {}, silent, () => {})).action).toBe('none');
    expect(await adminRow(db, 'admin')).toBeUndefined();
  });

  it('creates or updates the administrator of ADMIN_USERNAME/ADMIN_PASSWORD/ADMIN_EMAIL', async () => {
    const member = await createUser(db, { username: 'boss', role: 'member', password: 'old-password' });
    const settings = { username: 'boss', password: 'new-admin-pass', email: 'boss@example.com' };
    expect((await ensureFirstAdmin(db, settings, silent)).action).toBe('updated');
    const row = await adminRow(db, 'boss');
    expect(row).toMatchObject({ role: 'admin', email: 'boss@example.com' });
    expect(await verifyPassword(row!.password_hash, 'new-admin-pass')).toBe(true);
    expect(member.id).toBeGreaterThan(0);
    expect((await ensureFirstAdmin(db, { username: 'chief', password: 'chief-pass' }, silent)).action).toBe(
      'created',
    );
    expect((await adminRow(db, 'chief'))?.role).toBe('admin');
    expect((await ensureFirstAdmin(db, { username: 'lonely' }, silent)).action).toBe('invalid');
    expect((await ensureFirstAdmin(db, { username: 'shorty', password: '123' }, silent)).action).toBe(
      'invalid',
    );
  });

  it('creates one administrator when two instances start at once', async () => {
    const printed: string[] = [];
    const results = await Promise.all([
      ensureFirstAdmin(db, {}, silent, (l) => printed.push(l)),
      ensureFirstAdmin(db, {}, silent, (l) => printed.push(l)),
      ensureFirstAdmin(db, { username: 'ops', password: 'ops-password' }, silent),
      ensureFirstAdmin(db, { username: 'ops', password: 'ops-password' }, silent),
    ]);
    const { rows } = await db.query<{ username: string }>("SELECT username FROM users WHERE role = 'admin'");
    const names = rows.map((r) => r.username).sort();
    expect(names.filter((n) => n === 'ops')).toHaveLength(1);
    expect(names.filter((n) => n === 'admin').length).toBeLessThanOrEqual(1);
    expect(printed.length).toBe(results.filter((r) => r.action === 'generated').length);
    expect(printed.length).toBeLessThanOrEqual(1);
  });

  it('runs when the server starts listening, not when tests only build the app', async () => {
    const { app, close } = await appOn(db, {
      ADMIN_USERNAME: 'startup_admin',
      ADMIN_PASSWORD: 'startup-pass',
    });
    try {
      await app.ready();
      expect(await adminRow(db, 'startup_admin')).toBeUndefined();
      await app.listen({ port: 0, host: '127.0.0.1' });
      await expect
        .poll(async () => (await adminRow(db, 'startup_admin'))?.role, { timeout: 5000 })
        .toBe('admin');
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'startup_admin', password: 'startup-pass' },
      });
      expect(res.json().data.user.permissions.manageUsers).toBe(true);
    } finally {
      await close();
    }
  });
});

describe('npm run admin -- create', () => {
  it('creates an administrator and prints its password', { timeout: 90_000 }, async () => {
    let env: Record<string, string>;
    let check: () => Promise<{ db: Awaited<ReturnType<typeof openDatabase>>; done: () => Promise<void> }>;
    if (testDatabaseKind === 'postgres') {
      const pg = await createTestDatabase();
      env = { DATABASE_URL: pg.url! };
      check = async () => ({ db: pg.db, done: pg.drop });
    } else {
      const dataDir = await migratedDataDir();
      env = { DATA_DIR: dataDir };
      check = async () => {
        const db = await openDatabase({ dataDir });
        return { db, done: () => db.close() };
      };
    }
    // `npm run admin`: the built CLI.
    ensureBuilt();
    const cli = (...args: string[]) =>
      run(process.execPath, ['dist/cli/admin.js', ...args], {
        cwd: serverRoot,
        env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      });
    // The refusals of bad arguments open no database: they run beside the first creation.
    const [created] = await Promise.all([
      cli('create', 'cli_admin', 'cli@example.com'),
      expect(cli('create', 'x', 'bad')).rejects.toMatchObject({
        stderr: expect.stringContaining('Invalid'),
      }),
      expect(cli('delete')).rejects.toMatchObject({ stderr: expect.stringContaining('Usage') }),
    ]);
    const password = /Password: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeTruthy();
    await expect(cli('create', 'cli_admin', 'other@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('already exists'),
    });
    const { db, done } = await check();
    const row = await adminRow(db as never, 'cli_admin');
    expect(row).toMatchObject({ role: 'admin', email: 'cli@example.com' });
    expect(await verifyPassword(row!.password_hash, password!)).toBe(true);
    await done();
  });
});
