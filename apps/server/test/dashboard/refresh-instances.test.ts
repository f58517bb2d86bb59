import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type Database, fromPool } from '../../src/db/client';
import { createTestDatabase, testDatabaseKind } from '../helpers/database';
import { seedUpload } from '../helpers/dataset';
import { bearer, createUser, tokenFor } from '../helpers/factories';

/**
 * Two application instances (on PostgreSQL: two connection pools, as two processes would have) share
 * one database; their refresh workers split the queue and never run one job twice.
 */
const shared = await createTestDatabase();
const second: Database =
  testDatabaseKind === 'postgres'
    ? fromPool(new pg.Pool({ connectionString: shared.url, max: 5 }))
    : shared.db;

const config = () =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'insightra-data-')),
    LOG_LEVEL: 'silent',
  });
const one = await buildApp({ config: config(), database: shared.db, logger: false });
const two = await buildApp({ config: config(), database: second, logger: false });
await Promise.all([one.ready(), two.ready()]);
afterAll(async () => {
  await one.close();
  await two.close();
  if (second !== shared.db) await second.close();
  await shared.drop();
});

describe('refresh workers of two app instances on one database', () => {
  it('complete every queued job exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(shared.db)));
    const ids: string[] = [];
    for (const [i, user] of users.entries()) {
      await seedUpload(shared.db, user.id, [
        { student_id: `s${i}`, gender: i % 2 ? 'Male' : 'Female', grade: 'A', project_submitted: true },
      ]);
      // Alternate instances take the requests, as a load balancer would.
      const app = i % 2 ? two : one;
      const res = await app.inject({
        method: 'POST',
        url: '/api/powerbi/api/refresh-powerbi',
        headers: bearer(await tokenFor(app, user)),
      });
      ids.push(res.json().refreshId);
    }
    let rows: { status: string; attempts: number }[] = [];
    for (let i = 0; i < 100; i++) {
      ({ rows } = await shared.db.query<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM refresh_jobs WHERE id = ANY($1::uuid[])',
        [ids],
      ));
      if (rows.every((r) => r.status === 'completed')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.status === 'completed' && r.attempts === 1)).toBe(true);
    const summaries = await shared.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sector_summaries WHERE grouping = '' AND organisation_id IN (SELECT default_organisation_id FROM users WHERE id = ANY($1::int[]))",
      [users.map((u) => u.id)],
    );
    expect(summaries.rows[0]!.n).toBe(8);
  });
});
