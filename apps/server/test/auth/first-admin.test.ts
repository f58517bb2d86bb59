import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { ensureFirstAdmin } from '../../src/features/auth/first-admin';
import { hashPassword, verifyPassword } from '../../src/lib/password';
import { appOn } from '../helpers/app-on';
import { createTestDatabase, migratedDataDir, testDatabaseKind } from '../helpers/database';
import { createUser } from '../helpers/factories';
import { ensureBuilt, startServer } from '../helpers/server-process';

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

  it('creates the administrator of ADMIN_USERNAME once, and leaves it as it is at every later start', async () => {
    const settings = { username: 'boss', password: 'first-admin-pass', email: 'boss@example.com' };
    const infos: string[] = [];
    const log = { ...silent, info: (_: object, msg?: string) => infos.push(msg ?? '') };
    expect((await ensureFirstAdmin(db, settings, log)).action).toBe('created');
    const row = await adminRow(db, 'boss');
    expect(row).toMatchObject({ role: 'admin', email: 'boss@example.com' });
    expect(await verifyPassword(row!.password_hash, 'first-admin-pass')).toBe(true);

    // The administrator changes the password; a restart with the same variables keeps the change.
    await db.query("UPDATE users SET password_hash = $1 WHERE username = 'boss'", [
      await hashPassword('changed-pass'),
    ]);
    infos.length = 0;
    expect((await ensureFirstAdmin(db, settings, log)).action).toBe('kept');
    expect(await verifyPassword((await adminRow(db, 'boss'))!.password_hash, 'changed-pass')).toBe(true);
    expect(infos).toEqual(['administrator from ADMIN_USERNAME exists; left as it is']);
  });

  it('never promotes a member who holds the name: start-up stops naming ADMIN_USERNAME', async () => {
    await createUser(db, { username: 'chief', role: 'member', password: 'member-pass' });
    const attempt = ensureFirstAdmin(db, { username: 'Chief', password: 'take-over-pass' }, silent);
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(
      /ADMIN_USERNAME "Chief" belongs to an account that is not an administrator/,
    );
    const row = await adminRow(db, 'chief');
    expect(row?.role).toBe('member');
    expect(await verifyPassword(row!.password_hash, 'member-pass')).toBe(true);
  });

  it('refuses incomplete or invalid ADMIN_USERNAME/ADMIN_PASSWORD and changes nothing', async () => {
    expect((await ensureFirstAdmin(db, { username: 'lonely' }, silent)).action).toBe('invalid');
    expect((await ensureFirstAdmin(db, { username: 'shorty', password: '123' }, silent)).action).toBe(
      'invalid',
    );
    const { rows } = await db.query('SELECT id FROM users');
    expect(rows).toHaveLength(0);
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

  it('runs before the server listens, not when tests only build the app', async () => {
    const { app, close } = await appOn(db, {});
    try {
      await app.ready();
      expect(await adminRow(db, 'admin')).toBeUndefined();
    } finally {
      await close();
    }
  });
});

/**
 * A database for a child process (the built CLI or server) and a way to look into it between their runs:
 * PGlite's folder is opened by one process at a time, PostgreSQL's database stays open.
 */
async function sharedDatabase(): Promise<{
  env: Record<string, string>;
  look: <T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) => Promise<T>;
  done: () => Promise<void>;
}> {
  if (testDatabaseKind === 'postgres') {
    const pg = await createTestDatabase();
    return {
      env: { DATABASE_URL: pg.url! },
      look: <T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) => fn(pg.db),
      done: pg.drop,
    };
  }
  const dataDir = await migratedDataDir();
  return {
    env: { DATA_DIR: dataDir },
    look: async <T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) => {
      const db = await openDatabase({ dataDir });
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
    done: async () => {},
  };
}

describe('npm run admin', () => {
  it('creates an administrator, and resets a lost password ending its sessions', {
    timeout: 90_000,
  }, async () => {
    const shared = await sharedDatabase();
    // `npm run admin`: the built CLI.
    ensureBuilt();
    const cli = (...args: string[]) =>
      run(process.execPath, ['dist/cli/admin.js', ...args], {
        cwd: serverRoot,
        env: { ...process.env, ...shared.env, LOG_LEVEL: 'silent' },
      });
    // The refusals of bad arguments open no database: they run beside the first creation.
    const [created] = await Promise.all([
      cli('create', 'cli_admin', 'cli@example.com'),
      expect(cli('create', 'x', 'bad')).rejects.toMatchObject({
        stderr: expect.stringContaining('Invalid'),
      }),
      expect(cli('delete')).rejects.toMatchObject({ stderr: expect.stringContaining('Usage') }),
      expect(cli('reset-password')).rejects.toMatchObject({ stderr: expect.stringContaining('Usage') }),
    ]);
    const password = /Password: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeTruthy();
    await expect(cli('create', 'cli_admin', 'other@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('already exists'),
    });
    await shared.look(async (db) => {
      const row = await adminRow(db as never, 'cli_admin');
      expect(row).toMatchObject({ role: 'admin', email: 'cli@example.com' });
      expect(await verifyPassword(row!.password_hash, password!)).toBe(true);
      // Two sessions of the account, as two signed-in browsers hold.
      await db.query(
        `INSERT INTO sessions (id, user_id, signed_in_at, proved_at, expires_at)
         SELECT gen_random_uuid(), id, now(), now(), now() + interval '1 hour' FROM users, generate_series(1, 2)
         WHERE username = 'cli_admin'`,
      );
    });

    await expect(cli('reset-password', 'nobody_here')).rejects.toMatchObject({
      stderr: expect.stringContaining('No account has the username "nobody_here"'),
    });
    const reset = await cli('reset-password', 'CLI_Admin');
    const fresh = /New password for "cli_admin": (\S+)/.exec(reset.stdout)?.[1];
    expect(fresh).toBeTruthy();
    expect(reset.stdout).toContain('Ended 2 session(s)');
    await shared.look(async (db) => {
      const row = await adminRow(db as never, 'cli_admin');
      expect(await verifyPassword(row!.password_hash, fresh!)).toBe(true);
      expect(await verifyPassword(row!.password_hash, password!)).toBe(false);
      const { rows } = await db.query(
        "SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'cli_admin'",
      );
      expect(rows).toHaveLength(0);
    });
    await shared.done();
  });

  it('the server does not start when ADMIN_USERNAME names a member, and says why', {
    timeout: 90_000,
  }, async () => {
    const shared = await sharedDatabase();
    await shared.look((db) => createUser(db as never, { username: 'taken_name', role: 'member' }));
    const server = await startServer(
      { ...shared.env, ADMIN_USERNAME: 'taken_name', ADMIN_PASSWORD: 'take-over-pass' },
      { waitReady: false },
    );
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'Configuration error: ADMIN_USERNAME "taken_name" belongs to an account that is not an administrator',
    );
    await shared.look(async (db) => expect((await adminRow(db as never, 'taken_name'))?.role).toBe('member'));
    await shared.done();
  });
});
