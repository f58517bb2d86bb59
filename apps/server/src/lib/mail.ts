import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';

type Message = Omit<SendMailOptions, 'from'>;

/** Messages sent over connections kept open between them; `close` ends them. */
export interface MailSession {
  /** Sends one message; throws when the mail server refuses it or cannot be reached. */
  send(message: Message): Promise<void>;
  close(): void;
}

/**
 * A mail session on SMTP_URL, from the site's name, or null when SMTP_URL is not set. Its connection
 * is reused from one message to the next: setting one up (greeting, EHLO, TLS) costs more than
 * sending a message, so a batch of mails opens one session.
 */
export async function openMailSession(config: Config): Promise<MailSession | null> {
  const { url } = config.smtp;
  if (!url) return null;
  // Loaded on first use: only instances with SMTP_URL send mail, and start-up should not pay for it.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 1 });
  const from = `${config.site.name} <no-reply@${new URL(url).hostname || 'localhost'}>`;
  return {
    send: async (message) => {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/**
 * Sends one message; throws when the mail server refuses it or cannot be reached. The caller decides
 * what a failure means: the site's records are already kept, the mail only tells someone about them.
 * Does nothing (false) when SMTP_URL is not set.
 */
export async function sendMail(config: Config, message: Message): Promise<boolean> {
  const session = await openMailSession(config);
  if (!session) return false;
  try {
    await session.send(message);
    return true;
  } finally {
    session.close();
  }
}
