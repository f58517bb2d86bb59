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
  /** The first MIME part of this content type, its body decoded; undefined when there is none. */
  part(contentType: string): MailPart | undefined;
}

/** One MIME part of a received message. */
export interface MailPart {
  header(name: string): string | undefined;
  content: Buffer;
}

export interface MailServer {
  /** SMTP_URL for the app. */
  url: string;
  received: ReceivedMail[];
  /** How many SMTP connections clients have opened. */
  connections: number;
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

/** A header of a header block (unfolded), its encoded words decoded; undefined when absent. */
function headerIn(head: string, name: string): string | undefined {
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
}

/** Headers and body of an entity (a message or one of its parts), the headers unfolded. */
function splitEntity(entity: string): { head: string; body: string } {
  const end = entity.indexOf('\r\n\r\n');
  return { head: entity.slice(0, end).replace(/\r\n[ \t]+/g, ' '), body: entity.slice(end + 4) };
}

function parse(to: string[], raw: string): ReceivedMail {
  const { head } = splitEntity(raw);
  return {
    to,
    raw,
    header: (name) => headerIn(head, name),
    text: decodeQuotedPrintable(raw),
    part(contentType) {
      // Every part follows a boundary line ("--" and the boundary) of its multipart.
      for (const entity of raw.split(/\r\n--[^\r\n]+\r\n/).slice(1)) {
        const part = splitEntity(entity);
        const type = headerIn(part.head, 'content-type')?.split(';')[0]?.trim().toLowerCase();
        if (type !== contentType) continue;
        const encoding = headerIn(part.head, 'content-transfer-encoding')?.toLowerCase();
        return {
          header: (name) => headerIn(part.head, name),
          content:
            encoding === 'base64'
              ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
              : Buffer.from(encoding === 'quoted-printable' ? decodeQuotedPrintable(part.body) : part.body),
        };
      }
      return undefined;
    },
  };
}

/** A local SMTP server (no TLS, no authentication) that keeps what it receives. Closed by `close`. */
export async function startMailServer(): Promise<MailServer> {
  const mailServer: MailServer = {
    url: '',
    received: [],
    connections: 0,
    beforeAccepting: null,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      mailServer.connections++;
      callback();
    },
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
