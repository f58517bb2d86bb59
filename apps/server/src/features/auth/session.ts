import { SESSION_LIMITS, type User } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/http-error';
import type { SessionPrincipal } from '../../plugins/auth';
import { toUser } from './user-mapper';
import { findUserById, findUserIn } from './user-repository';

/**
 * The user as stored now, in `organisationId` (else their default organisation); 401 when the account
 * behind a valid token has been removed.
 */
export async function currentUser(
  app: FastifyInstance,
  userId: number,
  organisationId?: number | null,
): Promise<User> {
  const row =
    organisationId === undefined
      ? await findUserById(app.db, userId)
      : await findUserIn(app.db, userId, organisationId);
  if (!row) throw unauthorized('This account no longer exists');
  return toUser(row);
}

/**
 * A token's claims: the user's public fields, so the web can show them at once. Each field goes in
 * once (camelCase; the web reads either spelling): the token travels with every request.
 */
export function claimsOf(user: User): Record<string, unknown> {
  // The organisations list stays out (it can be long); `organisation` names the session's active one.
  const { user_id, full_name, mobile_number, sector_id, dashboard_header, organisations, ...claims } = user;
  return claims;
}

/** Signs the user in: a new session and its token. */
export function sessionFor(app: FastifyInstance, user: User): Promise<string> {
  return app.auth.signSession(user.id, claimsOf(user));
}

/**
 * GET /auth/me's data: the user read with the session at the start of the request, and a fresh token
 * once the one sent is past half its life (never beyond the session's cap) or names another organisation.
 */
export async function meAnswer(app: FastifyInstance, principal: SessionPrincipal) {
  const user = toUser(principal.user);
  const now = Date.now() / 1000;
  const halfLife = principal.issuedAt + (principal.expiresAt - principal.issuedAt) / 2;
  const cap = principal.signedInAt + SESSION_LIMITS.maxSessionSeconds;
  const gain = Math.min(now + SESSION_LIMITS.tokenTtlSeconds, cap) > principal.expiresAt;
  // A token of another organisation than the session's (switched in another tab) is replaced at once.
  const moved =
    principal.tokenOrganisationId !== undefined &&
    principal.tokenOrganisationId !== (user.organisation?.id ?? null);
  const token = moved || (now >= halfLife && gain) ? await app.auth.reissue(principal, claimsOf(user)) : null;
  return { success: true as const, data: token ? { user, token } : { user } };
}

export async function sessionAnswer(app: FastifyInstance, userId: number, message: string) {
  const user = await currentUser(app, userId);
  return { success: true as const, message, data: { token: await sessionFor(app, user), user } };
}

/**
 * The answer to a change: the new user (in the session's organisation, or `organisationId` the change
 * moved the session to) and a fresh token of the same session carrying it.
 */
export async function userAnswer(
  app: FastifyInstance,
  principal: SessionPrincipal,
  message: string,
  organisationId: number | null = principal.user.session_organisation_id,
) {
  const user = await currentUser(app, principal.userId, organisationId);
  const token = await app.auth.reissue(principal, claimsOf(user));
  return { success: true as const, message, data: token ? { user, token } : { user } };
}
