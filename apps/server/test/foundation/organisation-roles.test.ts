import {
  allRoutes,
  buildPath,
  EDUCATION,
  ORGANISATION_MESSAGES,
  type OrganisationRole,
  type Permission,
  type RouteDef,
  roleGrants,
  sectorOverview,
} from '@insightra/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addMember } from '../../src/features/organisations/organisation-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedUpload } from '../helpers/dataset';
import { bearer, createReport, createUser, type TestUser, tokenFor } from '../helpers/factories';
import { csv, injectUpload, multipartBody } from '../helpers/multipart';

vi.mock('../../src/lib/worker', () => import('../helpers/built-workers'));

/*
 * Every contract route that acts on an organisation's resources, called as each role: generated from the
 * route table, so a route added without a case here fails the first test. Organisation A ("Acme
 * School") holds the resources; the outsider works in an organisation of their own.
 */

const ORGANISATION = 'Acme School';
type Caller = OrganisationRole | 'admin' | 'outsider';
const CALLERS: Caller[] = ['viewer', 'editor', 'owner', 'admin', 'outsider'];

let t: TestApp;
let owner: TestUser;
const tokens = {} as Record<Caller, string>;
let orgId: number;
let uploadWithFiles: number;
let reportOfA: number;

/** A request for one route: its path parameters, body and whether it names one of A's resources. */
interface Case {
  /** The path's parameters, for the caller (a resource of A that is theirs, where that matters). */
  params?: (caller: Caller) => Promise<Record<string, string | number>>;
  body?: () => unknown;
  multipart?: boolean;
  query?: string;
  /**
   * The route names a resource of A (an id, or A itself): another organisation's member gets 404, or
   * for a purge (which answers how many of the ids it deleted) nothing deleted.
   */
  namesResource: boolean;
  purge?: boolean;
  /** The permission the call needs when the handler checks more than the route's (leaving vs removing). */
  needs?: Permission;
}

const freshMember = async () => {
  const m = await createUser(t.db, { organisation: false });
  await addMember(t.db, orgId, m.id, 'viewer');
  return m.id;
};
const freshInvitation = async () => {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO invitations (organisation_id, email, role, token_hash, invited_by, expires_at)
     VALUES ($1, $2, 'viewer', md5(random()::text), $3, now() + interval '1 day') RETURNING id`,
    [orgId, `invitee-${Math.random()}@example.com`, owner.id],
  );
  return rows[0]!.id;
};

/** A subscription to A's report made by the caller; for the outsider, A's owner's (not theirs to see). */
const subscriptionBy = async (caller: Caller) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: bearer(tokens[caller === 'outsider' ? 'owner' : caller]),
    payload: { reportId: reportOfA, cadence: 'daily', time: '09:00' },
  });
  return { id: res.json().data.subscription.id as number };
};

const CASES: Record<string, Case> = {
  'GET /api/reports': { namesResource: false },
  'POST /api/reports': {
    namesResource: false,
    body: () => ({
      tier: 'Beta',
      report_type: 'Attendance',
      report_uuid: `r-${Math.random().toString(36).slice(2)}`,
    }),
  },
  'GET /api/sectors/:sector/export': {
    namesResource: false,
    query: `?format=csv&chart=${sectorOverview(EDUCATION).charts[0]!.key}`,
    params: async () => ({ sector: 'education' }),
  },
  'GET /api/reports/:id/export': {
    namesResource: true,
    query: `?format=csv&chart=${sectorOverview(EDUCATION).charts[0]!.key}`,
    params: async () => ({
      id: (await createReport(t.db, owner.id, { report_uuid: sectorOverview(EDUCATION).uuid })).id,
    }),
  },
  'DELETE /api/reports/:id': {
    namesResource: true,
    params: async () => ({ id: (await createReport(t.db, owner.id)).id }),
  },
  'POST /api/server/upload-excel': { namesResource: false, multipart: true },
  'GET /api/server/activity': { namesResource: false },
  'GET /api/server/storage': { namesResource: false },
  'DELETE /api/server/uploads/:id': {
    namesResource: true,
    purge: true,
    params: async () => ({ id: await seedUpload(t.db, owner.id, []) }),
  },
  'GET /api/server/uploads/:id/original': {
    namesResource: true,
    params: async () => ({ id: uploadWithFiles }),
  },
  'GET /api/server/uploads/:id/rejected': {
    namesResource: true,
    params: async () => ({ id: uploadWithFiles }),
  },
  'GET /api/powerbi/get-powerbi-token': { namesResource: false, query: '?tier=Beta' },
  'GET /api/powerbi/sector-token/:sector': {
    namesResource: false,
    params: async () => ({ sector: 'education' }),
  },
  'POST /api/powerbi/api/refresh-powerbi': { namesResource: false },
  'GET /api/powerbi/api/refresh-status/:id': {
    namesResource: true,
    params: async () => {
      const { rows } = await t.db.query<{ id: string }>(
        "INSERT INTO refresh_jobs (organisation_id, user_id, status) VALUES ($1, $2, 'completed') RETURNING id",
        [orgId, owner.id],
      );
      return { id: rows[0]!.id };
    },
  },
  'GET /api/powerbi/api/refresh-queue': { namesResource: false },
  'PATCH /api/sectors/me': { namesResource: false, body: () => ({ sectorId: 1 }) },
  'PATCH /api/organisations/:id': {
    namesResource: true,
    params: async () => ({ id: orgId }),
    body: () => ({ name: ORGANISATION }),
  },
  'GET /api/organisations/:id/members': { namesResource: true, params: async () => ({ id: orgId }) },
  'PATCH /api/organisations/:id/members/:userId': {
    namesResource: true,
    params: async () => ({ id: orgId, userId: await freshMember() }),
    body: () => ({ role: 'viewer' }),
  },
  'DELETE /api/organisations/:id/members/:userId': {
    namesResource: true,
    params: async () => ({ id: orgId, userId: await freshMember() }),
    needs: 'members.manage',
  },
  'POST /api/organisations/:id/invitations': {
    namesResource: true,
    params: async () => ({ id: orgId }),
    body: () => ({ email: `new-${Math.random()}@example.com`, role: 'viewer' }),
  },
  'DELETE /api/organisations/:id/invitations/:invitationId': {
    namesResource: true,
    params: async () => ({ id: orgId, invitationId: await freshInvitation() }),
  },
  'GET /api/subscriptions': { namesResource: false },
  'POST /api/subscriptions': {
    namesResource: true,
    body: () => ({ reportId: reportOfA, cadence: 'daily', time: '09:00' }),
  },
  'PATCH /api/subscriptions/:id': {
    namesResource: true,
    params: subscriptionBy,
    body: () => ({ paused: true }),
  },
  'DELETE /api/subscriptions/:id': { namesResource: true, params: subscriptionBy },
  'POST /api/subscriptions/:id/send-now': { namesResource: true, params: subscriptionBy },
  'GET /api/subscriptions/:id/deliveries': { namesResource: true, params: subscriptionBy },
};

const key = (r: RouteDef) => `${r.method} ${r.path}`;
const organisationRoutes = allRoutes.filter((r) => r.permission);

async function call(route: RouteDef, c: Case, caller: Caller) {
  const token = tokens[caller];
  const url = buildPath(route.path, c.params ? await c.params(caller) : undefined) + (c.query ?? '');
  if (c.multipart) {
    const { payload, headers } = multipartBody(
      'roles.csv',
      csv([['R1', 'Asha', 'Female', 'Grade 1', 'Yes', '90', '']]),
    );
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
  }
  const body = c.body?.();
  return t.app.inject({
    method: route.method,
    url,
    headers: bearer(token),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

beforeAll(async () => {
  // Mail set up (subscriptions need it); nothing listens there, so nothing is delivered.
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  owner = await createUser(t.db, { fullName: ORGANISATION });
  orgId = owner.organisationId!;
  tokens.owner = await tokenFor(t.app, owner);
  for (const role of ['editor', 'viewer'] as const) {
    const m = await createUser(t.db, { organisation: false });
    await addMember(t.db, orgId, m.id, role);
    tokens[role] = await tokenFor(t.app, m);
  }
  const admin = await createUser(t.db, { role: 'admin', organisation: false });
  // An administrator working in A (as the admin area's "open as editor" does): not a member of it.
  await t.db.query('UPDATE users SET default_organisation_id = $1 WHERE id = $2', [orgId, admin.id]);
  tokens.admin = await tokenFor(t.app, admin);
  tokens.outsider = await tokenFor(t.app, await createUser(t.db));
  reportOfA = (await createReport(t.db, owner.id, { report_uuid: sectorOverview(EDUCATION).uuid })).id;
  const uploaded = await injectUpload(
    t.app,
    bearer(tokens.owner),
    'files.csv',
    csv([
      ['F1', 'Asha', 'Female', 'Grade 1', 'Yes', '90', ''],
      ['F2', 'Ravi', 'Alien', 'Grade 1', 'Yes', '90', ''],
    ]),
  );
  expect(uploaded.statusCode).toBe(200);
  uploadWithFiles = uploaded.json().uploadId;
}, 60_000);

describe('organisation roles, for every route that acts on an organisation', () => {
  it('has a case for each such route of the contract', () => {
    expect(organisationRoutes.map(key).sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const route of organisationRoutes) {
    it(`${key(route)}: each role gets what its permissions grant`, async () => {
      const c = CASES[key(route)]!;
      const permission = c.needs ?? route.permission!;
      for (const caller of CALLERS) {
        const res = await call(route, c, caller);
        const label = `${caller}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (caller === 'outsider') {
          // Another organisation's resource is not revealed; calls without one act on the outsider's own.
          if (c.purge) expect(res.json(), label).toMatchObject({ deletedCount: 0 });
          else if (c.namesResource) expect(res.statusCode, label).toBe(404);
          else expect(res.statusCode, label).toBeLessThan(400);
          continue;
        }
        const role: OrganisationRole = caller === 'admin' ? 'editor' : caller;
        if (roleGrants(role, permission)) {
          expect(res.statusCode, label).toBeLessThan(400);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().message, label).toBe(
            ORGANISATION_MESSAGES.refused(role, permission, ORGANISATION),
          );
        }
      }
    });
  }

  it('answers 409 to a member without an organisation, and empty lists where there is nothing to show', async () => {
    const alone = await tokenFor(t.app, await createUser(t.db, { organisation: false }));
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(alone) });
    expect((await get('/api/reports')).json().data).toEqual([]);
    expect((await get('/api/server/activity')).json().data).toEqual([]);
    for (const res of [
      await injectUpload(
        t.app,
        bearer(alone),
        'x.csv',
        csv([['X1', 'A', 'Female', 'Grade 1', 'Yes', '1', '']]),
      ),
      await t.app.inject({ method: 'POST', url: '/api/powerbi/api/refresh-powerbi', headers: bearer(alone) }),
      await get('/api/powerbi/get-powerbi-token?tier=Beta'),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ORGANISATION_MESSAGES.noOrganisation);
    }
  });
});
