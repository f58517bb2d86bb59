import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { bearer, createReport, createUser, tokenFor } from '../helpers/factories';

const { app, db } = await createTestApp();

describe('report tabs', () => {
  it('requires sign-in', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/reports',
          payload: { tier: 'Beta', report_type: 'a', report_uuid: 'b' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/reports/1' })).statusCode).toBe(401);
  });

  it('creates, lists (by tier) and deletes only the caller’s own reports', async () => {
    const alice = await createUser(db);
    const bob = await createUser(db);
    const bobs = await createReport(db, bob.id, { tier: 'Beta', report_type: 'Bob tab' });
    const auth = bearer(await tokenFor(app, alice));

    const created = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: auth,
      payload: { tier: 'Alpha', report_type: '  Grades  ', report_uuid: 'abc-123' },
    });
    expect(created.statusCode).toBe(201);
    const report = created.json().data;
    expect(report).toMatchObject({ tier: 'Alpha', report_type: 'Grades', report_uuid: 'abc-123' });
    await createReport(db, alice.id, { tier: 'Beta', report_type: 'Beta tab' });

    const all = (await app.inject({ method: 'GET', url: '/api/reports', headers: auth })).json().data;
    expect(all.map((r: { report_type: string }) => r.report_type).sort()).toEqual(['Beta tab', 'Grades']);
    const alpha = (await app.inject({ method: 'GET', url: '/api/reports?tier=Alpha', headers: auth })).json();
    expect(alpha.data).toHaveLength(1);

    const foreign = await app.inject({ method: 'DELETE', url: `/api/reports/${bobs.id}`, headers: auth });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: 'Report not found' });
    const stillThere = await db.query('SELECT 1 FROM reports WHERE id = $1', [bobs.id]);
    expect(stillThere.rows).toHaveLength(1);

    const deleted = await app.inject({ method: 'DELETE', url: `/api/reports/${report.id}`, headers: auth });
    expect(deleted.json()).toEqual({ success: true, message: 'Report "Grades" deleted successfully' });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/reports/${report.id}`, headers: auth })).statusCode,
    ).toBe(404);
  });

  it.each([
    [{ tier: 'Gamma', report_type: 'x', report_uuid: 'y' }, 'Tier must be one of Beta, Alpha, Alpha+'],
    [{ tier: 'Beta', report_type: '   ', report_uuid: 'y' }, 'Report type is required'],
    [{ tier: 'Beta', report_type: 'x', report_uuid: '' }, 'Report UUID is required'],
    [{ tier: 'Beta', report_type: 'x' }, undefined],
    [
      { tier: 'Beta', report_type: 'x', report_uuid: 'a b/../c' },
      'Report UUID may contain only letters, digits and dashes',
    ],
  ])('rejects %j with a 400', async (payload, message) => {
    const user = await createUser(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(await tokenFor(app, user)),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    if (message) expect(res.json().message).toContain(message);
  });

  it('answers 400 for a bad id or tier filter, never 500', async () => {
    const user = await createUser(db);
    const auth = bearer(await tokenFor(app, user));
    expect((await app.inject({ method: 'DELETE', url: '/api/reports/abc', headers: auth })).statusCode).toBe(
      400,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/reports?tier=Omega', headers: auth })).statusCode,
    ).toBe(400);
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"tier":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});
