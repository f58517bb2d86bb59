import { allRoutes } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';

const { app, db } = await createTestApp();

describe('API errors', () => {
  it('answers unknown /api paths with 404 JSON, not the web app', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found: GET /api/nope' });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'The request body is not valid JSON' });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/content type/i);
  });

  it('answers an oversized body with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'The request body is too large' });
  });

  it('echoes a request id', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await app.inject({ method: 'GET', url: '/api/config' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health and configuration', () => {
  it('reports healthy with the built-in provider', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/powerbi/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'healthy', provider: 'builtin', database: 'ok', bi: 'ok' });
  });

  it('gives the web app its run-time configuration', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({
      siteName: 'Insightra',
      google: { enabled: false, clientId: null },
      bi: { provider: 'builtin', embedMode: 'embed-token' },
      uploads: { maxBytes: 50 * 1024 * 1024 },
    });
    expect(res.json().officeAddress).toMatch(/Mumbai/);
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).not.toContain('accounts.google.com');
  });
});

describe('OpenAPI document', () => {
  it('lists every call of the contract', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const listed = new Set(
      Object.entries(doc.paths).flatMap(([p, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`),
      ),
    );
    const missing = allRoutes
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
      .filter((key) => !listed.has(key));
    expect(missing).toEqual([]);
  });
});

describe('contact messages', () => {
  it('stores a valid message and rejects an invalid one', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Priya',
        email: 'priya@example.com',
        company: 'Acme',
        message: 'We need a dashboard.',
      },
    });
    expect(ok.statusCode).toBe(201);
    const { rows } = await db.query<{ kind: string; name: string; description: string }>(
      'SELECT kind, name, description FROM issue_reports',
    );
    expect(rows).toEqual([{ kind: 'contact', name: 'Priya', description: 'We need a dashboard.' }]);

    const bad = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'P', email: 'nope', message: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid email format');
  });
});
