import type { OrganisationRole } from '@insightra/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { sendMail } from '../../lib/mail';

export interface InvitationMail {
  to: string;
  organisationName: string;
  invitedBy: string;
  role: OrganisationRole;
  link: string;
  expiresAt: string;
}

/**
 * The invitation's e-mail: who invites, to what, as what, the link and until when it works. The names
 * are the members' own words, so they stay in the body: the subject names only the site and the kind of
 * mail.
 */
export function invitationText(config: Config, mail: InvitationMail) {
  const until = new Date(mail.expiresAt).toUTCString();
  return {
    subject: `You are invited to join an organisation on ${config.site.name}`,
    text: [
      `${mail.invitedBy} invited you to join ${mail.organisationName} on ${config.site.name} as ${mail.role === 'viewer' ? 'a' : 'an'} ${mail.role}.`,
      '',
      'Open this link to accept (sign in or register with this e-mail address):',
      mail.link,
      '',
      `The link works once, until ${until}.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * Mails the invitation when SMTP_URL is set. The invitation is already stored and its link shown to the
 * owner, so a failure is logged and the owner still has the link to pass on.
 */
export async function mailInvitation(config: Config, log: FastifyBaseLogger, mail: InvitationMail) {
  try {
    return await sendMail(config, { to: mail.to, ...invitationText(config, mail) });
  } catch (err) {
    log.error({ err }, 'invitation stored but the e-mail could not be sent');
    return false;
  }
}
