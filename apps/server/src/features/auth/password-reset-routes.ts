import { ACCOUNT_MAIL_LIMITS, ACCOUNT_MAIL_MESSAGES, api, LIMIT_MESSAGES } from '@insightra/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { conflict, gone } from '../../lib/http-error';
import { sendMail } from '../../lib/mail';
import { hashPassword } from '../../lib/password';
import { addressKey, consume, enforce, type Limit } from '../../lib/rate-limit';
import { addRoute } from '../../lib/route';
import { hashAccountToken, newAccountLink, passwordChangedMail, resetMail } from './account-mail';
import { accountTokenUsable, useAccountToken, useAllAccountTokens } from './account-token-repository';
import { confirmationApplies } from './address-confirmation';
import { accountAddress, accountByConfirmedAddress } from './address-repository';
import { sessionAnswer } from './session';
import { endUserSessions } from './session-repository';
import { setPassword } from './user-repository';

const HOUR = 60 * 60;
/** Reset requests per client address (429 beyond) and reset mails per account (silently none beyond). */
const RESET_PER_ADDRESS: Limit = {
  bucket: 'reset:address',
  max: ACCOUNT_MAIL_LIMITS.resetRequestsPerAddressPerHour,
  windowSeconds: HOUR,
};
const RESET_PER_ACCOUNT: Limit = {
  bucket: 'reset:account',
  max: ACCOUNT_MAIL_LIMITS.resetMailsPerAccountPerHour,
  windowSeconds: HOUR,
};

/**
 * Tells the account's owner that its password changed, when the server sends mail and the address is
 * confirmed (nothing else goes to an unconfirmed address). The change is made: a failure is only logged.
 */
export async function mailPasswordChanged(app: FastifyInstance, userId: number, log: FastifyBaseLogger) {
  if (!confirmationApplies(app.config)) return;
  try {
    const account = await accountAddress(app.db, userId);
    if (account?.email && account.verified) {
      await sendMail(app.config, passwordChangedMail(app.config, account.email));
    }
  } catch (err) {
    log.error({ err }, 'password changed but the confirming e-mail could not be sent');
  }
}

/** "Forgot password?": a reset link mailed to a confirmed address, and setting the new password. */
export function registerPasswordResetRoutes(app: FastifyInstance) {
  addRoute(app, api.auth.forgotPassword, async ({ body, request }) => {
    if (!confirmationApplies(app.config)) throw conflict(ACCOUNT_MAIL_MESSAGES.resetByAdministrator);
    await enforce(
      app.db,
      [{ limit: RESET_PER_ADDRESS, key: addressKey(request.ip) }],
      LIMIT_MESSAGES.passwordReset,
    );
    const account = await accountByConfirmedAddress(app.db, body.email);
    if (account?.email) {
      const email = account.email;
      // Sent after the answer, which is the same, as soon, whether or not an account has the address.
      void (async () => {
        const counted = await consume(app.db, [{ limit: RESET_PER_ACCOUNT, key: `user:${account.id}` }]);
        if (!counted.allowed) return;
        const link = await newAccountLink(app.db, app.config, { id: account.id, email }, 'reset-password');
        await sendMail(app.config, resetMail(app.config, email, link));
      })().catch((err: unknown) => request.log.error({ err }, 'password reset link not mailed'));
    }
    return { success: true as const, message: ACCOUNT_MAIL_MESSAGES.resetRequested };
  });

  addRoute(app, api.auth.resetPassword, async ({ body, request }) => {
    const hash = hashAccountToken(body.token);
    // Checked before the (costly, bounded) hashing, and used up only with the new password, at once.
    if (!(await accountTokenUsable(app.db, hash, 'reset-password'))) {
      throw gone(ACCOUNT_MAIL_MESSAGES.linkInvalid);
    }
    const passwordHash = await hashPassword(body.password);
    const userId = await app.db.transaction(async (tx) => {
      const used = await useAccountToken(tx, hash, 'reset-password');
      const account = used && (await accountAddress(tx, used.user_id));
      if (!used || account?.email?.toLowerCase() !== used.email.toLowerCase()) return null;
      await setPassword(tx, used.user_id, passwordHash);
      await useAllAccountTokens(tx, used.user_id, 'reset-password');
      // Whoever held a session (perhaps whoever made the reset necessary) is signed out.
      await endUserSessions(tx, used.user_id);
      return used.user_id;
    });
    if (userId === null) throw gone(ACCOUNT_MAIL_MESSAGES.linkInvalid);
    await mailPasswordChanged(app, userId, request.log);
    return sessionAnswer(app, userId, ACCOUNT_MAIL_MESSAGES.passwordReset);
  });
}
