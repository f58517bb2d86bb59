import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MAIL_LIMITS, PATHS } from '@insightra/contract';
import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { insertAccountToken } from './account-token-repository';

/*
 * The mails an account receives about itself. Their subjects name only the site and the kind of mail:
 * nothing a member wrote (a name, a report) ever goes into a subject, where a spam filter and an inbox
 * list read it before the recipient chose to open anything.
 */

export const hashAccountToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A new single-use link for the account, kept as its token's hash: 32 random bytes, URL-safe. Its
 * absolute address comes from PUBLIC_URL, never from a request's Host header.
 */
export async function newAccountLink(
  db: Queryable,
  config: Config,
  account: { id: number; email: string },
  purpose: 'verify-email' | 'reset-password',
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const verify = purpose === 'verify-email';
  await insertAccountToken(db, {
    hash: hashAccountToken(token),
    userId: account.id,
    purpose,
    email: account.email,
    validSeconds: verify
      ? ACCOUNT_MAIL_LIMITS.verifyLinkHours * 3600
      : ACCOUNT_MAIL_LIMITS.resetLinkMinutes * 60,
  });
  return `${config.publicUrl}${verify ? PATHS.verifyEmailOf(token) : PATHS.resetPasswordOf(token)}`;
}

export function verificationMail(config: Config, to: { email: string; username: string }, link: string) {
  const site = config.site.name;
  return {
    to: to.email,
    subject: `Confirm your e-mail address for ${site}`,
    text: [
      `The account "${to.username}" on ${site} gives this address as its own.`,
      '',
      'Open this link to confirm that it is yours:',
      link,
      '',
      `The link works once, for ${ACCOUNT_MAIL_LIMITS.verifyLinkHours} hours.`,
      `If you did not ask for this, ignore this e-mail: ${site} sends nothing else to this address until it is confirmed.`,
    ].join('\n'),
  };
}

export function resetMail(config: Config, to: string, link: string) {
  const site = config.site.name;
  return {
    to,
    subject: `Reset your ${site} password`,
    text: [
      `Someone asked to reset the password of the ${site} account with this address.`,
      '',
      'Open this link to choose a new password:',
      link,
      '',
      `The link works once, for ${ACCOUNT_MAIL_LIMITS.resetLinkMinutes} minutes.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function passwordChangedMail(config: Config, to: string) {
  const site = config.site.name;
  return {
    to,
    subject: `Your ${site} password was changed`,
    text: [
      `The password of your ${site} account was just changed, and every other session of the account was signed out.`,
      '',
      `If it was not you, reset your password at ${config.publicUrl}${PATHS.forgotPassword} and tell your administrator.`,
    ].join('\n'),
  };
}
