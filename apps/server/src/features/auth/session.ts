import { SESSION_LIMITS, type User } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/http-error';
import type { SessionPrincipal } from '../../plugins/auth';
import { toUser } from './user-mapper';
import { findUserById } from './user-repository';

/** The user as stored now; 401 when the account behind a valid token has been removed. */
export async function currentUser(app: FastifyInstance, userId: number): Promise<User> {
  const row = await findUserById(app.db, userId);
  if (!row) throw unauthorized('This account no longer exists');
  return toUser(row);
}

/**
 * A token's claims: the user's public fields, so the web can show them at once. Each field goes in
 * once (camelCase; the web reads either spelling): the token travels with every request.
 */
export function claimsOf(user: User): Record<string, unknown> {
  const { user_id, full_name, mobile_number, sector_id, dashboard_header, ...claims } = user;
  return claims;
}

/** Signs the user in: a new session and its token. */
export function sessionFor(app: FastifyInstance, user: User): Promise<string> {
  return app.auth.signSession(user.id, claimsOf(user));
}

/**
 * GET /auth/me's data: the user read with the session at the start of the request, and a fresh token
 * once the one sent is past half its life (never beyond the session's cap).
 */
export async function meAnswer(app: FastifyInstance, principal: SessionPrincipal) {
  const user = toUser(principal.user);
  const now = Date.now() / 1000;
  const halfLife = principal.issuedAt + (principal.expiresAt - principal.issuedAt) / 2;
  const cap = principal.signedInAt + SESSION_LIMITS.maxSessionSeconds;
  const gain = Math.min(now + SESSION_LIMITS.tokenTtlSeconds, cap) > principal.expiresAt;
  const token = now >= halfLife && gain ? await app.auth.reissue(principal, claimsOf(user)) : null;
  return { success: true as const, data: token ? { user, token } : { user } };
}

export async function sessionAnswer(app: FastifyInstance, userId: number, message: string) {
  const user = await currentUser(app, userId);
  return { success: true as const, message, data: { token: await sessionFor(app, user), user } };
}

/** The answer to a profile change: the new user and a fresh token of the same session carrying it. */
export async function userAnswer(app: FastifyInstance, principal: SessionPrincipal, message: string) {
  const user = await currentUser(app, principal.userId);
  const token = await app.auth.reissue(principal, claimsOf(user));
  return { success: true as const, message, data: token ? { user, token } : { user } };
}
