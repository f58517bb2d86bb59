import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { PublicConfig } from '@insightra/contract';
// The zod-free part of the contract: the server's configuration loads before the contract's schemas.
import {
  BI_PROVIDERS,
  DEFAULT_CONTACT,
  DEFAULT_UPLOAD_MAX_MB,
  EMBED_MODES,
  SITE_NAME_DEFAULT,
} from '@insightra/contract/public';
import { z } from 'zod';
import { dataDirectory } from './db/pglite-location';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const intFrom = (def: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** 127.0.0.0/8, ::1 or localhost: traffic that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && host === '::1';
}

const LOOPBACK = 'a loopback address (127.0.0.0/8, ::1, localhost)';

/** `value` as a URL, or null with the issue "must be a URL" added. */
function parseUrl(value: string, ctx: z.RefinementCtx): URL | null {
  try {
    return new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a URL' });
    return null;
  }
}

/**
 * An outside service's URL: `https`, since a secret or signing keys travel over it; plain `http` only
 * to a loopback address (a local stand-in), so a typo cannot send them in clear text.
 */
const httpsUrl = (def: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = v?.trim() || def;
      const url = parseUrl(value, ctx);
      if (!url) return z.NEVER;
      if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
        return value;
      }
      ctx.addIssue({
        code: 'custom',
        message: `must be an https:// URL (http:// only to ${LOOPBACK}), not "${url.protocol}//${url.host}"`,
      });
      return z.NEVER;
    });

/**
 * The mail server's URL as nodemailer reads it: `smtps://` (TLS from the start), or `smtp://` with
 * `requireTLS=true` (STARTTLS required: nodemailer stops rather than send the password in clear text);
 * plain `smtp://` only to a loopback address. The certificate is always checked, except a loopback server's.
 */
const smtpUrl = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const value = v?.trim();
    if (!value) return undefined;
    const url = parseUrl(value, ctx);
    if (!url) return z.NEVER;
    // A certificate nobody checks is TLS to whoever answers: only a loopback server may skip it.
    const unchecked = [...url.searchParams].some(([k, v]) => k === 'tls.rejectUnauthorized' && v !== 'true');
    if (unchecked && !isLoopbackHost(url.hostname)) {
      ctx.addIssue({
        code: 'custom',
        message: `must not turn off the server's certificate check (tls.rejectUnauthorized) except to ${LOOPBACK}`,
      });
      return z.NEVER;
    }
    const starttls = url.searchParams.getAll('requireTLS');
    if (
      url.protocol === 'smtps:' ||
      (url.protocol === 'smtp:' &&
        ((starttls.length === 1 && starttls[0] === 'true') || isLoopbackHost(url.hostname)))
    ) {
      return value;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        url.protocol === 'smtp:'
          ? `must start with smtps://, or be smtp:// with requireTLS=true (STARTTLS required); plain smtp:// only to ${LOOPBACK}`
          : `must be an smtps:// or smtp:// URL, not "${url.protocol}"`,
    });
    return z.NEVER;
  });

/**
 * The site's own address as its visitors reach it (PUBLIC_URL), for the absolute links the server
 * e-mails: http(s), no query or fragment, kept without a trailing slash. Never taken from a request's
 * Host header, which the sender of the request chooses. Blank: undefined (the caller's default).
 */
const publicUrl = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const value = v?.trim();
    if (!value) return undefined;
    const url = parseUrl(value, ctx);
    if (!url) return z.NEVER;
    if (
      !['http:', 'https:'].includes(url.protocol) ||
      url.search ||
      url.hash ||
      url.username ||
      url.password
    ) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be the http:// or https:// address of the site, without credentials, query or fragment',
      });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  });

/** `true` or `false`; blank or unset: `def`. */
const flag = (def: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = v?.trim();
      if (!value) return def;
      if (value === 'true' || value === 'false') return value === 'true';
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    });

/** Address kinds `proxy-addr` (Fastify's `trustProxy`) knows by name. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may name the client in X-Forwarded-For: nobody (default: the socket's peer is the client),
 * a number of proxy hops in front of the server, or a comma list of the proxies' addresses/CIDRs.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = v?.trim().toLowerCase();
    if (!value || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'must be a hop count from 0 to 10 or proxy addresses' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.find((e) => !isAddressOrCidr(e));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count or a comma list of IP addresses/CIDRs ("${bad}" is neither)`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  PORT: intFrom(5000, 0, 65535),
  HOST: optionalString,
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: trustProxy,
  REGISTER_LIMIT_PER_HOUR: intFrom(20, 1, 1_000_000),
  DATA_DIR: optionalString,
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return undefined;
      if (!/^postgres(ql)?:\/\//.test(v.trim())) {
        ctx.addIssue({ code: 'custom', message: 'must start with postgres:// or postgresql://' });
        return z.NEVER;
      }
      return v.trim();
    }),
  DATABASE_POOL_SIZE: intFrom(10, 1, 200),
  DATABASE_CONNECT_TIMEOUT_S: intFrom(2, 1, 120),
  REQUEST_IDLE_TIMEOUT_S: intFrom(30, 1, 3600),
  REQUEST_TIMEOUT_S: intFrom(600, 1, 86_400),
  HASH_CONCURRENCY: intFrom(4, 1, 64),
  METRICS_TOKEN: optionalString.refine(
    (v) => v === undefined || v.length >= 16,
    'must be at least 16 characters',
  ),
  JWT_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters',
  ),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  ADMIN_EMAIL: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: httpsUrl('https://www.googleapis.com/oauth2/v3/certs'),
  BI_PROVIDER: z.enum(BI_PROVIDERS).default('builtin'),
  POWERBI_TENANT_ID: optionalString,
  POWERBI_CLIENT_ID: optionalString,
  POWERBI_CLIENT_SECRET: optionalString,
  POWERBI_WORKSPACE_ID: optionalString,
  POWERBI_DATASET_ID: optionalString,
  POWERBI_EMBED_MODE: z.enum(EMBED_MODES).default('embed-token'),
  POWERBI_API_URL: httpsUrl('https://api.powerbi.com/v1.0/myorg'),
  POWERBI_AUTHORITY_HOST: httpsUrl('https://login.microsoftonline.com'),
  POWERBI_RLS_ROLES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const roles = [
        ...new Set(
          (v ?? '')
            .split(',')
            .map((r) => r.trim())
            .filter(Boolean),
        ),
      ];
      if (roles.some((r) => r.length > 100)) {
        ctx.addIssue({ code: 'custom', message: 'role names must be at most 100 characters' });
        return z.NEVER;
      }
      return roles;
    }),
  POWERBI_SHARED_DATASET: flag(false),
  // At least 15: the dashboard renews a token when 10 minutes or less are left.
  POWERBI_TOKEN_MINUTES: intFrom(60, 15, 240),
  POWERBI_REFRESH_MIN_INTERVAL_MIN: intFrom(180, 0, 1440),
  UPLOAD_MAX_MB: intFrom(DEFAULT_UPLOAD_MAX_MB, 1, 2048),
  FILE_RETENTION_DAYS: intFrom(30, 1, 36500),
  UPLOAD_CONCURRENCY_PER_MEMBER: intFrom(2, 1, 100),
  UPLOAD_WORKERS: intFrom(2, 1, 64),
  UPLOAD_QUEUE: intFrom(20, 0, 10_000),
  UPLOAD_DAILY_FILES: intFrom(200, 1, 1_000_000),
  UPLOAD_DAILY_MB: intFrom(2048, 1, 10_000_000),
  UPLOAD_CSV_TIMEOUT_S: intFrom(600, 1, 86_400),
  UPLOAD_LEASE_S: intFrom(60, 1, 3600),
  ORG_STORAGE_MAX_MB: intFrom(2048, 1, 100_000_000),
  // EXPORT_LIMITS.defaultWorkers, which this file cannot import: the contract's schemas load after the
  // configuration (config.test.ts checks that the two agree).
  EXPORT_WORKERS: intFrom(2, 1, 64),
  SMTP_URL: smtpUrl,
  ISSUES_EMAIL: optionalString,
  SITE_NAME: optionalString,
  SALES_EMAIL: optionalString,
  SALES_PHONE: optionalString,
  OFFICE_ADDRESS: optionalString,
  WEB_DIST_DIR: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = ReturnType<typeof toConfig>;

/** The configuration the web app may know (GET /api/config); pre-rendered pages are checked against it. */
export function publicConfigOf(config: Config): PublicConfig {
  const { site, google, bi } = config;
  return {
    siteName: site.name,
    salesEmail: site.salesEmail,
    salesPhone: site.salesPhone,
    officeAddress: site.officeAddress,
    google: { enabled: Boolean(google.clientId), clientId: google.clientId ?? null },
    bi: { provider: bi.provider, embedMode: bi.embedMode },
    uploads: { maxBytes: config.uploads.maxBytes },
    mail: { enabled: Boolean(config.smtp.url) },
  };
}

export class ConfigError extends Error {}

function toConfig(env: z.infer<typeof EnvSchema>, cwd: string) {
  if (env.BI_PROVIDER === 'powerbi') {
    for (const name of [
      'POWERBI_TENANT_ID',
      'POWERBI_CLIENT_ID',
      'POWERBI_CLIENT_SECRET',
      'POWERBI_WORKSPACE_ID',
    ] as const) {
      if (!env[name]) throw new ConfigError(`${name} is required when BI_PROVIDER=powerbi`);
    }
    // Embed tokens without an identity show every member every row: only when the operator says so (decision 074).
    if (
      env.POWERBI_EMBED_MODE === 'embed-token' &&
      env.POWERBI_RLS_ROLES.length === 0 &&
      !env.POWERBI_SHARED_DATASET
    ) {
      throw new ConfigError(
        'POWERBI_RLS_ROLES is required when BI_PROVIDER=powerbi issues embed tokens (the row-level-security roles that show each member only their rows), unless POWERBI_SHARED_DATASET=true says every member may see every row',
      );
    }
  }
  return {
    port: env.PORT,
    host: env.HOST ?? '0.0.0.0',
    /** The site's address in e-mailed links (an invitation's), without a trailing slash. */
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses (decision 096). */
    trustProxy: env.TRUST_PROXY,
    limits: { registerPerHour: env.REGISTER_LIMIT_PER_HOUR },
    dataDir: dataDirectory(env.DATA_DIR, cwd),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_S * 1000,
    /** A stalled request body, or a request not received in full in time, is closed with 408. */
    timeouts: {
      idleMs: env.REQUEST_IDLE_TIMEOUT_S * 1000,
      requestMs: env.REQUEST_TIMEOUT_S * 1000,
      headersMs: Math.min(30_000, env.REQUEST_TIMEOUT_S * 1000),
      // Longer than common load balancers' idle timeout (60 s), so the balancer closes first.
      keepAliveMs: 65_000,
    },
    hashConcurrency: env.HASH_CONCURRENCY,
    metricsToken: env.METRICS_TOKEN,
    jwtSecret: env.JWT_SECRET,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD, email: env.ADMIN_EMAIL },
    google: { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL },
    bi: {
      provider: env.BI_PROVIDER,
      embedMode: env.POWERBI_EMBED_MODE,
      powerbi: {
        tenantId: env.POWERBI_TENANT_ID,
        clientId: env.POWERBI_CLIENT_ID,
        clientSecret: env.POWERBI_CLIENT_SECRET,
        workspaceId: env.POWERBI_WORKSPACE_ID,
        datasetId: env.POWERBI_DATASET_ID,
        apiUrl: env.POWERBI_API_URL,
        authorityHost: env.POWERBI_AUTHORITY_HOST,
        /** Row-level-security roles every embed token's identity carries; none: no identity (decision 074). */
        rlsRoles: env.POWERBI_RLS_ROLES,
        /** POWERBI_SHARED_DATASET: no row-level security on purpose; every member sees every row. */
        sharedDataset: env.POWERBI_SHARED_DATASET,
        tokenMinutes: env.POWERBI_TOKEN_MINUTES,
        refreshMinIntervalMin: env.POWERBI_REFRESH_MIN_INTERVAL_MIN,
      },
    },
    uploads: {
      maxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
      retentionDays: env.FILE_RETENTION_DAYS,
      perMember: env.UPLOAD_CONCURRENCY_PER_MEMBER,
      workers: env.UPLOAD_WORKERS,
      queue: env.UPLOAD_QUEUE,
      dailyFiles: env.UPLOAD_DAILY_FILES,
      dailyBytes: env.UPLOAD_DAILY_MB * 1024 * 1024,
      csvTimeoutMs: env.UPLOAD_CSV_TIMEOUT_S * 1000,
      leaseMs: env.UPLOAD_LEASE_S * 1000,
      /** What one organisation's uploads may store in all (413 beyond). */
      organisationMaxBytes: env.ORG_STORAGE_MAX_MB * 1024 * 1024,
    },
    /** Report exports rendered at once per instance; more are answered 503 with Retry-After. */
    exports: { workers: env.EXPORT_WORKERS },
    smtp: { url: env.SMTP_URL, issuesEmail: env.ISSUES_EMAIL },
    site: {
      name: env.SITE_NAME ?? SITE_NAME_DEFAULT,
      salesEmail: env.SALES_EMAIL ?? DEFAULT_CONTACT.salesEmail,
      salesPhone: env.SALES_PHONE ?? DEFAULT_CONTACT.salesPhone,
      officeAddress: env.OFFICE_ADDRESS ?? DEFAULT_CONTACT.officeAddress,
    },
    logLevel: env.LOG_LEVEL,
    /** Built web app served at `/`; absent in tests that only exercise the API. */
    webDistDir: env.WEB_DIST_DIR ? path.resolve(cwd, env.WEB_DIST_DIR) : findWebDist(),
  };
}

function findWebDist(): string | undefined {
  const candidates = [
    path.resolve(import.meta.dirname, '../../web/dist'),
    path.resolve(import.meta.dirname, '../../../apps/web/dist'),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}

/** Reads and validates the environment once. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `${name} ${issue.message.replace(/^Invalid option: expected one of/, 'must be one of')}`,
    );
  }
  return toConfig(parsed.data, cwd);
}
