import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { Access } from '@insightra/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type JWTPayload, errors as joseErrors, SignJWT } from 'jose';
import { verifyHs256 } from '../lib/hs256';
import { forbidden, unauthorized } from '../lib/http-error';

const ISSUER = 'insightra';
const SESSION_AUDIENCE = 'session';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionPrincipal {
  userId: number;
  role: 'member' | 'admin';
}

export interface AuthService {
  /** Signs a session token whose claims carry the user's public fields. */
  signSession(userId: number, claims: Record<string, unknown>, ttlSeconds?: number): Promise<string>;
  verifySession(token: string): Promise<SessionPrincipal & { claims: JWTPayload }>;
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
    /** Answers 401/403 unless the request meets `access`; sets `request.principal`. */
    authorize(request: FastifyRequest, access: Access): Promise<void>;
  }
  interface FastifyRequest {
    principal: SessionPrincipal | null;
  }
}

/** The secret from JWT_SECRET, else one generated once and kept in the database for every instance. */
async function loadSecret(app: FastifyInstance, configured?: string): Promise<KeyObject> {
  if (configured) return createSecretKey(Buffer.from(configured, 'utf8'));
  const generated = randomBytes(48).toString('base64url');
  await app.db.query(
    "INSERT INTO app_settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING",
    [generated],
  );
  const { rows } = await app.db.query<{ value: string }>(
    "SELECT value FROM app_settings WHERE key = 'jwt_secret'",
  );
  return createSecretKey(Buffer.from(rows[0]!.value, 'utf8'));
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const key = await loadSecret(app, app.config.jwtSecret);

    const sign: AuthService['sign'] = (audience, claims, ttlSeconds, subject) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds);
      if (subject) jwt.setSubject(subject);
      return jwt.sign(key);
    };
    const verify: AuthService['verify'] = async (audience, token) =>
      verifyHs256(token, key, { issuer: ISSUER, audience });

    const service: AuthService = {
      sign,
      verify,
      signSession: (userId, claims, ttl = SESSION_TTL_SECONDS) =>
        sign(SESSION_AUDIENCE, claims, ttl, String(userId)),
      verifySession: async (token) => {
        const claims = await verify(SESSION_AUDIENCE, token);
        const userId = Number(claims.sub);
        if (!Number.isInteger(userId) || userId <= 0) throw new joseErrors.JWTInvalid('Invalid subject');
        return { userId, role: claims.role === 'admin' ? 'admin' : 'member', claims };
      },
    };
    app.decorate('auth', service);
    app.decorateRequest('principal', null);

    app.decorate('authorize', async (request: FastifyRequest, access: Access) => {
      if (access === 'none' || access === 'embed') return;
      const token = bearerToken(request);
      if (!token) {
        if (access === 'optional') return;
        throw unauthorized('Authentication required');
      }
      try {
        const session = await service.verifySession(token);
        request.principal = { userId: session.userId, role: session.role };
      } catch (err) {
        if (access === 'optional') return;
        throw unauthorized(
          err instanceof joseErrors.JWTExpired ? 'Session expired; please sign in again' : 'Invalid token',
        );
      }
      if (access === 'admin') {
        // The role is read from the database so that a change of role takes effect at once.
        const { rows } = await app.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [
          request.principal.userId,
        ]);
        if (!rows[0]) throw unauthorized('Invalid token');
        if (rows[0].role !== 'admin') throw forbidden('Administrator access required');
        request.principal.role = 'admin';
      }
    });
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
