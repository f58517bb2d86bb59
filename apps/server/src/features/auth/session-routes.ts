import { api, MESSAGES, SESSION_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, serviceUnavailable, unauthorized } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { GOOGLE_NOT_CONFIGURED, type GoogleVerifier, linkGoogle } from './google';
import { clearGoogleSub } from './google-repository';
import { registerReauthenticate, requireRecentProof } from './owner-proof';
import { claimsOf, currentUser, meAnswer, userAnswer } from './session';
import { endSession, endUserSessions } from './session-repository';

/**
 * The routes that read or end sessions: /auth/me (with renewal), logout, log out everywhere,
 * re-authentication, and connecting or disconnecting Google (docs/SECURITY.md, "Sessions").
 */
export function registerSessionRoutes(app: FastifyInstance, verifyGoogle: GoogleVerifier | null): void {
  addRoute(app, api.auth.me, async ({ caller }) => meAnswer(app, caller));

  addRoute(app, api.auth.logout, async ({ caller }) => {
    const { sessionId, userId } = caller;
    await endSession(app.db, sessionId, userId);
    return { success: true as const, message: MESSAGES.auth.loggedOut };
  });

  addRoute(app, api.auth.logoutEverywhere, async ({ caller }) => {
    await endUserSessions(app.db, caller.userId);
    return { success: true as const, message: SESSION_MESSAGES.loggedOutEverywhere };
  });

  registerReauthenticate(app, verifyGoogle);

  addRoute(app, api.auth.googleLink, async ({ body, caller: principal }) => {
    if (!verifyGoogle) throw serviceUnavailable(GOOGLE_NOT_CONFIGURED);
    await requireRecentProof(app, principal);
    const identity = await verifyGoogle(body.idToken);
    if (!(await linkGoogle(app.db, principal.userId, identity))) throw unauthorized();
    // A new way into the account: every other session ends, this one continues with a fresh token.
    await endUserSessions(app.db, principal.userId, principal.sessionId);
    const user = await currentUser(app, principal.userId);
    const token = await app.auth.reissue(principal, claimsOf(user));
    if (!token) throw unauthorized(SESSION_MESSAGES.sessionEnded);
    return { success: true as const, message: SESSION_MESSAGES.googleLinked, data: { token, user } };
  });

  addRoute(app, api.auth.googleUnlink, async ({ caller: principal }) => {
    await requireRecentProof(app, principal);
    const outcome = await clearGoogleSub(app.db, principal.userId);
    if (outcome === 'gone') throw unauthorized('This account no longer exists');
    if (outcome === 'not-linked') throw conflict(SESSION_MESSAGES.googleNotLinked);
    if (outcome === 'only-way-in') throw conflict(SESSION_MESSAGES.googleOnlyWayIn);
    // A way into the account removed: sessions it may have opened end; this one continues.
    await endUserSessions(app.db, principal.userId, principal.sessionId);
    return userAnswer(app, principal, SESSION_MESSAGES.googleUnlinked);
  });
}
