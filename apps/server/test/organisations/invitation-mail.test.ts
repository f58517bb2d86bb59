import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { appOn } from '../helpers/app-on';
import { bearer, createUser, tokenFor } from '../helpers/factories';

/** A local mail server that keeps what it receives. */
const received: { to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const parts: Buffer[] = [];
    stream.on('data', (c: Buffer) => parts.push(c));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        data: Buffer.concat(parts).toString(),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const port = (smtp.server.address() as AddressInfo).port;

const PUBLIC_URL = 'https://portal.example.com/insightra';
const { app, db } = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL });

/** Invites `email` to a new owner's organisation through `on`, the request naming another host. */
async function inviteThrough(on: typeof app, email: string) {
  const owner = await createUser(db, { fullName: 'Olive Owner' });
  await db.query("UPDATE organisations SET name = 'Acme School' WHERE id = $1", [owner.organisationId]);
  return on.inject({
    method: 'POST',
    url: `/api/organisations/${owner.organisationId}/invitations`,
    headers: {
      ...bearer(await tokenFor(app, owner)),
      host: 'attacker.example',
      'x-forwarded-host': 'evil.test',
    },
    payload: { email, role: 'editor' },
  });
}

describe('the invitation e-mail', () => {
  it('mails the invited address the link from PUBLIC_URL, never from the Host header', async () => {
    const res = await inviteThrough(app, 'mailed@example.com');
    expect(res.statusCode).toBe(201);
    const { link } = res.json().data;
    expect(link).toMatch(/^https:\/\/portal\.example\.com\/insightra\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['mailed@example.com']);
    // The body may be folded (quoted-printable); the link is in it whole once unfolded. It is the
    // mailed link, of its own token (accepting through it proves the address), to the same invitation.
    const text = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const mailed = /https:\/\/portal\.example\.com\/insightra\/invite\/([A-Za-z0-9_-]{43})/.exec(text);
    expect(mailed?.[0]).toBeDefined();
    expect(mailed?.[0]).not.toBe(link);
    const opened = await app.inject({ url: `/api/invitations/${mailed![1]}` });
    expect(opened.json().data).toMatchObject({
      organisationName: 'Acme School',
      email: 'mailed@example.com',
    });
    expect(text).toContain('Olive Owner invited you to join Acme School');
    // Names members wrote stay out of the subject.
    expect(/^Subject: (.*)$/m.exec(mail.data)?.[1]).toBe(
      'You are invited to join an organisation on Insightra',
    );
    expect(text).not.toContain('attacker.example');
    expect(text).not.toContain('evil.test');
  });

  it('keeps the invitation, and answers its link, when the mail server cannot be reached', async () => {
    const down = await appOn(db, { SMTP_URL: 'smtp://127.0.0.1:1', PUBLIC_URL });
    afterAll(down.close);
    const res = await inviteThrough(down.app, 'unmailed@example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.link).toMatch(/^https:\/\/portal\.example\.com\/insightra\/invite\//);
    const { rows } = await db.query("SELECT 1 FROM invitations WHERE email = 'unmailed@example.com'");
    expect(rows).toHaveLength(1);
  });
});
