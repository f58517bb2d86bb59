import { z } from 'zod';
import { Email, Password } from './users';

/*
 * Mail to an account's own address (docs/PRODUCT.md, "Proven addresses"): the link that confirms the
 * address, and the link that resets a forgotten password. With SMTP_URL unset, neither is sent.
 */

export const ACCOUNT_MAIL_LIMITS = {
  /** A confirmation link works this long, once. */
  verifyLinkHours: 24,
  /** Confirmation links mailed to one account in any 24 hours (registration's included). */
  verifyMailsPerDay: 3,
  /** A password-reset link works this long, once. */
  resetLinkMinutes: 30,
  /** Reset links mailed to one account per hour; more requests are answered alike but send nothing. */
  resetMailsPerAccountPerHour: 3,
  /** Reset requests per client address per hour (429 beyond). */
  resetRequestsPerAddressPerHour: 20,
  /** How long existing accounts' subscriptions keep sending after their one confirmation link. */
  existingAccountGraceDays: 14,
} as const;

export const ACCOUNT_MAIL_MESSAGES = {
  verified: (email: string) => `${email} is confirmed`,
  linkInvalid: 'This link is no longer valid',
  alreadyVerified: 'Your e-mail address is already confirmed',
  verificationSent: (email: string) => `We sent a new confirmation link to ${email}`,
  noEmail: 'Your account has no e-mail address',
  noSmtp: 'E-mail is not set up on this server (SMTP_URL)',
  /** A refusal until the address is confirmed (403). */
  confirmFirst: 'Confirm your e-mail address first: open the link we sent you, or send it again',
  tooManyVerificationMails: (minutes: number) =>
    `We have sent ${ACCOUNT_MAIL_LIMITS.verifyMailsPerDay} confirmation links today. Please try again in ${minutes} minutes, or look for them in your inbox.`,
  /** The same answer whether or not an account has this address. */
  resetRequested:
    'If an account with a confirmed address matches, we sent it a link to reset the password. The link works for 30 minutes.',
  /** Without SMTP_URL: the sign-in page's "Forgot password?" says whom to ask. */
  resetByAdministrator:
    'Password reset by e-mail is not set up on this server. Ask your administrator: they set a new password from the command line (npm run admin -- reset-password <username>).',
  passwordReset: 'Your password is set; you are signed in',
  /** Existing accounts' subscriptions once the grace after their confirmation link is over. */
  confirmToReceive: 'Confirm your address to keep receiving these mails',
} as const;

/** A link's token: 43 URL-safe characters (32 random bytes). */
export const MailToken = z
  .string({ error: 'This link is no longer valid' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is no longer valid');

export const VerifyEmailBody = z.strictObject({ token: MailToken });
export const VerifyEmailResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Whose address was confirmed. */
  data: z.object({ email: z.string(), username: z.string() }),
});

export const ForgotPasswordBody = z.strictObject({ email: Email });
export const ResetPasswordBody = z.strictObject({
  token: MailToken,
  password: Password,
});
