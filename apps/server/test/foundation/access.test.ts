import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';

const { app, db } = await createTestApp();

describe('access rules run before the body is read', () => {
  it('answers 401 without a token even when the body is malformed', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/users/1/reports',
      headers: { 'content-type': 'application/json' },
      payload: '{"tier": ',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('answers 403 to a member sending an invalid body to an admin route', async () => {
    const member = await createUser(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/users/1/reports',
      headers: bearer(await tokenFor(app, member)),
      payload: { tier: 'Gold' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('still validates the body for those allowed in', async () => {
    const admin = await createUser(db, { role: 'admin' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.id}/reports`,
      headers: bearer(await tokenFor(app, admin)),
      payload: { tier: 'Gold', report_type: 'x', report_uuid: 'y' },
    });
    expect(res.statusCode).toBe(400);
  });
});
