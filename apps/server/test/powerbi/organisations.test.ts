import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { trustCertificateAuthority } from '../../src/features/bi/powerbi/http';
import { addMember } from '../../src/features/organisations/organisation-repository';
import { bearer, createUser, type TestUser, tokenFor } from '../helpers/factories';
import { powerBiApp } from '../helpers/powerbi/app';
import { standInWithDatabase } from '../helpers/powerbi/setup';
import type { GenerateTokenBody } from '../helpers/powerbi/stand-in-identities';

/**
 * Two organisations on one Power BI dataset with row-level security: each embed token carries the
 * organisation the caller works in as its effective identity (`org:{id}`), and the reader views give
 * the model's role the `organisation_id` to filter on.
 */
const pbi = standInWithDatabase();
let app: App;
let admin: TestUser;
/** The owners of organisations A and B, and a viewer in both (A first, so A is their default). */
let ownerA: TestUser;
let ownerB: TestUser;
let both: TestUser;
let orgA: number;
let orgB: number;
/** The Power BI report an administrator made available to each organisation. */
let reportA: string;
let reportB: string;

beforeAll(async () => {
  trustCertificateAuthority(pbi.standIn.ca);
  pbi.standIn.rlsDatasets.set(pbi.standIn.datasetId, ['Customer']);
  ({ app } = await powerBiApp(pbi.standIn, pbi.db, { POWERBI_RLS_ROLES: 'Customer' }));
  admin = await createUser(pbi.db, { role: 'admin' });
  ownerA = await createUser(pbi.db, { fullName: 'Acme School' });
  ownerB = await createUser(pbi.db, { fullName: 'Beacon Stores', sectorId: 5 });
  orgA = ownerA.organisationId!;
  orgB = ownerB.organisationId!;
  both = await createUser(pbi.db, { organisation: false });
  await addMember(pbi.db, orgA, both.id, 'viewer');
  await addMember(pbi.db, orgB, both.id, 'viewer');
  reportA = pbi.standIn.addReport('Acme grades').id;
  reportB = pbi.standIn.addReport('Beacon sales').id;
  await pbi.db.kysely
    .insertInto('reports')
    .values([
      {
        organisation_id: orgA,
        tier: 'Beta',
        report_type: 'Grades',
        report_uuid: reportA,
        created_by: admin.id,
      },
      {
        organisation_id: orgB,
        tier: 'Beta',
        report_type: 'Sales',
        report_uuid: reportB,
        created_by: admin.id,
      },
    ])
    .execute();
});
afterAll(async () => {
  await app?.close();
});

/** GET the Beta embed token with `token`; returns the answer and the GenerateToken body it asked for. */
async function embed(token: string) {
  const issued = pbi.standIn.issuedEmbedTokens.length;
  const res = await app.inject({
    method: 'GET',
    url: '/api/powerbi/get-powerbi-token?tier=Beta',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(pbi.standIn.issuedEmbedTokens).toHaveLength(issued + 1);
  const body = pbi.standIn.issuedEmbedTokens.at(-1)!.body as GenerateTokenBody;
  const answer = res.json() as {
    accessToken: string;
    reports: { report_uuid: string; available: boolean }[];
  };
  expect(answer.accessToken).toBe(pbi.standIn.issuedEmbedTokens.at(-1)!.token);
  return { answer, body };
}

const identity = (organisationId: number) => ({
  username: `org:${organisationId}`,
  roles: ['Customer'],
  datasets: [pbi.standIn.datasetId],
});

/**
 * The organisation a model's row-level-security rule reads from an identity:
 * `VALUE(SUBSTITUTE(USERNAME(), "org:", ""))`.
 */
const organisationOfIdentity = (username: string) => Number(username.replace('org:', ''));

/**
 * Moves the session of `token` to `organisationId` through POST /api/organisations/:id/switch, and
 * returns the token to use from then on. Without that route, the session's organisation is set in
 * the database, as the switch stores it.
 */
async function switchTo(token: string, organisationId: number): Promise<string> {
  if (app.hasRoute({ method: 'POST', url: '/api/organisations/:id/switch' })) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/organisations/${organisationId}/switch`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { token: string } }).data.token;
  }
  const { sessionId } = await app.auth.verifySession(token);
  await pbi.db.query('UPDATE sessions SET organisation_id = $1 WHERE id = $2', [organisationId, sessionId]);
  return token;
}

describe('effective identities of two organisations', () => {
  it("gives a member of A a token whose identity is A's and never B's", async () => {
    // Organisation and user ids are apart: an identity made from the user id would not match.
    expect(orgA).not.toBe(ownerA.id);
    const { answer, body } = await embed(await tokenFor(app, ownerA));
    expect(body.identities).toEqual([identity(orgA)]);
    expect(body.reports).toEqual([{ id: reportA, allowEdit: false }]);
    expect(JSON.stringify(body)).not.toContain(`org:${orgB}`);
    expect(answer.reports).toEqual([expect.objectContaining({ report_uuid: reportA, available: true })]);

    const ofB = await embed(await tokenFor(app, ownerB));
    expect(ofB.body.identities).toEqual([identity(orgB)]);
    expect(ofB.body.reports).toEqual([{ id: reportB, allowEdit: false }]);
  });

  it("gives a member of both A's identity in A, and B's after switching to B", async () => {
    const token = await tokenFor(app, both);
    const inA = await embed(token);
    expect(inA.body.identities).toEqual([identity(orgA)]);
    expect(inA.answer.reports.map((r) => r.report_uuid)).toEqual([reportA]);

    const inB = await embed(await switchTo(token, orgB));
    expect(inB.body.identities).toEqual([identity(orgB)]);
    expect(inB.body.reports).toEqual([{ id: reportB, allowEdit: false }]);
    expect(JSON.stringify(inB.body)).not.toContain(`org:${orgA}`);
    expect(inB.answer.reports).toEqual([expect.objectContaining({ report_uuid: reportB, available: true })]);
  });
});

/** An upload of `organisationId` by `userId`, with education rows and retail rows, as the uploads feature stores them. */
async function seed(organisationId: number, userId: number, students: [string, string][], stores: string[]) {
  const { rows } = await pbi.db.query<{ id: number }>(
    `INSERT INTO upload_logs (organisation_id, user_id, file_name, file_format, total_processed, total_accepted, success_rate)
     VALUES ($1, $2, 'data.csv', 'csv', $3, $3, 100) RETURNING id`,
    [organisationId, userId, students.length + stores.length],
  );
  const uploadId = rows[0]!.id;
  for (const [student, grade] of students) {
    await pbi.db.query(
      `INSERT INTO dataset_rows (upload_id, organisation_id, student_id, student_name, gender, grade, project_submitted, score)
       VALUES ($1, $2, $3, 'Student ' || $3, 'Female', $4, true, 50)`,
      [uploadId, organisationId, student, grade],
    );
  }
  for (const store of stores) {
    await pbi.db.query(
      `INSERT INTO retail_rows (upload_id, organisation_id, "date", store, category, units, revenue)
       VALUES ($1, $2, '2025-01-01', $3, 'Toys', 1, 10)`,
      [uploadId, organisationId, store],
    );
  }
  return uploadId;
}

describe('the reader views, filtered as a row-level-security rule filters them', () => {
  it("show each organisation's rows, and only its rows, to the identity of its embed tokens", async () => {
    const uploads = {
      [orgA]: [await seed(orgA, ownerA.id, [['s1', 'A']], ['North'])],
      [orgB]: [
        await seed(orgB, ownerB.id, [['s1', 'B']], ['South']),
        // Uploaded by the member of both, for B: B's, with who uploaded it beside.
        await seed(orgB, both.id, [['s2', 'C']], ['East']),
      ],
    };
    const views = [
      'powerbi_uploads',
      'powerbi_dataset_rows',
      'powerbi_current_rows',
      'powerbi_retail_rows',
      'powerbi_retail_current_rows',
    ];
    // Unfiltered, the views hold both organisations' rows: the filter is what tells them apart.
    for (const view of views) {
      const { rows } = await pbi.db.query<{ organisation_id: number }>(
        `SELECT DISTINCT organisation_id FROM ${view} ORDER BY organisation_id`,
      );
      expect(rows.map((r) => r.organisation_id)).toEqual([orgA, orgB]);
    }

    for (const [owner, organisationId] of [
      [ownerA, orgA],
      [ownerB, orgB],
    ] as const) {
      // The organisation the model reads from the identity Power BI received.
      const { body } = await embed(await tokenFor(app, owner));
      const filter = organisationOfIdentity(body.identities![0]!.username!);
      expect(filter).toBe(organisationId);
      for (const view of views) {
        const { rows } = await pbi.db.query<{ organisation_id: number; upload_id: number }>(
          `SELECT organisation_id, upload_id FROM ${view} WHERE organisation_id = $1`,
          [filter],
        );
        expect(rows.length, view).toBeGreaterThan(0);
        expect(new Set(rows.map((r) => r.organisation_id)), view).toEqual(new Set([organisationId]));
        for (const r of rows) expect(uploads[organisationId], view).toContain(r.upload_id);
      }
      const { rows: organisations } = await pbi.db.query(
        'SELECT organisation_id, name, sector_id FROM powerbi_organisations WHERE organisation_id = $1',
        [filter],
      );
      expect(organisations).toEqual([
        organisationId === orgA
          ? { organisation_id: orgA, name: 'Acme School', sector_id: 1 }
          : { organisation_id: orgB, name: 'Beacon Stores', sector_id: 5 },
      ]);
    }

    const { rows: byUploader } = await pbi.db.query(
      'SELECT upload_id, uploaded_by FROM powerbi_uploads WHERE organisation_id = $1 ORDER BY upload_id',
      [orgB],
    );
    expect(byUploader).toEqual([
      { upload_id: uploads[orgB]![0], uploaded_by: ownerB.id },
      { upload_id: uploads[orgB]![1], uploaded_by: both.id },
    ]);
    // Each organisation's current row per student is its own: s1 is A's grade A and B's grade B.
    const { rows: current } = await pbi.db.query(
      'SELECT organisation_id, student_id, grade FROM powerbi_current_rows ORDER BY organisation_id, student_id',
    );
    expect(current).toEqual([
      { organisation_id: orgA, student_id: 's1', grade: 'A' },
      { organisation_id: orgB, student_id: 's1', grade: 'B' },
      { organisation_id: orgB, student_id: 's2', grade: 'C' },
    ]);
  });
});
