import { randomUUID } from 'node:crypto';
import {
  EDUCATION,
  HOTELS,
  RETAIL,
  SECTOR_DECLARATIONS,
  type SectorDeclaration,
  TIERS,
  type Tier,
  type UploadLog,
} from '@insightra/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../src/db/migrate';
import { buildView } from '../../src/features/bi/builtin/sector-view';
import { appOn } from '../helpers/app-on';
import { createDatabaseBefore } from '../helpers/database';
import { bearer, tokenFor } from '../helpers/factories';
import { refreshNow } from '../helpers/refresh';
import { sectorIdOf } from '../helpers/sector-rows';

/**
 * Accounts that owned their data before organisations: the migration makes each the owner of a
 * one-person organisation with the account's id. Every member must see, through the API, exactly what
 * they saw before (uploads, files, report tabs, refreshes, reports), and nothing of anyone else's.
 */

// ---------------------------------------------------------------------------------------------------
// A database as the product left it before organisations, with members' data written in that schema.

const testDb = await createDatabaseBefore('0017');
const { db } = testDb;

type Row = Record<string, string | number | boolean | null>;

interface Member {
  username: string;
  fullName: string | null;
  declaration: SectorDeclaration;
  customerId: number;
  /** Rows of the older upload, and of the newer one (it replaces a row key of the older). */
  older: Row[];
  newer: Row[];
}

const student = (id: string, grade: string, score: number | null): Row => ({
  student_id: id,
  student_name: `Student ${id}`,
  gender: id === 'S2' ? 'Male' : 'Female',
  grade,
  project_submitted: score !== null,
  score,
  enrolled_on: score === null ? null : '2025-01-10',
});

const MEMBERS: Member[] = [
  {
    username: 'ana',
    fullName: 'Ana School',
    declaration: EDUCATION,
    customerId: 0,
    older: [student('S1', 'Grade 1', 40), student('S2', 'Grade 1', null)],
    newer: [student('S1', 'Grade 2', 90)],
  },
  {
    // A second Education member with the same student ids: the same table, other rows.
    username: 'ben',
    fullName: '',
    declaration: EDUCATION,
    customerId: 0,
    older: [student('S1', 'Grade 5', 10), student('S2', 'Grade 5', 20)],
    newer: [student('S2', 'Grade 6', 30)],
  },
  {
    username: 'raj',
    fullName: null,
    declaration: RETAIL,
    customerId: 4321,
    older: [
      {
        date: '2025-03-01',
        store: 'Phoenix Mall',
        category: 'Apparel',
        units: 10,
        revenue: 8990,
        footfall: 400,
      },
      {
        date: '2025-03-01',
        store: 'Phoenix Mall',
        category: 'Footwear',
        units: 3,
        revenue: 4497,
        footfall: null,
      },
    ],
    newer: [
      {
        date: '2025-03-01',
        store: 'Phoenix Mall',
        category: 'Apparel',
        units: 12,
        revenue: 10788,
        footfall: 420,
      },
    ],
  },
  {
    username: 'hana',
    fullName: 'Hana Hotels',
    declaration: HOTELS,
    customerId: 0,
    older: [
      {
        date: '2025-06-15',
        property: 'Seaview Goa',
        rooms_available: 120,
        rooms_sold: 96,
        room_revenue: 566400,
      },
      {
        date: '2025-06-16',
        property: 'Seaview Goa',
        rooms_available: 120,
        rooms_sold: 90,
        room_revenue: 531000,
      },
    ],
    newer: [
      {
        date: '2025-06-15',
        property: 'Seaview Goa',
        rooms_available: 120,
        rooms_sold: 100,
        room_revenue: 590000,
      },
    ],
  },
];

/** What was seeded for one member. */
interface Seeded {
  member: Member;
  userId: number;
  /** Upload id → the bytes of its original file (null: purged, its content removed). */
  originals: Map<number, Buffer | null>;
  rejected: Map<number, Buffer>;
  sessionId: string;
  signedInAt: Date;
}

const q = (name: string) => `"${name}"`;
const day = (d: string) => new Date(`${d}T10:00:00Z`);

async function storeFile(userId: number, purpose: string, fileName: string, chunks: Buffer[]) {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO stored_files (owner_id, purpose, file_name, content_type, byte_size)
     VALUES ($1, $2, $3, 'text/csv', $4) RETURNING id`,
    [userId, purpose, fileName, chunks.reduce((n, c) => n + c.length, 0)],
  );
  const id = Number(rows[0]!.id);
  for (const [seq, data] of chunks.entries()) {
    await db.query('INSERT INTO stored_file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [
      id,
      seq,
      data,
    ]);
  }
  return id;
}

async function upload(
  userId: number,
  table: string,
  rows: Row[],
  file: { name: string; date: Date; originalId: number; rejectedId?: number; purged?: boolean },
) {
  const { rows: log } = await db.query<{ id: number }>(
    `INSERT INTO upload_logs (user_id, file_name, file_format, total_processed, total_accepted, total_failed,
       success_rate, status, date, original_file_id, rejected_file_id, deleted_at)
     VALUES ($1, $2, 'csv', $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      userId,
      file.name,
      rows.length + (file.rejectedId ? 1 : 0),
      rows.length,
      file.rejectedId ? 1 : 0,
      file.rejectedId ? 50 : 100,
      file.purged ? 0 : 1,
      file.date,
      file.originalId,
      file.rejectedId ?? null,
      file.purged ? new Date() : null,
    ],
  );
  const uploadId = log[0]!.id;
  for (const row of rows) {
    const columns = Object.keys(row);
    await db.query(
      `INSERT INTO ${table} (upload_id, user_id, ${columns.map(q).join(', ')})
       VALUES ($1, $2, ${columns.map((_, i) => `$${i + 3}`).join(', ')})`,
      [uploadId, userId, ...Object.values(row)],
    );
  }
  return uploadId;
}

async function seedMember(member: Member): Promise<Seeded> {
  const { declaration: d } = member;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, full_name, email, role, sector_id, customer_id)
     VALUES ($1, $2, $3, 'member', $4, $5) RETURNING id`,
    [member.username, member.fullName, `${member.username}@example.com`, sectorIdOf(d), member.customerId],
  );
  const userId = rows[0]!.id;
  const originals = new Map<number, Buffer | null>();
  const rejected = new Map<number, Buffer>();

  // The older upload's original spans two chunks; the newer one also has a rejected-rows file.
  const olderBytes = [Buffer.from(`${member.username} older,`), Buffer.from('second chunk\n')];
  const older = await upload(userId, d.table, member.older, {
    name: `${member.username}-older.csv`,
    date: day('2025-05-01'),
    originalId: await storeFile(userId, 'upload-original', 'older.csv', olderBytes),
  });
  originals.set(older, Buffer.concat(olderBytes));
  const newerBytes = Buffer.from(`${member.username} newer\n`);
  const rejectedBytes = Buffer.from(`${member.username} rejected,error\n`);
  const newer = await upload(userId, d.table, member.newer, {
    name: `${member.username}-newer.csv`,
    date: day('2025-05-03'),
    originalId: await storeFile(userId, 'upload-original', 'newer.csv', [newerBytes]),
    rejectedId: await storeFile(userId, 'upload-rejected', 'newer-rejected.csv', [rejectedBytes]),
  });
  originals.set(newer, newerBytes);
  rejected.set(newer, rejectedBytes);
  // A purged upload: its rows and file content are gone, its log stays as Deleted.
  const purgedFile = await storeFile(userId, 'upload-original', 'purged.csv', []);
  await db.query('UPDATE stored_files SET removed_at = now() WHERE id = $1', [purgedFile]);
  const purged = await upload(userId, d.table, [], {
    name: `${member.username}-purged.csv`,
    date: day('2025-05-02'),
    originalId: purgedFile,
    purged: true,
  });
  originals.set(purged, null);

  for (const id of [older, newer]) {
    await db.query(`INSERT INTO upload_summaries (upload_id, plan, rows) VALUES ($1, 'plan-before', $2)`, [
      id,
      JSON.stringify([{ grouping: '', d1: null, d2: null, terms: { n: id } }]),
    ]);
  }

  // Report tabs in every tier: Beta two of the sector's templates, Alpha one, Alpha+ a custom one.
  const [first, second] = d.reports;
  const tabs: [Tier, string, string][] = [
    ['Beta', first!.name, first!.uuid],
    ['Alpha', second!.name, second!.uuid],
    ['Beta', second!.name, second!.uuid],
    ['Alpha+', 'Custom', `custom-${member.username}`],
  ];
  for (const [tier, type, uuid] of tabs) {
    await db.query(
      'INSERT INTO reports (user_id, tier, report_type, report_uuid, created_by) VALUES ($1, $2, $3, $4, $1)',
      [userId, tier, type, uuid],
    );
  }

  // The last refresh: completed between the two uploads (so the newer one is pending), after a failed one.
  const jobId = randomUUID();
  await db.query(
    `INSERT INTO refresh_jobs (id, user_id, status, message, row_count, attempts, requested_at, started_at, finished_at, duration_ms)
     VALUES ($1, $2, 'failed', 'Refresh failed', NULL, 3, $3, $3, $3, NULL),
            ($4, $2, 'completed', 'Refresh completed', 2, 1, $5, $5, $5, 1200)`,
    [randomUUID(), userId, day('2025-05-01'), jobId, day('2025-05-02')],
  );
  await db.query(
    `INSERT INTO report_refresh_state (user_id, refreshed_at, data_as_of, row_count, job_id)
     VALUES ($1, $2, $2, 2, $3)`,
    [userId, day('2025-05-02'), jobId],
  );
  const chart = first!.charts[0]!;
  await db.query(
    `INSERT INTO sector_summaries (user_id, sector, grouping, d1, d2, terms)
     VALUES ($1, $2, '', NULL, NULL, $3), ($1, $2, $4, $5, $6, $3)`,
    [
      userId,
      d.industry,
      JSON.stringify({ n: 2 }),
      chart.split ? `${chart.dimension}|${chart.split}` : chart.dimension,
      'A',
      chart.split ? 'B' : null,
    ],
  );

  const sessionId = randomUUID();
  const signedInAt = new Date(Date.now() - 60 * 60 * 1000);
  await db.query(
    `INSERT INTO sessions (id, user_id, signed_in_at, expires_at, proved_at)
     VALUES ($1, $2, $3, now() + interval '1 hour', $3)`,
    [sessionId, userId, signedInAt],
  );
  return { member, userId, originals, rejected, sessionId, signedInAt };
}

const seeded: Seeded[] = [];
for (const member of MEMBERS) seeded.push(await seedMember(member));

// ---------------------------------------------------------------------------------------------------
// What each member saw, read with the old schema's columns as the product read them then.

/** A member's current rows: per row key, the row of their newest active upload. */
const currentRowsSql = (d: SectorDeclaration, owner: string) => {
  const key = d.upload.rowKey.map((c) => `t.${q(c)}`).join(', ');
  const columns = d.upload.columns.map((c) => `t.${q(c.name)}`).join(', ');
  return `SELECT DISTINCT ON (${key}) t.upload_id, ${columns}
    FROM ${d.table} t JOIN upload_logs u ON u.id = t.upload_id AND u.status <> 0 AND u.${owner} = t.${owner}
    WHERE t.${owner} = $1 ORDER BY ${key}, t.upload_id DESC`;
};

/** The same through the Power BI reader view of the member's sector. */
const powerBiRowsSql = (d: SectorDeclaration, owner: string) => {
  const view =
    d.table === 'dataset_rows' ? 'powerbi_current_rows' : `powerbi_${d.slug.replace('-', '_')}_current_rows`;
  const key = d.upload.rowKey.map(q).join(', ');
  const columns = d.upload.columns.map((c) => q(c.name)).join(', ');
  return `SELECT upload_id, ${columns} FROM ${view} WHERE ${owner} = $1 ORDER BY ${key}`;
};

const rowsOf = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await db.query<T>(text, params)).rows;

async function readBefore(s: Seeded) {
  const { userId } = s;
  const d = s.member.declaration;
  const [me] = await rowsOf<{ customer_id: number; sector_id: number; sector_name: string }>(
    `SELECT u.customer_id, s.id AS sector_id, s.name AS sector_name
       FROM users u LEFT JOIN sectors s ON s.id = u.sector_id WHERE u.id = $1`,
    [userId],
  );
  const logs = await rowsOf<Record<string, unknown>>(
    `SELECT id, file_name, total_processed, total_accepted, total_failed, success_rate, status, date,
            original_file_id, rejected_file_id
       FROM upload_logs WHERE user_id = $1 ORDER BY date DESC, id DESC`,
    [userId],
  );
  const activity = logs.map((r) => ({
    id: r.id,
    file_name: r.file_name,
    total_processed: r.total_processed,
    total_accepted: r.total_accepted,
    total_failed: r.total_failed,
    success_rate: Number(r.success_rate),
    status: r.status,
    date: new Date(r.date as string).toISOString(),
    originalFileUrl: r.original_file_id ? `/api/server/uploads/${r.id}/original` : null,
    rejectedFileUrl: r.rejected_file_id ? `/api/server/uploads/${r.id}/rejected` : null,
  }));
  const reports: Record<string, unknown[]> = {};
  for (const tier of TIERS) {
    reports[tier] = await rowsOf(
      'SELECT id, tier, report_type, report_uuid FROM reports WHERE user_id = $1 AND tier = $2 ORDER BY id',
      [userId, tier],
    );
  }
  const jobs = await rowsOf<{ id: string; status: string; message: string }>(
    'SELECT id, status, message FROM refresh_jobs WHERE user_id = $1 ORDER BY requested_at DESC LIMIT 10',
    [userId],
  );
  const [pending] = await rowsOf<{ n: number }>(
    `SELECT count(*)::int AS n FROM upload_logs u WHERE u.user_id = $1 AND u.status <> 0
        AND u.date > COALESCE((SELECT data_as_of FROM report_refresh_state WHERE user_id = $1), '-infinity')`,
    [userId],
  );
  const [state] = await rowsOf<{ refreshed_at: string; data_as_of: string; row_count: string | number }>(
    'SELECT refreshed_at, data_as_of, row_count FROM report_refresh_state WHERE user_id = $1',
    [userId],
  );
  const summaries = await rowsOf<{ grouping: string; d1: string | null; d2: string | null; terms: unknown }>(
    'SELECT sector, grouping, d1, d2, terms FROM sector_summaries WHERE user_id = $1 ORDER BY grouping',
    [userId],
  );
  return {
    me: me!,
    activity,
    reports,
    queue: {
      jobs: jobs.map((j) => ({ refreshId: j.id, status: j.status, message: j.message })),
      pendingUploads: pending!.n,
    },
    refreshState: {
      refreshedAt: new Date(state!.refreshed_at).toISOString(),
      dataAsOf: new Date(state!.data_as_of).toISOString(),
      rowCount: Number(state!.row_count),
    },
    summaries,
    uploadSummaries: await rowsOf(
      `SELECT s.upload_id, s.plan, s.rows FROM upload_summaries s JOIN upload_logs u ON u.id = s.upload_id
        WHERE u.user_id = $1 ORDER BY s.upload_id`,
      [userId],
    ),
    currentRows: await rowsOf(currentRowsSql(d, 'user_id'), [userId]),
    powerBiRows: await rowsOf(powerBiRowsSql(d, 'user_id'), [userId]),
  };
}

/** Every sector table's row count per owner (the demo datasets' owner 0 included). */
const rowCountsSql = (owner: string) => {
  const counts = SECTOR_DECLARATIONS.map(
    (d) =>
      `SELECT '${d.table}' AS t, ${owner} AS owner, count(*)::int AS n FROM ${d.table} GROUP BY ${owner}`,
  );
  return `${counts.join(' UNION ALL ')} ORDER BY t, owner`;
};

const before = new Map<number, Awaited<ReturnType<typeof readBefore>>>();
for (const s of seeded) before.set(s.userId, await readBefore(s));
const rowCountsBefore = await rowsOf(rowCountsSql('user_id'));
const maxUserId = Math.max(...seeded.map((s) => s.userId));

// ---------------------------------------------------------------------------------------------------
// The migration, then the app on that same database.

expect(await migrate(db)).toEqual(
  readMigrations()
    .filter((m) => m.version >= '0017')
    .map((m) => m.version),
);
const { app, close } = await appOn(db);
await app.ready();
afterAll(async () => {
  await close();
  await testDb.drop();
});

const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const sessionOf = async (s: Seeded) => bearer(await tokenFor(app, { id: s.userId }));
const expectedName = (m: Member) => m.fullName || m.username;
const labelOf = (s: Seeded) => `${s.member.username} (${s.member.declaration.industry})`;

describe('accounts before organisations, after the migration', () => {
  it.each(seeded.map((s) => [labelOf(s), s] as const))('%s sees what they saw before', async (_, s) => {
    const was = before.get(s.userId)!;
    const session = await sessionOf(s);

    // Their sector and customer number, now their organisation's; they own it, with their id.
    const me = await get('/api/auth/me', session);
    expect(me.statusCode).toBe(200);
    const organisation = { id: s.userId, name: expectedName(s.member), role: 'owner' };
    expect(me.json().data.user).toMatchObject({
      sector: { id: was.me.sector_id, name: was.me.sector_name },
      customerId: was.me.customer_id,
      organisation,
      organisations: [organisation],
    });
    expect(was.me.sector_id).toBe(sectorIdOf(s.member.declaration));

    // Their uploads, newest first, each now naming them as its uploader.
    const activity = await get('/api/server/activity', session);
    expect(activity.statusCode).toBe(200);
    const logs: UploadLog[] = activity.json().data;
    expect(logs.map(({ uploaded_by, ...log }) => log)).toEqual(was.activity);
    expect(was.activity).toHaveLength(3);
    for (const log of logs) expect(log.uploaded_by).toEqual({ id: s.userId, name: expectedName(s.member) });

    // Their files, byte for byte; the purged upload's answers 410.
    for (const [uploadId, bytes] of s.originals) {
      const file = await get(`/api/server/uploads/${uploadId}/original`, session);
      if (bytes === null) expect(file.statusCode).toBe(410);
      else expect([file.statusCode, file.rawPayload]).toEqual([200, bytes]);
    }
    for (const [uploadId, bytes] of s.rejected) {
      const file = await get(`/api/server/uploads/${uploadId}/rejected`, session);
      expect([file.statusCode, file.rawPayload]).toEqual([200, bytes]);
    }

    // Their report tabs in every tier.
    for (const tier of TIERS) {
      const reports = await get(`/api/reports?tier=${encodeURIComponent(tier)}`, session);
      expect(reports.json().data).toEqual(was.reports[tier]);
      expect(was.reports[tier]!.length).toBeGreaterThan(0);
    }

    // Their refreshes, and the upload their reports do not show yet.
    const queue = (await get('/api/powerbi/api/refresh-queue', session)).json().data;
    expect(queue.pendingUploads).toBe(was.queue.pendingUploads);
    expect(was.queue.pendingUploads).toBe(1);
    expect(
      queue.jobs.map(({ refreshId, status, message }: Record<string, string>) => ({
        refreshId,
        status,
        message,
      })),
    ).toEqual(was.queue.jobs);

    // Their report, drawn from their summaries and refresh state.
    const beta = (await get('/api/powerbi/get-powerbi-token?tier=Beta', session)).json();
    const [template] = s.member.declaration.reports;
    const embed = await get(`/api/embed/reports/${template!.uuid}`, bearer(beta.accessToken));
    expect(embed.statusCode).toBe(200);
    expect(embed.json()).toMatchObject({
      source: 'own',
      refreshedAt: was.refreshState.refreshedAt,
      rowCount: was.refreshState.rowCount,
      view: buildView(
        s.member.declaration,
        template!,
        was.summaries.map((r) => ({ ...r, terms: parse(r.terms) })),
      ),
    });

    // And the same rows, summaries and upload summaries in the tables, keyed by their organisation.
    const d = s.member.declaration;
    expect(await rowsOf(currentRowsSql(d, 'organisation_id'), [s.userId])).toEqual(was.currentRows);
    expect(await rowsOf(powerBiRowsSql(d, 'organisation_id'), [s.userId])).toEqual(was.powerBiRows);
    expect(was.powerBiRows).toEqual(was.currentRows);
    expect(was.currentRows).toHaveLength(2);
    expect(
      await rowsOf(
        'SELECT sector, grouping, d1, d2, terms FROM sector_summaries WHERE organisation_id = $1 ORDER BY grouping',
        [s.userId],
      ),
    ).toEqual(was.summaries);
    expect(
      await rowsOf(
        `SELECT s.upload_id, s.plan, s.rows FROM upload_summaries s JOIN upload_logs u ON u.id = s.upload_id
          WHERE u.organisation_id = $1 ORDER BY s.upload_id`,
        [s.userId],
      ),
    ).toEqual(was.uploadSummaries);
    const [state] = await rowsOf<{ data_as_of: string }>(
      'SELECT data_as_of FROM report_refresh_state WHERE organisation_id = $1',
      [s.userId],
    );
    expect(new Date(state!.data_as_of).toISOString()).toBe(was.refreshState.dataAsOf);
  });

  it("shows no member another's uploads or files", async () => {
    for (const s of seeded) {
      const session = await sessionOf(s);
      for (const other of seeded.filter((o) => o !== s)) {
        const [uploadId] = [...other.originals.keys()];
        expect((await get(`/api/server/uploads/${uploadId}/original`, session)).statusCode).toBe(404);
      }
    }
    // Every sector table still holds the same rows per owner, the demo datasets' included.
    expect(await rowsOf(rowCountsSql('organisation_id'))).toEqual(rowCountsBefore);
  });

  it('keeps the sessions signed in before, now in their organisation', async () => {
    for (const s of seeded) {
      const [row] = await rowsOf<{ organisation_id: number }>(
        'SELECT organisation_id FROM sessions WHERE id = $1',
        [s.sessionId],
      );
      expect(row!.organisation_id).toBe(s.userId);
      // A token of that session as the product issued them then: no organisation among its claims.
      const token = await app.auth.sign(
        'session',
        { role: 'member', sid: s.sessionId, auth_time: Math.floor(s.signedInAt.getTime() / 1000) },
        600,
        String(s.userId),
      );
      const me = await get('/api/auth/me', bearer(token));
      expect(me.statusCode).toBe(200);
      expect(me.json().data.user.organisation).toMatchObject({ id: s.userId, role: 'owner' });
      const activity = await get('/api/server/activity', bearer(token));
      expect(activity.json().data.map((l: UploadLog) => l.id)).toEqual(
        before.get(s.userId)!.activity.map((l) => l.id),
      );
    }
  });

  it('refreshes each member from the same current rows', async () => {
    for (const s of seeded) {
      const session = await sessionOf(s);
      expect(await refreshNow(app, session)).toBe('completed');
      const beta = (await get('/api/powerbi/get-powerbi-token?tier=Beta', session)).json();
      const embed = await get(
        `/api/embed/reports/${s.member.declaration.reports[0]!.uuid}`,
        bearer(beta.accessToken),
      );
      expect(embed.json()).toMatchObject({
        source: 'own',
        rowCount: before.get(s.userId)!.currentRows.length,
      });
    }
  });

  it('gives a new organisation an id after every migrated one', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/organisations',
      headers: await sessionOf(seeded[0]!),
      payload: { name: 'A new organisation' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.organisation.id).toBeGreaterThan(maxUserId);
  });
});

function parse(terms: unknown): Record<string, number | null> {
  return (typeof terms === 'string' ? JSON.parse(terms) : terms) as Record<string, number | null>;
}
