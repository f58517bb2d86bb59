import { MESSAGES, ORGANISATION_MESSAGES } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { createReport, createUser, tokenFor } from '../helpers/factories';
import { requester } from '../helpers/organisation-requests';

const { app, db } = await createTestApp();
const call = requester(app);
const admin = await tokenFor(app, await createUser(db, { role: 'admin', organisation: false }));

/** An organisation named `name` (its owner's own), with `extra` more members. */
async function organisation(name: string, extra = 0) {
  const owner = await createUser(db);
  await db.query('UPDATE organisations SET name = $1 WHERE id = $2', [name, owner.organisationId]);
  for (let i = 0; i < extra; i++) {
    const member = await createUser(db, { organisation: false });
    await db.query("INSERT INTO memberships (organisation_id, user_id, role) VALUES ($1, $2, 'viewer')", [
      owner.organisationId,
      member.id,
    ]);
  }
  return { owner, id: owner.organisationId! };
}

describe('GET /api/admin/organisations', () => {
  it('lists organisations by name with member count, sector and customer number, searched and paged', async () => {
    const river = await organisation('Riverside 100% School', 2);
    await db.query('UPDATE organisations SET customer_id = 4711 WHERE id = $1', [river.id]);
    await organisation('Hillside Clinic');
    const all = await call('GET', '/admin/organisations', admin);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.organisations.map((o: { name: string }) => o.name)).toEqual([
      'Hillside Clinic',
      'Riverside 100% School',
    ]);
    const found = await call('GET', `/admin/organisations?search=${encodeURIComponent(' 100% ')}`, admin);
    expect(found.body.data).toEqual({
      organisations: [
        expect.objectContaining({
          id: river.id,
          name: 'Riverside 100% School',
          memberCount: 3,
          sectorId: 1,
          sector: expect.any(String),
          customerId: 4711,
        }),
      ],
      total: 1,
    });
    expect(
      (await call('GET', '/admin/organisations?search=SIDE&limit=1&offset=1', admin)).body.data,
    ).toMatchObject({
      organisations: [expect.objectContaining({ name: 'Riverside 100% School' })],
      total: 2,
    });
    expect((await call('GET', '/admin/organisations?search=%_', admin)).body.data.total).toBe(0);
  });

  it('is for administrators only', async () => {
    const { owner, id } = await organisation('Members Only');
    const token = await tokenFor(app, owner);
    for (const [method, url] of [
      ['GET', '/admin/organisations'],
      ['GET', `/admin/organisations/${id}`],
    ] as const) {
      expect((await call(method, url, token)).status).toBe(403);
    }
    expect((await call('PATCH', `/admin/organisations/${id}`, token, { customerId: 1 })).status).toBe(403);
  });
});

describe('GET, PATCH /api/admin/organisations/:id and POST .../reports', () => {
  it("shows an organisation's members and its reports per tier", async () => {
    const { owner, id } = await organisation('Detail Org', 1);
    const report = await createReport(db, owner.id, { tier: 'Alpha', report_type: 'Sales' });
    const res = await call('GET', `/admin/organisations/${id}`, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.organisation).toMatchObject({ id, name: 'Detail Org', memberCount: 2 });
    expect(res.body.data.members).toHaveLength(2);
    expect(res.body.data.members[0]).toMatchObject({ role: expect.stringMatching(/owner|viewer/) });
    expect(res.body.data.reports).toEqual({
      Beta: [],
      Alpha: [{ id: report.id, tier: 'Alpha', report_type: 'Sales', report_uuid: report.report_uuid }],
      'Alpha+': [],
    });
    const missing = await call('GET', '/admin/organisations/999999', admin);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ORGANISATION_MESSAGES.notFound);
  });

  it('renames an organisation and sets its customer number', async () => {
    const { owner, id } = await organisation('Old Name');
    const res = await call('PATCH', `/admin/organisations/${id}`, admin, {
      name: 'New Name',
      customerId: 1234,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.organisation).toMatchObject({ id, name: 'New Name', customerId: 1234 });
    const only = await call('PATCH', `/admin/organisations/${id}`, admin, { customerId: '77' });
    expect(only.body.data.organisation).toMatchObject({ name: 'New Name', customerId: 77 });
    const me = await call('GET', '/auth/me', await tokenFor(app, owner));
    expect(me.body.data.user.customerId).toBe(77);
    expect((await call('PATCH', `/admin/organisations/${id}`, admin, {})).status).toBe(400);
    expect((await call('PATCH', `/admin/organisations/${id}`, admin, { customerId: -1 })).status).toBe(400);
    expect((await call('PATCH', '/admin/organisations/999999', admin, { name: 'Nobody' })).status).toBe(404);
  });

  it('adds a report tab to the organisation, as the user page does', async () => {
    const { owner, id } = await organisation('Tabbed Org');
    const body = { tier: 'Beta', report_type: 'Grades', report_uuid: '7d4f2a9e-0000-4000-8000-000000000001' };
    const res = await call('POST', `/admin/organisations/${id}/reports`, admin, body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: MESSAGES.admin.reportAdded,
      data: { id: expect.any(Number), ...body },
    });
    const tabs = await call('GET', '/reports', await tokenFor(app, owner));
    expect(tabs.body.data).toEqual([expect.objectContaining(body)]);
    expect((await call('POST', '/admin/organisations/999999/reports', admin, body)).status).toBe(404);
    expect(
      (await call('POST', `/admin/organisations/${id}/reports`, admin, { ...body, tier: 'Gold' })).status,
    ).toBe(400);
  });
});
