import { ACCOUNT_MAIL_MESSAGES, api } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, gone, serviceUnavailable, tooManyRequests } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { hashAccountToken } from './account-mail';
import { useAccountToken, useAllAccountTokens } from './account-token-repository';
import { confirmationApplies, mailConfirmationLink, markAddressConfirmed } from './address-confirmation';
import { accountAddress } from './address-repository';

/** The link that confirms an address, and asking for it again (docs/PRODUCT.md, "Proven addresses"). */
export function registerVerificationRoutes(app: FastifyInstance) {
  // Public: the link is the secret, and whoever opens it need not be signed in (another browser).
  addRoute(app, api.auth.verifyEmail, async ({ body }) => {
    const confirmed = await app.db.transaction(async (tx) => {
      const used = await useAccountToken(tx, hashAccountToken(body.token), 'verify-email');
      if (!used) return null;
      // Confirms the address the link was mailed to, only while the account still has it.
      if (!(await markAddressConfirmed(tx, used.user_id, used.email))) return null;
      await useAllAccountTokens(tx, used.user_id, 'verify-email');
      return accountAddress(tx, used.user_id);
    });
    if (!confirmed?.email) throw gone(ACCOUNT_MAIL_MESSAGES.linkInvalid);
    return {
      success: true as const,
      message: ACCOUNT_MAIL_MESSAGES.verified(confirmed.email),
      data: { email: confirmed.email, username: confirmed.username },
    };
  });

  addRoute(app, api.auth.resendVerification, async ({ caller, request }) => {
    if (!confirmationApplies(app.config)) throw conflict(ACCOUNT_MAIL_MESSAGES.noSmtp);
    const account = await accountAddress(app.db, caller.userId);
    if (!account?.email) throw conflict(ACCOUNT_MAIL_MESSAGES.noEmail);
    if (account.verified) throw conflict(ACCOUNT_MAIL_MESSAGES.alreadyVerified);
    let mailed: Awaited<ReturnType<typeof mailConfirmationLink>>;
    try {
      mailed = await mailConfirmationLink(app, { ...account, email: account.email });
    } catch (err) {
      request.log.error({ err }, 'confirmation link not mailed');
      throw serviceUnavailable('The e-mail could not be sent; please try again later', 60);
    }
    if (!mailed.sent) {
      const minutes = Math.max(1, Math.ceil(mailed.retryAfter / 60));
      throw tooManyRequests(ACCOUNT_MAIL_MESSAGES.tooManyVerificationMails(minutes), mailed.retryAfter);
    }
    return { success: true as const, message: ACCOUNT_MAIL_MESSAGES.verificationSent(account.email) };
  });
}
