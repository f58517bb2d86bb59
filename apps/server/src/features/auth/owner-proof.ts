import { api, SESSION_LIMITS, SESSION_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, serviceUnavailable, unauthorized } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import type { SessionPrincipal } from '../../plugins/auth';
import { GOOGLE_NOT_CONFIGURED, type GoogleVerifier } from './google';
import { googleSubOf } from './google-repository';
import { ownPasswordMatches } from './login-limiter';
import { recordProof, sessionProvedAt } from './session-repository';
import { passwordHashOf } from './user-repository';

const RECENT_MS = SESSION_LIMITS.recentProofSeconds * 1000;

/**
 * 403 unless the caller's session proved its owner (signed in, or re-authenticated) within
 * SESSION_LIMITS.recentProofSeconds: a token alone, however it was obtained, cannot add or remove a way
 * into the account (docs/SECURITY.md, "A stolen token adding or removing a way in").
 */
export async function requireRecentProof(app: FastifyInstance, caller: SessionPrincipal): Promise<void> {
  const provedAt = await sessionProvedAt(app.db, caller.sessionId, caller.userId);
  if (!provedAt) throw unauthorized(SESSION_MESSAGES.sessionEnded);
  if (Date.now() - provedAt.getTime() > RECENT_MS) throw forbidden(SESSION_MESSAGES.reauthenticationRequired);
}

/**
 * POST /auth/reauthenticate: the account's password, or a Google ID token of the connected Google
 * account issued within the proof's window, renews the session's proof. Password attempts count
 * against the account's sign-in limits.
 */
export function registerReauthenticate(app: FastifyInstance, verifyGoogle: GoogleVerifier | null): void {
  addRoute(app, api.auth.reauthenticate, async ({ body, caller, request }) => {
    const { userId, sessionId } = caller;
    if (body.password !== undefined) {
      const hash = await passwordHashOf(app.db, userId);
      if (hash === undefined) throw unauthorized('This account no longer exists');
      if (hash === null) throw badRequest(SESSION_MESSAGES.reauthenticationUseGoogle);
      if (!(await ownPasswordMatches(app.db, userId, request.ip, hash, body.password))) {
        throw badRequest(SESSION_MESSAGES.reauthenticationPasswordWrong);
      }
    } else {
      if (!verifyGoogle) throw serviceUnavailable(GOOGLE_NOT_CONFIGURED);
      const identity = await verifyGoogle(body.idToken ?? '');
      const linked = await googleSubOf(app.db, userId);
      if (linked === null || linked !== identity.sub) {
        throw badRequest(SESSION_MESSAGES.reauthenticationWrongGoogle);
      }
      if (Date.now() - identity.issuedAt * 1000 > RECENT_MS) {
        throw badRequest(SESSION_MESSAGES.reauthenticationGoogleStale);
      }
    }
    if (!(await recordProof(app.db, sessionId, userId, Date.now()))) {
      throw unauthorized(SESSION_MESSAGES.sessionEnded);
    }
    return { success: true as const, message: SESSION_MESSAGES.reauthenticated };
  });
}
