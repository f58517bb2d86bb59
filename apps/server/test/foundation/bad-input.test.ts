import * as XLSX from '@e965/xlsx';
import { allRoutes, buildPath, type RouteDef } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp } from '../helpers/app';
import { bearer, createUser, tokenFor } from '../helpers/factories';
import { injectUpload } from '../helpers/multipart';

const { app, db } = await createTestApp();
const admin = await createUser(db, { role: 'admin' });
const auth = bearer(await tokenFor(app, admin));
// The walk below calls logout and "log out everywhere" too: it signs in as an administrator of its own,
// with a fresh session per call, so the other tests keep theirs.
const walker = await createUser(db, { role: 'admin' });

const NUL = 'bad\u0000value';

/** The field names of an object schema (through refinements, pipes and optional wrappers). */
function keysOf(schema: z.ZodType | undefined): string[] {
  let s = schema as unknown as {
    shape?: Record<string, unknown>;
    def?: { in?: unknown; innerType?: unknown };
  };
  for (let i = 0; s && i < 5; i++) {
    if (s.shape) return Object.keys(s.shape);
    s = (s.def?.in ?? s.def?.innerType) as typeof s;
  }
  return [];
}

const fill = (keys: string[], value: unknown) => Object.fromEntries(keys.map((k) => [k, value]));

/** A multipart body of text fields, the way a browser sends a form. */
async function form(fields: Record<string, string>, file?: { field: string; name: string; content: string }) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) data.append(file.field, new Blob([file.content], { type: 'text/csv' }), file.name);
  const res = new Response(data);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

async function call(
  route: RouteDef,
  o: { param?: string; query?: unknown; body?: unknown; raw?: Awaited<ReturnType<typeof form>> },
) {
  const session = bearer(await tokenFor(app, walker));
  const params = Object.fromEntries(keysOf(route.params).map((k) => [k, o.param ?? '1']));
  const query = (o.query ?? {}) as Record<string, string>;
  const search = new URLSearchParams(query).toString();
  return app.inject({
    method: route.method,
    url: `${buildPath(route.path, params)}${search ? `?${search}` : ''}`,
    headers: { ...session, ...(o.raw?.headers ?? {}) },
    ...(o.raw ? { payload: o.raw.payload } : o.body !== undefined ? { payload: o.body as object } : {}),
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

// Zod's and JSON Schema's own phrasings: none of them may reach a user.
const LIBRARY_TEXT =
  /Invalid input|expected (a |an )?(string|number|object|array|boolean|nonoptional)|received (undefined|null|string|number|object)|Too (big|small)|Invalid (option|string|email address|UUID|enum)|Unrecognized key|must match pattern|must have required property|^Required$/;

describe('NUL characters and other text PostgreSQL cannot store', () => {
  it('never answer 5xx on any route of the contract, in path, query, JSON or multipart', async () => {
    const seen: string[] = [];
    for (const route of allRoutes) {
      const attempts = [
        call(route, { param: keysOf(route.params).length ? NUL : undefined }),
        call(route, {
          query: fill(keysOf(route.query), NUL),
          body: route.body ? fill(keysOf(route.body), NUL) : undefined,
        }),
      ];
      if (route.multipart) {
        const text = fill(['name', 'email', 'subject', 'issueType', 'issueTypeOther', 'description'], NUL);
        attempts.push(call(route, { raw: await form(text as Record<string, string>) }));
      }
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode, `${route.method} ${route.path}: ${res.body}`).toBeLessThan(500);
      }
      seen.push(`${route.method} ${route.path}`);
    }
    expect(seen).toHaveLength(allRoutes.length);
  });

  it('answers 400 naming the field on the routes that failed before', async () => {
    const user = await createUser(db, { password: 'right-password' });
    const member = bearer(await tokenFor(app, user));
    const cases: [Promise<Awaited<ReturnType<typeof app.inject>>>, string][] = [
      [
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: NUL, password: 'x' } }),
        'Username contains a character that is not allowed',
      ],
      [
        app.inject({
          method: 'PUT',
          url: '/api/auth/dashboard-header',
          headers: member,
          payload: { dashboardHeader: NUL },
        }),
        'Dashboard header contains a character that is not allowed',
      ],
      [
        app.inject({
          method: 'POST',
          url: '/api/reports',
          headers: member,
          payload: { tier: 'Beta', report_type: NUL, report_uuid: 'abc-123' },
        }),
        'Report type contains a character that is not allowed',
      ],
      [
        app.inject({ method: 'GET', url: '/api/admin/users?q=a%00b', headers: auth }),
        'Search text contains a character that is not allowed',
      ],
      [
        app.inject({
          method: 'POST',
          url: `/api/admin/users/${user.id}/reports`,
          headers: auth,
          payload: { tier: 'Beta', report_type: NUL, report_uuid: 'abc-123' },
        }),
        'Report type contains a character that is not allowed',
      ],
    ];
    const issue = await form({ name: 'Asha', subject: NUL, issueType: 'Bug', description: 'x' });
    cases.push([
      app.inject({ method: 'POST', url: '/api/server/report-issue', ...issue }),
      'Subject contains a character that is not allowed',
    ]);
    for (const [pending, message] of cases) {
      const res = await pending;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    // Half a surrogate pair cannot be stored either.
    const lone = await app.inject({
      method: 'PUT',
      url: '/api/auth/dashboard-header',
      headers: { ...member, 'content-type': 'application/json' },
      payload: `{"dashboardHeader":"a\\ud800b"}`,
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().message).toBe('Dashboard header contains a character that is not allowed');
  });

  it('rejects an uploaded cell holding one, with its reason, like other bad cells', async () => {
    // A CSV or .xlsx with a NUL is refused whole (binary, unreadable XML); an .xls cell can hold one.
    const header = 'student_id,student_name,gender,grade,project_submitted,score,enrolled_on'.split(',');
    const sheet = XLSX.utils.aoa_to_sheet([
      header,
      ['S1', 'Asha', 'F', 'Grade 9', 'Yes', 80],
      ['S2', 'Ra\u0000vi', 'M', 'Grade 9', 'No', 70],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Data');
    const res = await injectUpload(
      app,
      auth,
      'cells.xls',
      XLSX.write(book, { type: 'buffer', bookType: 'biff8' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalRecordsInserted: 1, totalRecordsFailed: 1 });
    const rejected = await app.inject({
      url: `/api/server/uploads/${res.json().uploadId}/rejected`,
      headers: auth,
    });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(
      Object.values(XLSX.read(rejected.rawPayload).Sheets)[0] as XLSX.WorkSheet,
      { header: 1 },
    );
    expect(JSON.stringify(rows)).toContain('student_name contains a character that is not allowed');
  });
});

describe('validation messages are written for people', () => {
  it('no route answers a schema library default for wrong types or missing fields', async () => {
    for (const route of allRoutes) {
      const bodyKeys = keysOf(route.body);
      const queryKeys = keysOf(route.query);
      const variants: Parameters<typeof call>[1][] = [
        { param: 'not-a-number', query: fill(queryKeys, '') },
        { query: fill(queryKeys, '-5') },
      ];
      if (route.body) {
        variants.push({ body: {} }, { body: fill(bodyKeys, 12345) }, { body: fill(bodyKeys, { a: 1 }) });
        variants.push({ body: [] }, { body: { ...fill(bodyKeys, 'x'), surprise: true } });
        variants.push({ body: fill(bodyKeys, 'x'.repeat(20_000)) });
      }
      for (const variant of variants) {
        const res = await call(route, variant);
        const where = `${route.method} ${route.path} ${JSON.stringify(variant).slice(0, 80)}: ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (!String(res.headers['content-type'] ?? '').includes('json')) continue;
        const body = res.json();
        if (body.success !== false) continue;
        expect(body.message, where).not.toMatch(LIBRARY_TEXT);
        for (const e of body.errors ?? []) expect(e.message, where).not.toMatch(LIBRARY_TEXT);
      }
    }
  });

  it('the issue form answers its own messages, in order, for absent fields as for empty ones', async () => {
    const send = async (fields: Record<string, string>) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/server/report-issue',
        ...(await form(fields)),
      });
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    const full = {
      name: 'Asha',
      subject: 'Blank chart',
      description: 'Empty',
      issueType: 'Other',
      email: 'bad',
    };
    const without = (...keys: string[]) =>
      Object.fromEntries(Object.entries(full).filter(([k]) => !keys.includes(k)));
    expect(await send({})).toBe('Name is required');
    expect(await send(without('name'))).toBe('Name is required');
    expect(await send(without('subject'))).toBe('Subject is required');
    expect(await send(without('description'))).toBe('Description is required');
    expect(await send(without('issueType'))).toBe('Issue type is required');
    expect(await send(full)).toBe('Please specify issue type');
    expect(await send({ ...full, issueType: 'Bug' })).toBe('Invalid email format');
    expect(await send({ ...full, name: '', subject: '' })).toBe('Name is required');
  });

  it('the contact form and sign-in name absent fields in words', async () => {
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'a@b.co', message: 'hi' },
    });
    expect(contact.json().message).toBe('Name is required');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'someone' },
    });
    expect(login.json().message).toBe('Password is required');
    const strict = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'someone', password: 'x', remember: true },
    });
    expect(strict.json().message).toBe('Unknown field: remember');
  });
});
