import { EXPORT_LIMITS } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const complete = {
  BI_PROVIDER: 'powerbi',
  POWERBI_TENANT_ID: '11111111-1111-1111-1111-111111111111',
  POWERBI_CLIENT_ID: '22222222-2222-2222-2222-222222222222',
  POWERBI_CLIENT_SECRET: 'a-client-secret',
  POWERBI_WORKSPACE_ID: '33333333-3333-3333-3333-333333333333',
  POWERBI_SHARED_DATASET: 'true',
};

describe('Power BI configuration', () => {
  it.each([
    'POWERBI_TENANT_ID',
    'POWERBI_CLIENT_ID',
    'POWERBI_CLIENT_SECRET',
    'POWERBI_WORKSPACE_ID',
  ] as const)('stops start-up naming %s when it is missing or blank', (name) => {
    for (const value of [undefined, '  ']) {
      const env: Record<string, string | undefined> = { ...complete, [name]: value };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(`${name} is required when BI_PROVIDER=powerbi`);
    }
  });

  it('starts without POWERBI_DATASET_ID (refresh then explains it is not configured) and defaults to the real endpoints', () => {
    const config = loadConfig(complete);
    expect(config.bi.provider).toBe('powerbi');
    expect(config.bi.embedMode).toBe('embed-token');
    expect(config.bi.powerbi.datasetId).toBeUndefined();
    expect(config.bi.powerbi.apiUrl).toBe('https://api.powerbi.com/v1.0/myorg');
    expect(config.bi.powerbi.authorityHost).toBe('https://login.microsoftonline.com');
  });

  it('reads the row-level-security roles, the token lifetime and the refresh cooldown, with defaults', () => {
    const defaults = loadConfig(complete).bi.powerbi;
    expect(defaults).toMatchObject({ rlsRoles: [], tokenMinutes: 60, refreshMinIntervalMin: 180 });
    const set = loadConfig({
      ...complete,
      POWERBI_RLS_ROLES: 'Customer, Reader ,,Customer',
      POWERBI_TOKEN_MINUTES: '30',
      POWERBI_REFRESH_MIN_INTERVAL_MIN: '0',
    }).bi.powerbi;
    expect(set).toMatchObject({
      rlsRoles: ['Customer', 'Reader'],
      tokenMinutes: 30,
      refreshMinIntervalMin: 0,
    });
    expect(() => loadConfig({ ...complete, POWERBI_TOKEN_MINUTES: '5' })).toThrow(/^POWERBI_TOKEN_MINUTES/);
    expect(() => loadConfig({ ...complete, POWERBI_REFRESH_MIN_INTERVAL_MIN: '-1' })).toThrow(
      /^POWERBI_REFRESH_MIN_INTERVAL_MIN/,
    );
  });

  it('stops start-up naming POWERBI_RLS_ROLES and POWERBI_SHARED_DATASET when embed tokens would show every member every row', () => {
    for (const shared of [undefined, ' ', 'false']) {
      const env = { ...complete, POWERBI_SHARED_DATASET: shared };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        'POWERBI_RLS_ROLES is required when BI_PROVIDER=powerbi issues embed tokens (the row-level-security roles that show each member only their rows), unless POWERBI_SHARED_DATASET=true says every member may see every row',
      );
    }
  });

  it('starts with row-level-security roles, with POWERBI_SHARED_DATASET=true, or in secure-embed mode', () => {
    const undecided = { ...complete, POWERBI_SHARED_DATASET: undefined };
    expect(loadConfig({ ...undecided, POWERBI_RLS_ROLES: 'Customer' }).bi.powerbi.rlsRoles).toEqual([
      'Customer',
    ]);
    expect(loadConfig(complete).bi.powerbi.rlsRoles).toEqual([]);
    expect(loadConfig({ ...undecided, POWERBI_EMBED_MODE: 'secure-embed' }).bi.embedMode).toBe(
      'secure-embed',
    );
    expect(() => loadConfig({ ...complete, POWERBI_SHARED_DATASET: 'yes' })).toThrow(
      'POWERBI_SHARED_DATASET must be true or false',
    );
  });

  it('rejects an unknown embed mode by name', () => {
    expect(() => loadConfig({ ...complete, POWERBI_EMBED_MODE: 'iframe' })).toThrow(/POWERBI_EMBED_MODE/);
  });

  it('needs none of them with the built-in provider', () => {
    expect(loadConfig({}).bi.provider).toBe('builtin');
  });
});

const LOOPBACK_HOSTS = ['127.0.0.1', '127.10.20.30', '[::1]', 'localhost', 'LOCALHOST'];
const OUTSIDE_HOSTS = ['api.example.com', '10.0.0.5', '128.0.0.1', '[::2]', 'localhost.example.com'];

describe.each([
  ['POWERBI_API_URL', '/v1.0/myorg', (c: ReturnType<typeof loadConfig>) => c.bi.powerbi.apiUrl],
  ['POWERBI_AUTHORITY_HOST', '', (c: ReturnType<typeof loadConfig>) => c.bi.powerbi.authorityHost],
  ['GOOGLE_JWKS_URL', '/oauth2/v3/certs', (c: ReturnType<typeof loadConfig>) => c.google.jwksUrl],
] as const)('%s', (name, path, read) => {
  it('accepts https:// to any host, and http:// to a loopback address', () => {
    for (const host of [...OUTSIDE_HOSTS, ...LOOPBACK_HOSTS]) {
      const url = `https://${host}:8443${path}`;
      expect(read(loadConfig({ ...complete, [name]: url }))).toBe(url);
    }
    for (const host of LOOPBACK_HOSTS) {
      const url = `http://${host}:8080${path}`;
      expect(read(loadConfig({ ...complete, [name]: url }))).toBe(url);
    }
  });

  it('stops start-up naming it for http:// to any other host, another scheme, or no URL', () => {
    for (const host of OUTSIDE_HOSTS) {
      const env = { ...complete, [name]: `http://${host}${path}` };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        `${name} must be an https:// URL (http:// only to a loopback address (127.0.0.0/8, ::1, localhost)), not "http://${host.toLowerCase()}"`,
      );
    }
    expect(() => loadConfig({ ...complete, [name]: `ftp://127.0.0.1${path}` })).toThrow(
      new RegExp(`^${name} must be an https:// URL`),
    );
    expect(() => loadConfig({ ...complete, [name]: 'not a url' })).toThrow(`${name} must be a URL`);
  });
});

describe('SMTP_URL', () => {
  const smtp = (url: string) => loadConfig({ SMTP_URL: url }).smtp.url;
  const STARTTLS_REFUSED =
    'SMTP_URL must start with smtps://, or be smtp:// with requireTLS=true (STARTTLS required); plain smtp:// only to a loopback address (127.0.0.0/8, ::1, localhost)';

  it('accepts smtps://, smtp:// requiring STARTTLS, and plain smtp:// to a loopback address', () => {
    for (const url of [
      'smtps://user:secret@mail.example.com',
      'smtps://mail.example.com:465',
      'smtp://user:secret@mail.example.com:587?requireTLS=true',
      'smtp://mail.example.com?tls.servername=mail.example.com&requireTLS=true',
      ...LOOPBACK_HOSTS.map((host) => `smtp://${host}:2525`),
    ]) {
      expect(smtp(url)).toBe(url);
    }
    expect(smtp('  ')).toBeUndefined();
  });

  it('stops start-up naming it for plain smtp:// to any other host, or another scheme', () => {
    for (const url of [
      ...OUTSIDE_HOSTS.map((host) => `smtp://user:secret@${host}:587`),
      'smtp://mail.example.com:465',
      'smtp://mail.example.com?requireTLS=false',
      'smtp://mail.example.com?requireTLS=1',
      'smtp://mail.example.com?requireTLS=true&requireTLS=false',
      'smtp://mail.example.com?secure=true',
    ]) {
      expect(() => smtp(url), url).toThrow(ConfigError);
      expect(() => smtp(url), url).toThrow(STARTTLS_REFUSED);
    }
    expect(() => smtp('http://mail.example.com')).toThrow(
      'SMTP_URL must be an smtps:// or smtp:// URL, not "http:"',
    );
    expect(() => smtp('mail.example.com')).toThrow('SMTP_URL must be a URL');
  });

  it('stops start-up when the certificate check is turned off, except to a loopback address', () => {
    for (const url of [
      'smtps://mail.example.com?tls.rejectUnauthorized=false',
      'smtp://mail.example.com?requireTLS=true&tls.rejectUnauthorized=0',
      'smtps://mail.example.com?tls.rejectUnauthorized=true&tls.rejectUnauthorized=false',
    ]) {
      expect(() => smtp(url), url).toThrow(
        "SMTP_URL must not turn off the server's certificate check (tls.rejectUnauthorized) except to a loopback address",
      );
    }
    expect(smtp('smtps://mail.example.com?tls.rejectUnauthorized=true')).toContain('mail.example.com');
    expect(smtp('smtps://127.0.0.1:2465?tls.rejectUnauthorized=false')).toContain('127.0.0.1');
  });

  it('gives nodemailer a transport that requires STARTTLS or TLS from these URLs', async () => {
    const { default: nodemailer } = await import('nodemailer');
    const options = (url: string) =>
      (nodemailer.createTransport(url) as unknown as { options: Record<string, unknown> }).options;
    expect(options('smtp://mail.example.com:587?requireTLS=true')).toMatchObject({
      secure: false,
      requireTLS: true,
    });
    expect(options('smtps://mail.example.com')).toMatchObject({ secure: true });
  });
});

describe('PUBLIC_URL', () => {
  const publicUrl = (env: Record<string, string>) => loadConfig(env).publicUrl;

  it('defaults to this server on localhost at PORT', () => {
    expect(publicUrl({})).toBe('http://localhost:5000');
    expect(publicUrl({ PORT: '8080', PUBLIC_URL: '  ' })).toBe('http://localhost:8080');
  });

  it('keeps the address without a trailing slash, with a path prefix when there is one', () => {
    expect(publicUrl({ PUBLIC_URL: 'https://portal.example.com/' })).toBe('https://portal.example.com');
    expect(publicUrl({ PUBLIC_URL: 'https://Example.com:8443/insightra//' })).toBe(
      'https://example.com:8443/insightra',
    );
    expect(publicUrl({ PUBLIC_URL: 'http://10.0.0.5:5000' })).toBe('http://10.0.0.5:5000');
  });

  it('stops start-up naming it for another scheme, credentials, a query, a fragment or no URL', () => {
    for (const url of [
      'ftp://example.com',
      'https://user:secret@example.com',
      'https://example.com/?next=1',
      'https://example.com/#top',
    ]) {
      expect(() => publicUrl({ PUBLIC_URL: url }), url).toThrow(
        'PUBLIC_URL must be the http:// or https:// address of the site, without credentials, query or fragment',
      );
    }
    expect(() => publicUrl({ PUBLIC_URL: 'portal.example.com' })).toThrow('PUBLIC_URL must be a URL');
  });
});

describe('EXPORT_WORKERS', () => {
  it("defaults to the contract's number of exports at once, and takes 1 to 64", () => {
    expect(loadConfig({}).exports.workers).toBe(EXPORT_LIMITS.defaultWorkers);
    expect(loadConfig({ EXPORT_WORKERS: '1' }).exports.workers).toBe(1);
    for (const value of ['0', '65', '1.5', 'two']) {
      expect(() => loadConfig({ EXPORT_WORKERS: value }), value).toThrow(
        'EXPORT_WORKERS must be a whole number from 1 to 64',
      );
    }
  });
});
