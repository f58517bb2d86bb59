import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../helpers/database';
import { type ProductProcess, startProduct } from '../helpers/product-process';

// The README's first command, as a newcomer runs it: `npm start` (scripts/start.mjs, which builds when
// the build on disk is missing or stale) with nothing configured — no JWT_SECRET, no ADMIN_*, no
// DATA_DIR, an empty working folder — only a free port instead of 5000. Then the printed password signs
// in. Run once per suite (in the PGlite project); the PostgreSQL case runs when TEST_DATABASE_URL is set.

const started: ProductProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((p) => p.stop()));
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

const emptyFolder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'insightra-newcomer-'));
  folders.push(dir);
  return dir;
};
const start = async (cwd: string, env: Record<string, string> = {}) => {
  const product = await startProduct(cwd, env);
  started.push(product);
  return product;
};

const PRINTED = /Insightra administrator "admin" created with the password: (\S+)/g;
const printedPasswords = (...products: ProductProcess[]) =>
  products.flatMap((p) => [...p.output().matchAll(PRINTED)].map((m) => m[1]!));

async function signIn(url: string, username: string, password: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { success: boolean; data?: { token: string; user: { role: string } } };
  return { status: res.status, body };
}

describe.runIf(testDatabaseKind === 'pglite')('the first start, as the README runs it', () => {
  it('starts on PGlite in an empty folder, prints the password once, and it signs in; a restart keeps the data', async () => {
    const cwd = emptyFolder();
    const first = await start(cwd);
    const [password, ...more] = printedPasswords(first);
    expect(password, first.output()).toBeDefined();
    expect(more).toEqual([]);
    const login = await signIn(first.url, 'admin', password!);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.data?.user.role).toBe('admin');
    const token = login.body.data!.token;
    // The production build, whoever built it: a build made under a test runner's NODE_ENV=test would
    // serve React's development build, whose doubled effects change what the screens do.
    const shell = await (await fetch(`${first.url}/dashboard`)).text();
    expect(shell).toContain('/assets/jsx-runtime-');
    expect(shell).not.toContain('jsx-dev-runtime');
    await first.stop();

    // The default data folder is ./data in the working folder; a restart serves the same build.
    const again = await start(cwd);
    expect(again.output()).toContain('Not rebuilding');
    expect(printedPasswords(again)).toEqual([]);
    expect((await signIn(again.url, 'admin', password!)).status).toBe(200);
    // The session secret was generated once and kept: a token of the first run is still good.
    const me = await fetch(`${again.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    await again.stop();
  }, 420_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'starts two instances together on an empty PostgreSQL database; one password, printed once, signs in on both',
    async () => {
      const base = new URL(process.env.TEST_DATABASE_URL!);
      const name = `insightra_newcomer_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base.toString() });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(base);
        url.pathname = `/${name}`;
        const env = { DATABASE_URL: url.toString() };
        const [a, b] = await Promise.all([start(emptyFolder(), env), start(emptyFolder(), env)]);
        const passwords = printedPasswords(a, b);
        expect(passwords, a.output() + b.output()).toHaveLength(1);
        for (const product of [a, b]) {
          expect((await signIn(product.url, 'admin', passwords[0]!)).status).toBe(200);
        }
        await Promise.all([a.stop(), b.stop()]);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    420_000,
  );
});
