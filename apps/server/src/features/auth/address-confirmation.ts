import { ACCOUNT_MAIL_LIMITS, ACCOUNT_MAIL_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { forbidden } from '../../lib/http-error';
import { type MailSession, sendMail } from '../../lib/mail';
import { consume, type Limit } from '../../lib/rate-limit';
import type { SessionPrincipal } from '../../plugins/auth';
import { newAccountLink, verificationMail } from './account-mail';

export { markAddressConfirmed } from './address-repository';

/** Confirmation links mailed to one account in any 24 hours, counted in the database (decision 095). */
export const CONFIRMATION_MAIL_LIMIT: Limit = {
  bucket: 'confirm-mail:account',
  max: ACCOUNT_MAIL_LIMITS.verifyMailsPerDay,
  windowSeconds: 24 * 60 * 60,
};

/**
 * Whether addresses must be confirmed before mail goes to them or in their name: only a server that
 * sends mail (SMTP_URL) asks; without it nothing is mailed and nothing waits for a confirmation.
 */
export const confirmationApplies = (config: Config) => Boolean(config.smtp.url);

/** 403 until the caller's address is confirmed, on a server that sends mail. */
export function requireConfirmedAddress(config: Config, caller: SessionPrincipal): void {
  if (confirmationApplies(config) && !caller.user.email_verified) {
    throw forbidden(ACCOUNT_MAIL_MESSAGES.confirmFirst);
  }
}

export type ConfirmationMailed = { sent: true } | { sent: false; retryAfter: number };

/**
 * Mails the account a new confirmation link, unless it was sent CONFIRMATION_MAIL_LIMIT's 3 today
 * already (then `retryAfter` seconds). Throws when the mail server refuses it or cannot be reached.
 */
export async function mailConfirmationLink(
  app: FastifyInstance,
  account: { id: number; email: string; username: string },
  /** A mail session a batch shares; by default one of its own. */
  session?: MailSession,
): Promise<ConfirmationMailed> {
  const counted = await consume(app.db, [{ limit: CONFIRMATION_MAIL_LIMIT, key: `user:${account.id}` }]);
  if (!counted.allowed) return { sent: false, retryAfter: counted.retryAfter };
  const link = await newAccountLink(app.db, app.config, account, 'verify-email');
  const message = verificationMail(app.config, account, link);
  if (session) await session.send(message);
  else await sendMail(app.config, message);
  return { sent: true };
}
