import { randomBytes } from 'node:crypto';
import { api, LIMIT_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, serviceUnavailable, unauthorized } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { addressKey, enforceLayers } from '../../lib/rate-limit';
import { addRoute } from '../../lib/route';
import { acceptInvitation, usableInvitation } from '../organisations/invitations';
import { createPersonalOrganisation } from '../organisations/organisation-repository';
import { confirmationApplies, mailConfirmationLink } from './address-confirmation';
import { registerBenchHello } from './bench-hello';
import { sendOwedConfirmations } from './confirmation-sender';
import { GOOGLE_NOT_CONFIGURED, googleVerifier, userForGoogle } from './google';
import {
  beginSignIn,
  googleAccountKey,
  ownPasswordMatches,
  REGISTER_LIMIT,
  REGISTER_LIMIT_IN_ALL,
} from './login-limiter';
import { requireRecentProof } from './owner-proof';
import { mailPasswordChanged, registerPasswordResetRoutes } from './password-reset-routes';
import { sessionAnswer, userAnswer } from './session';
import { endUserSessions } from './session-repository';
import { registerSessionRoutes } from './session-routes';
import {
  assertEmailFree,
  assertUsernameFree,
  findCredentials,
  insertUser,
  passwordHashOf,
  setPassword,
  updateColumn,
} from './user-repository';
import { registerVerificationRoutes } from './verification-routes';

/** True only in the benchmark's own build (build.mjs, SERVER_BENCH_ROUTES=1); absent from the sources. */
declare const __BENCH_ROUTES__: boolean | undefined;

/** One message for an unknown account and a wrong password, so a failed login reveals neither. */
export const INVALID_LOGIN = 'Invalid username/email or password';

export async function registerAuthRoutes(app: FastifyInstance) {
  // Verifying against a throw-away hash when the account does not exist keeps the answer's timing
  // the same as for a wrong password.
  let dummyHash: Promise<string> | undefined;
  const dummy = () =>
    (dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((err) => {
      dummyHash = undefined; // refused while hashing was saturated: try again next time
      throw err;
    }));

  const { clientId, jwksUrl } = app.config.google;
  const verifyGoogle = clientId ? googleVerifier(clientId, jwksUrl) : null;

  if (typeof __BENCH_ROUTES__ === 'boolean' && __BENCH_ROUTES__) registerBenchHello(app);

  addRoute(app, api.auth.login, async ({ body, request }) => {
    const identifier = (body.username || body.email || '').trim();
    const creds = await findCredentials(app.db, identifier);
    const accountKey = creds ? `id:${creds.id}` : `name:${identifier.toLowerCase()}`;
    const attempt = await beginSignIn(app.db, accountKey, request.ip);
    const ok = creds?.password_hash
      ? await verifyPassword(creds.password_hash, body.password)
      : (await verifyPassword(await dummy(), body.password)) && false;
    if (!ok || !creds) throw unauthorized(INVALID_LOGIN);
    await attempt.succeeded();
    return sessionAnswer(app, creds.id, 'Login successful');
  });

  addRoute(app, api.auth.register, async ({ body, request }) => {
    const perHour = { ...REGISTER_LIMIT, max: app.config.limits.registerPerHour };
    await enforceLayers(app.db, [
      { limit: perHour, key: addressKey(request.ip), message: LIMIT_MESSAGES.register },
      { limit: REGISTER_LIMIT_IN_ALL, key: 'all', message: LIMIT_MESSAGES.registerEverywhere },
    ]);
    // Through an invitation, the invitation is checked first (it must be for this e-mail address); the
    // account then joins only the inviting organisation, and its first session starts there.
    const invitation = body.invitationToken;
    if (invitation) await usableInvitation(app.db, invitation, body.email);
    await assertUsernameFree(app.db, body.username);
    await assertEmailFree(app.db, body.email);
    const passwordHash = await hashPassword(body.password);
    const { id, proven } = await app.db.transaction(async (tx) => {
      const userId = await insertUser(tx, {
        username: body.username,
        fullName: body.fullName,
        email: body.email,
        passwordHash,
        providers: ['local'],
      });
      if (!invitation) {
        await createPersonalOrganisation(tx, userId, body);
        return { id: userId, proven: false };
      }
      const accepted = await acceptInvitation(tx, invitation, { id: userId, email: body.email });
      return { id: userId, proven: accepted.addressProven };
    });
    // The address is the registrant's word until its owner opens the link mailed to it.
    if (confirmationApplies(app.config) && !proven) {
      await mailConfirmationLink(app, { id, email: body.email, username: body.username }).catch((err) =>
        request.log.error({ err }, 'account registered but its confirmation link could not be mailed'),
      );
    }
    return sessionAnswer(app, id, 'Registration successful');
  });

  addRoute(app, api.auth.google, async ({ body, request }) => {
    if (!verifyGoogle) throw serviceUnavailable(GOOGLE_NOT_CONFIGURED);
    const attempt = await beginSignIn(app.db, googleAccountKey(body.idToken), request.ip);
    const identity = await verifyGoogle(body.idToken);
    const id = await userForGoogle(app.db, identity, body.invitationToken);
    await attempt.succeeded();
    return sessionAnswer(app, id, 'Google login successful');
  });

  registerSessionRoutes(app, verifyGoogle);
  registerVerificationRoutes(app);
  registerPasswordResetRoutes(app);
  sendOwedConfirmations(app);

  addRoute(app, api.auth.dashboardHeader, async ({ body, caller }) => {
    const id = caller.userId;
    if (!(await updateColumn(app.db, id, 'dashboard_header', body.dashboardHeader))) throw unauthorized();
    return userAnswer(app, caller, 'Dashboard header updated successfully');
  });

  addRoute(app, api.auth.fullName, async ({ body, caller }) => {
    const id = caller.userId;
    if (!(await updateColumn(app.db, id, 'full_name', body.newFullName))) throw unauthorized();
    return userAnswer(app, caller, 'Full name updated successfully');
  });

  addRoute(app, api.auth.username, async ({ body, caller }) => {
    const id = caller.userId;
    await assertUsernameFree(app.db, body.newUsername, id);
    if (!(await updateColumn(app.db, id, 'username', body.newUsername))) throw unauthorized();
    return userAnswer(app, caller, 'Username updated successfully');
  });

  addRoute(app, api.auth.password, async ({ body, request, caller }) => {
    const id = caller.userId;
    const current = await passwordHashOf(app.db, id);
    if (current === undefined) throw unauthorized('This account no longer exists');
    if (current === null) {
      // A first password (a Google account) is a new way in: it needs a recent proof of the owner.
      await requireRecentProof(app, caller);
    } else {
      if (!body.currentPassword) throw badRequest('Current password is required');
      if (!(await ownPasswordMatches(app.db, id, request.ip, current, body.currentPassword))) {
        throw badRequest('Current password is incorrect');
      }
    }
    // Setting a first password (a Google account) also enables sign-in with it.
    await setPassword(app.db, id, await hashPassword(body.newPassword));
    // Whoever else holds a session of this account is signed out; this session continues.
    await endUserSessions(app.db, id, caller.sessionId);
    await mailPasswordChanged(app, id, request.log);
    return { success: true as const, message: 'Password updated successfully' };
  });
}
