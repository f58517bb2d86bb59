import { MESSAGES } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { injectUpload } from '../helpers/multipart';

const { app, db } = await createTestApp();

async function member(sectorId: number | null) {
  const session = bearer(await tokenFor(app, await createUser(db, { sectorId })));
  return {
    setSector: (id: number) =>
      app.inject({ method: 'PATCH', url: '/api/sectors/me', headers: session, payload: { sectorId: id } }),
    upload: async () => {
      const csv = 'student_id,student_name,gender,grade,project_submitted\nS1,Asha,F,G1,Yes\n';
      const res = await injectUpload(app, session, 's.csv', csv);
      return res.json().uploadId as number;
    },
    purge: (id: number) =>
      app.inject({ method: 'DELETE', url: `/api/server/uploads/${id}`, headers: session }),
    templateHeader: async () =>
      (await app.inject({ url: '/api/server/template.csv', headers: session })).body.split('\r\n')[0],
  };
}

describe('changing sector', () => {
  it('is refused (409) while the member has active uploads, and allowed once they are purged', async () => {
    const m = await member(1);
    const id = await m.upload();
    const refused = await m.setSector(6);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, message: MESSAGES.data.sectorLocked });
    expect(await m.templateHeader()).toMatch(/^student_id,/);
    // Choosing the sector the member already has changes nothing, so it is allowed.
    expect((await m.setSector(1)).statusCode).toBe(200);
    await m.purge(id);
    const allowed = await m.setSector(6);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.user.sector_id).toBe(6);
    expect(await m.templateHeader()).toBe('date,property,rooms_available,rooms_sold,room_revenue');
  });

  it('treats a member without a sector as Education', async () => {
    const fresh = await member(null);
    expect(await fresh.templateHeader()).toMatch(/^student_id,/);
    expect((await fresh.setSector(5)).statusCode).toBe(200);
    const withData = await member(null);
    await withData.upload();
    expect((await withData.setSector(1)).statusCode).toBe(200);
    expect((await withData.setSector(5)).statusCode).toBe(409);
  });
});
