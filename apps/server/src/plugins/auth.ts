import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { type Access, type RouteDef, SESSION_LIMITS, SESSION_MESSAGES } from '@insightra/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type JWTPayload, errors as joseErrors, SignJWT } from 'jose';
import {
  createSession,
  extendSession,
  findSessionUser,
  pruneExpiredSessions,
  type SessionUserRow,
} from '../features/auth/session-repository';
import {
  activeOrganisation,
  mayWorkIn,
  type ScopedOrganisation,
  scopeFor,
} from '../features/organisations/scope';
import { settingOrInsert } from '../lib/app-settings-repository';
import { verifyHs256 } from '../lib/hs256';
import { forbidden, unauthorized } from '../lib/http-error';
import { soonAfterStart } from '../lib/start-up-work';

const ISSUER = 'insightra';
const SESSION_AUDIENCE = 'session';
/** The audience of report embed tokens: they open the report frame's data, never a session route. */
export const EMBED_AUDIENCE = 'embed';
export const SESSION_TTL_SECONDS = SESSION_LIMITS.tokenTtlSeconds;
/** A report frame's token whose session ended, or whose user left the organisation. */
const EMBED_ENDED = 'This report is no longer open to you; reload the page';
/** Expired sessions are also pruned this often (a user's own are pruned at each sign-in). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** The signed-in caller: the user, and the session its token names (times in seconds since the epoch). */
export interface SessionPrincipal {
  userId: number;
  role: 'member' | 'admin';
  sessionId: string;
  /** When the token was issued and when it expires. */
  issuedAt: number;
  expiresAt: number;
  /** When the session signed in; it is renewed for at most SESSION_LIMITS.maxSessionSeconds after. */
  signedInAt: number;
  /** The user as read with the session at the start of this request. */
  user: SessionUserRow;
  /** The session's active organisation, where the user may work (null: none). */
  organisation: ScopedOrganisation | null;
  /**
   * The organisation the token was issued in: null for none, undefined for a token that names none
   * (issued by a test helper or before organisations).
   */
  tokenOrganisationId: number | null | undefined;
  /**
   * The organisation this call acts on, its permission checked (features/organisations/scope.ts): the
   * active one, or the one its path names. Null for a route with no permission or a caller with none.
   */
  scope: ScopedOrganisation | null;
}

/** What `authorize` reads of a route: who may call it and the organisation permission it needs. */
export type AccessRule = Pick<RouteDef, 'access' | 'permission' | 'organisationParam'>;

/** The caller of an `embed` route: the organisation an embed token names, and the report UUIDs it covers. */
export interface EmbedGrant {
  organisationId: number;
  reports: string[];
}

/**
 * The caller a route's handler receives, by the access rule the contract declares for it: a session for
 * 'user' and 'admin' (the role already checked), a session or null for 'optional', an embed grant for
 * 'embed', nothing for 'none'.
 */
export type CallerOf<A extends Access> = A extends 'user' | 'admin'
  ? SessionPrincipal
  : A extends 'optional'
    ? SessionPrincipal | null
    : A extends 'embed'
      ? EmbedGrant
      : null;

export interface AuthService {
  /**
   * Signs in: a new server-side session for the user and a token naming it, whose claims carry the
   * user's public fields. `ttlSeconds` (tests) shortens the token's life.
   */
  signSession(userId: number, claims: Record<string, unknown>, ttlSeconds?: number): Promise<string>;
  /**
   * A fresh token for the caller's session, with `claims`: it expires SESSION_LIMITS.tokenTtlSeconds
   * from now, but never later than the session's cap. Null when the session has ended or reached its cap.
   */
  reissue(principal: SessionPrincipal, claims: Record<string, unknown>): Promise<string | null>;
  /** Checks the token's signature and claims only (no database); throws jose errors. */
  verifySession(
    token: string,
  ): Promise<Omit<SessionPrincipal, 'role' | 'user' | 'organisation' | 'scope'> & { claims: JWTPayload }>;
  /** Tokens for other audiences (e.g. report embedding), short-lived and narrowly scoped. */
  sign(
    audience: string,
    claims: Record<string, unknown>,
    ttlSeconds: number,
    subject?: string,
  ): Promise<string>;
  verify(audience: string, token: string): Promise<JWTPayload>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /**
     * Answers 401/403 unless the request meets `access`, and returns its caller. `addRoute` runs it for
     * every contract route and hands the caller to the handler; nothing else reads the token.
     */
    authorize<A extends Access>(
      request: FastifyRequest,
      rule: AccessRule & { access: A },
    ): Promise<CallerOf<A>>;
  }
}

/** The secret from JWT_SECRET, else one generated once and kept in the database for every instance. */
async function loadSecret(app: FastifyInstance, configured?: string): Promise<KeyObject> {
  if (configured) return createSecretKey(Buffer.from(configured, 'utf8'));
  const generated = randomBytes(48).toString('base64url');
  const secret = await settingOrInsert(app.db, 'jwt_secret', generated);
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/** The organisation a token's claims name: its id, null for none, undefined when the claims name none. */
function claimedOrganisation(claims: Record<string, unknown>): number | null | undefined {
  if (!('organisation' in claims)) return undefined;
  const organisation = claims.organisation as { id?: unknown } | null;
  return organisation && typeof organisation.id === 'number' ? organisation.id : null;
}

const seconds = (ms = Date.now()) => Math.floor(ms / 1000);
const claimNumber = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN);

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    // Read at the first need, and at the latest when the app is ready, before it answers anything;
    // never while the plugins register, when the start's migrations may still be under way.
    let key: Promise<KeyObject> | undefined;
    const secret = () =>
      (key ??= loadSecret(app, app.config.jwtSecret).catch((err) => {
        key = undefined; // the database did not answer: try again at the next need
        throw err;
      }));
    app.addHook('onReady', async () => {
      await secret();
    });

    const signAt = async (
      audience: string,
      claims: Record<string, unknown>,
      issuedAt: number,
      expiresAt: number,
      subject?: string,
    ) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt);
      if (subject) jwt.setSubject(subject);
      return jwt.sign(await secret());
    };
    const sign: AuthService['sign'] = (audience, claims, ttlSeconds, subject) => {
      const now = seconds();
      return signAt(audience, claims, now, now + ttlSeconds, subject);
    };
    const verify: AuthService['verify'] = async (audience, token) =>
      verifyHs256(token, await secret(), { issuer: ISSUER, audience });

    const service: AuthService = {
      sign,
      verify,
      signSession: async (userId, claims, ttl = SESSION_TTL_SECONDS) => {
        const now = seconds();
        const expiresAt = now + Math.min(ttl, SESSION_LIMITS.maxSessionSeconds);
        const sid = await createSession(
          app.db,
          userId,
          claimedOrganisation(claims),
          now * 1000,
          expiresAt * 1000,
        );
        return signAt(SESSION_AUDIENCE, { ...claims, sid, auth_time: now }, now, expiresAt, String(userId));
      },
      reissue: async (principal, claims) => {
        const now = seconds();
        const cap = principal.signedInAt + SESSION_LIMITS.maxSessionSeconds;
        const expiresAt = Math.min(now + SESSION_TTL_SECONDS, cap);
        if (expiresAt <= now) return null;
        if (!(await extendSession(app.db, principal.sessionId, principal.userId, expiresAt * 1000))) {
          return null;
        }
        const { sessionId: sid, signedInAt: auth_time, userId } = principal;
        return signAt(SESSION_AUDIENCE, { ...claims, sid, auth_time }, now, expiresAt, String(userId));
      },
      verifySession: async (token) => {
        const claims = await verify(SESSION_AUDIENCE, token);
        const userId = Number(claims.sub);
        if (!Number.isInteger(userId) || userId <= 0) throw new joseErrors.JWTInvalid('Invalid subject');
        const sessionId = typeof claims.sid === 'string' ? claims.sid : '';
        const issuedAt = claimNumber(claims.iat);
        const signedInAt = claimNumber(claims.auth_time);
        // Tokens that name no session (issued before sessions were kept) are not accepted.
        if (!sessionId || Number.isNaN(issuedAt) || Number.isNaN(signedInAt)) {
          throw new joseErrors.JWTInvalid('Invalid session');
        }
        const tokenOrganisationId = claimedOrganisation(claims);
        return {
          userId,
          sessionId,
          issuedAt,
          expiresAt: claims.exp as number,
          signedInAt,
          tokenOrganisationId,
          claims,
        };
      },
    };
    app.decorate('auth', service);

    /** A session token's caller, or null (optional access) / 401 when there is none or it has ended. */
    const sessionCaller = async (request: FastifyRequest, optional: boolean) => {
      const token = bearerToken(request);
      if (!token) {
        if (optional) return null;
        throw unauthorized('Authentication required');
      }
      let session: Awaited<ReturnType<AuthService['verifySession']>>;
      try {
        session = await service.verifySession(token);
      } catch (err) {
        if (optional) return null;
        throw unauthorized(
          err instanceof joseErrors.JWTExpired ? 'Session expired; please sign in again' : 'Invalid token',
        );
      }
      // Outside the try: a database that cannot answer is a server error (503), never "signed out".
      const row = await findSessionUser(app.db, session.sessionId);
      if (!row || row.id !== session.userId) {
        if (optional) return null;
        throw unauthorized(SESSION_MESSAGES.sessionEnded);
      }
      // The role is the stored one, read with the session, so a change of role takes effect at once.
      const { claims: _claims, ...rest } = session;
      const principal: SessionPrincipal = {
        ...rest,
        role: row.role === 'admin' ? 'admin' : 'member',
        user: row,
        organisation: activeOrganisation(row),
        scope: null,
      };
      return principal;
    };

    // An embed token alone opens an embed route (never a session token): it names its organisation and the
    // report UUIDs it covers; which report a request may read is the handler's check.
    const embedCaller = async (request: FastifyRequest): Promise<EmbedGrant> => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('Embed token required');
      let claims: JWTPayload;
      try {
        claims = await verify(EMBED_AUDIENCE, token);
      } catch (err) {
        throw unauthorized(
          err instanceof joseErrors.JWTExpired ? 'Embed token expired' : 'Invalid embed token',
        );
      }
      const organisationId = Number(claims.sub);
      const userId = Number(claims.uid);
      const sessionId = typeof claims.sid === 'string' ? claims.sid : '';
      if (
        !Number.isInteger(organisationId) ||
        organisationId <= 0 ||
        !Number.isInteger(userId) ||
        !sessionId
      ) {
        throw unauthorized('Invalid embed token');
      }
      // The token lasts only as long as its session and its user's place in the organisation.
      const row = await findSessionUser(app.db, sessionId);
      if (!row || row.id !== userId) throw unauthorized(EMBED_ENDED);
      if (!(await mayWorkIn(app.db, userId, row.role === 'admin' ? 'admin' : 'member', organisationId))) {
        throw unauthorized(EMBED_ENDED);
      }
      const reports = Array.isArray(claims.reports)
        ? claims.reports.filter((r): r is string => typeof r === 'string')
        : [];
      return { organisationId, reports };
    };

    const authorize = async (request: FastifyRequest, rule: AccessRule) => {
      const { access } = rule;
      switch (access) {
        case 'none':
          return null;
        case 'optional':
          return sessionCaller(request, true);
        case 'user': {
          const principal = (await sessionCaller(request, false))!;
          if (rule.permission) principal.scope = await scopeFor(app.db, request, principal, rule);
          return principal;
        }
        case 'admin': {
          const principal = await sessionCaller(request, false);
          if (principal?.role !== 'admin') throw forbidden('Administrator access required');
          return principal;
        }
        case 'embed':
          return embedCaller(request);
        default: {
          // A rule the contract adds must be enforced here before any route can use it.
          const unknown: never = access;
          throw new Error(`Unknown access rule ${String(unknown)}`);
        }
      }
    };
    app.decorate('authorize', authorize as FastifyInstance['authorize']);

    const prune = () =>
      pruneExpiredSessions(app.db, Date.now()).catch((err: unknown) =>
        app.databaseOutage.backgroundFailed(err, () => app.log.warn({ err }, 'expired sessions not pruned')),
      );
    let pruner: NodeJS.Timeout | undefined;
    soonAfterStart(app, prune, 'onListen');
    app.addHook('onListen', async () => {
      pruner = setInterval(prune, PRUNE_EVERY_MS);
      pruner.unref();
    });
    app.addHook('onClose', async () => clearInterval(pruner));
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
