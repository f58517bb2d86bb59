import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the local mail server received it. */
export interface ReceivedMail {
  to: string[];
  /** The message as sent, headers and MIME parts. */
  raw: string;
  /** A header's value, unfolded and its encoded words (RFC 2047) decoded; undefined when absent. */
  header(name: string): string | undefined;
  /** The text of every quoted-printable or plain part, decoded. */
  text: string;
}

export interface MailServer {
  /** SMTP_URL for the app. */
  url: string;
  received: ReceivedMail[];
  /**
   * Runs before the server answers each message: throwing refuses it with the error's message (a
   * "550" answer), anything else accepts it once it resolves.
   */
  beforeAccepting: ((mail: ReceivedMail) => Promise<void> | void) | null;
  close(): Promise<void>;
}

/** Quoted-printable text as the characters it encodes. */
function decodeQuotedPrintable(text: string): string {
  const unfolded = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded[i] === '=' ? /^[0-9A-F]{2}/.exec(unfolded.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) as text. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

function parse(to: string[], raw: string): ReceivedMail {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return {
    to,
    raw,
    header(name) {
      const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
      return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
    },
    text: decodeQuotedPrintable(raw),
  };
}

/** A local SMTP server (no TLS, no authentication) that keeps what it receives. Closed by `close`. */
export async function startMailServer(): Promise<MailServer> {
  const mailServer: MailServer = {
    url: '',
    received: [],
    beforeAccepting: null,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const parts: Buffer[] = [];
      stream.on('data', (c: Buffer) => parts.push(c));
      stream.on('end', async () => {
        const mail = parse(
          session.envelope.rcptTo.map((r) => r.address),
          Buffer.concat(parts).toString(),
        );
        try {
          await mailServer.beforeAccepting?.(mail);
        } catch (err) {
          callback(Object.assign(err as Error, { responseCode: 550 }));
          return;
        }
        mailServer.received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  mailServer.url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  return mailServer;
}
