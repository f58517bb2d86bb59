import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { testDatabaseKind } from '../helpers/database';

// The server's own PGlite (no DATABASE_URL) runs in a worker thread (decision 123); PostgreSQL has none.
describe.runIf(testDatabaseKind === 'pglite')('PGlite in its own thread', () => {
  let dataDir: string;
  let db: Database;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-pglite-thread-'));
    db = await openDatabase({ dataDir });
    await db.exec(
      'CREATE TABLE things (id bigint PRIMARY KEY, name text UNIQUE, price numeric, made date, data bytea)',
    );
  }, 60_000);

  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs statements with parameters, and gives numbers, dates and bytes back', async () => {
    await db.query('INSERT INTO things VALUES ($1, $2, $3, $4, $5)', [
      1,
      'one',
      '10.25',
      new Date('2026-01-02T00:00:00Z'),
      new Uint8Array([1, 2, 3]),
    ]);
    const { rows } = await db.query<{ id: number; price: number; made: Date; data: Uint8Array; n: number }>(
      'SELECT id, price, made, data, (SELECT count(*) FROM things) AS n FROM things',
    );
    expect(rows).toEqual([
      { id: 1, price: 10.25, n: 1, made: expect.any(Date), data: new Uint8Array([1, 2, 3]) },
    ]);
  });

  it("passes PostgreSQL's error fields across the thread", async () => {
    const err = await db.query("INSERT INTO things (id, name) VALUES (2, 'one')").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 'things_name_key' });
  });

  it('commits a transaction, rolls one back when it throws, and runs other statements after it', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (id, name) VALUES (3, 'three')");
    });
    const failed = db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (id, name) VALUES (4, 'four')");
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');

    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inTx = db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (id, name) VALUES (5, 'five')");
      await held;
      order.push('transaction');
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = db.query('SELECT count(*) AS n FROM things').then((r) => {
      order.push('outside');
      return r.rows[0] as { n: number };
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await inTx;
    expect((await outside).n).toBe(3);
    expect(order).toEqual(['transaction', 'outside']);
    const names = await db.query<{ name: string }>('SELECT name FROM things ORDER BY id');
    expect(names.rows.map((r) => r.name)).toEqual(['one', 'three', 'five']);
  });

  it("loads COPY input from a blob (an upload's pieces)", async () => {
    await db.copyIn('things (id, name)', new TextEncoder().encode('10\tten\n11\televen\n'));
    const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM things WHERE id >= 10');
    expect(rows).toEqual([{ n: 2 }]);
  });

  it("keeps the server's thread free while a long statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    await db.query('SELECT count(*) FROM generate_series(1, 4000000) AS g WHERE g % 7 = 0');
    const ms = performance.now() - started;
    clearInterval(timer);
    // PGlite in this thread would block it for the whole statement: no tick at all.
    expect(ms).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(ms / 10 / 3);
  });

  // Last: it closes the database the others use.
  it('fails statements once closed', async () => {
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow();
  });

  it('closes at once while a transaction is open (a stop in the middle of start-up work), rolling it back', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'insightra-pglite-close-'));
    try {
      const own = await openDatabase({ dataDir: dir });
      await own.exec('CREATE TABLE kept (id int)');
      let inside = () => {};
      const entered = new Promise<void>((resolve) => {
        inside = resolve;
      });
      const work = own.transaction(async (tx) => {
        await tx.query('INSERT INTO kept VALUES (1)');
        inside();
        await new Promise((r) => setTimeout(r, 200));
        await tx.query('INSERT INTO kept VALUES (2)');
      });
      work.catch(() => {});
      await entered;
      const started = Date.now();
      await own.close();
      expect(Date.now() - started).toBeLessThan(5000);
      await expect(work).rejects.toThrow();
      const again = await openDatabase({ dataDir: dir });
      expect((await again.query('SELECT count(*)::int AS n FROM kept')).rows).toEqual([{ n: 0 }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
