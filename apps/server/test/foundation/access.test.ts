import { type Access, allRoutes, api, buildPath, type RouteDef } from '@insightra/contract';
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

// Every route of the contract, called as its access rule says it may not be: the rule the contract
// declares is the one addRoute runs, for every route and every kind of rule.
const KINDS: Access[] = ['none', 'optional', 'user', 'admin', 'embed'];
const callAs = (route: RouteDef, headers: Record<string, string> = {}) =>
  app.inject({
    method: route.method,
    url: route.path.replace(/:(\w+)/g, '1'),
    headers:
      route.method === 'GET' || route.method === 'DELETE'
        ? headers
        : { ...headers, 'content-type': 'application/json' },
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
  });
const routesWith = (access: Access) => allRoutes.filter((r) => r.access === access);
const label = (r: RouteDef) => `${r.method} ${r.path}`;

async function embedTokenFor(userId: number): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `${api.bi.embedToken.path}?tier=Beta`,
    headers: bearer(await tokenFor(app, { id: userId })),
  });
  expect(res.statusCode).toBe(200);
  return res.json().accessToken;
}

describe('the access rule a contract route declares is the rule that runs', () => {
  it('knows every kind of rule the contract uses, and registers every route', () => {
    expect([...new Set(allRoutes.map((r) => r.access))].sort()).toEqual([...KINDS].sort());
    const missing = allRoutes.filter((r) => !app.hasRoute({ method: r.method, url: r.path }));
    expect(missing.map(label)).toEqual([]);
  });

  it("answers 401 to every 'user', 'admin' and 'embed' route called without a token", async () => {
    const routes = [...routesWith('user'), ...routesWith('admin'), ...routesWith('embed')];
    const statuses = await Promise.all(
      routes.map(async (r) => `${label(r)} ${(await callAs(r)).statusCode}`),
    );
    expect(statuses).toEqual(routes.map((r) => `${label(r)} 401`));
  });

  it("answers 401 to every 'embed' route called with a session token, a forged or another audience's token", async () => {
    const member = await createUser(db);
    const session = await tokenFor(app, member);
    const forged = await app.auth.sign('session', { reports: [] }, 60, String(member.id));
    const routes = routesWith('embed');
    expect(routes.length).toBeGreaterThan(0);
    for (const token of [session, forged, 'not-a-token']) {
      const statuses = await Promise.all(
        routes.map(async (r) => `${label(r)} ${(await callAs(r, bearer(token))).statusCode}`),
      );
      expect(statuses).toEqual(routes.map((r) => `${label(r)} 401`));
    }
  });

  it("lets an embed token through an 'embed' route's rule, and through no session route", async () => {
    const member = await createUser(db);
    const embed = await embedTokenFor(member.id);
    const report = routesWith('embed').find((r) => r === api.bi.embedData)!;
    const opened = await app.inject({
      method: 'GET',
      url: buildPath(report.path, { reportUuid: '00000000-0000-4000-8000-000000000000' }),
      headers: bearer(embed),
    });
    // Past the rule: the handler's own answer, an unknown report.
    expect(opened.statusCode).toBe(404);
    const routes = [...routesWith('user'), ...routesWith('admin')];
    const statuses = await Promise.all(
      routes.map(async (r) => `${label(r)} ${(await callAs(r, bearer(embed))).statusCode}`),
    );
    expect(statuses).toEqual(routes.map((r) => `${label(r)} 401`));
  });

  it("answers 403 to a member on every 'admin' route", async () => {
    const member = bearer(await tokenFor(app, await createUser(db)));
    const routes = routesWith('admin');
    const statuses = await Promise.all(
      routes.map(async (r) => `${label(r)} ${(await callAs(r, member)).statusCode}`),
    );
    expect(statuses).toEqual(routes.map((r) => `${label(r)} 403`));
  });

  it("treats a bad token on an 'optional' route as no token: never 401 or 403", async () => {
    for (const r of routesWith('optional')) {
      const status = (await callAs(r, bearer('not-a-token'))).statusCode;
      expect([401, 403], label(r)).not.toContain(status);
    }
  });
});
