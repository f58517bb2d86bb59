import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';

/**
 * Sends one message through SMTP_URL, from the site's name; throws when the mail server refuses it or
 * cannot be reached. The caller decides what a failure means: the site's records are already kept, the
 * mail only tells someone about them. Does nothing (false) when SMTP_URL is not set.
 */
export async function sendMail(config: Config, message: Omit<SendMailOptions, 'from'>): Promise<boolean> {
  const { url } = config.smtp;
  if (!url) return false;
  // Loaded on first use: only instances with SMTP_URL send mail, and start-up should not pay for it.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(url);
  try {
    await transport.sendMail({
      from: `${config.site.name} <no-reply@${new URL(url).hostname || 'localhost'}>`,
      ...message,
    });
    return true;
  } finally {
    transport.close();
  }
}
