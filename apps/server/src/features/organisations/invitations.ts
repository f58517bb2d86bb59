import { createHash, randomBytes } from 'node:crypto';
import { ORGANISATION_MESSAGES } from '@insightra/contract';
import type { Database, Queryable } from '../../db/client';
import { forbidden, gone, notFound } from '../../lib/http-error';
import { accountEmail, claimInvitation, invitationByTokenHash } from './invitation-repository';
import { addMember, setDefaultOrganisation } from './organisation-repository';

/*
 * An invitation is a single-use link `/invite/{token}`: 32 random bytes, URL-safe. Only the token's
 * SHA-256 is stored, so the database alone opens no invitation; the link is shown once, to the owner
 * who made it, and mailed to the invited address.
 */

export const hashInvitationToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

/** The absolute link, always from PUBLIC_URL (never from a request's Host header, which its sender picks). */
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/invite/${token}`;

export type FoundInvitation = NonNullable<Awaited<ReturnType<typeof invitationByTokenHash>>>;

/** The invitation a link names: 404 when there is none, 410 once it was accepted or revoked. */
export async function openInvitation(db: Queryable, token: string): Promise<FoundInvitation> {
  const invitation = await invitationByTokenHash(db, hashInvitationToken(token));
  if (!invitation) throw notFound(ORGANISATION_MESSAGES.invitationNotFound);
  if (invitation.used) throw gone(ORGANISATION_MESSAGES.invitationInvalid);
  return invitation;
}

const sameEmail = (a: string | null, b: string) =>
  a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The invitation a link names, when the account with `email` may accept it now: 404 unknown; 410
 * accepted, revoked or expired; 403 when it was sent to another address (case does not matter).
 */
export async function usableInvitation(db: Queryable, token: string, email: string | null) {
  const invitation = await openInvitation(db, token);
  if (invitation.expired) throw gone(ORGANISATION_MESSAGES.invitationInvalid);
  if (!sameEmail(email, invitation.email)) throw forbidden(ORGANISATION_MESSAGES.invitationOtherEmail);
  return invitation;
}

/**
 * Accepts the invitation for the account: checked as `usableInvitation`, used up in one statement (a
 * second use of the link at the same moment gets 410), and the account joins with the invited role (a
 * member already there keeps theirs). Call inside a transaction, with the account's other changes.
 */
export async function acceptInvitation(
  tx: Queryable,
  token: string,
  account: { id: number; email: string | null },
): Promise<{ organisationId: number; organisationName: string }> {
  const invitation = await usableInvitation(tx, token, account.email);
  const claimed = await claimInvitation(tx, invitation.id, account.id);
  if (!claimed) throw gone(ORGANISATION_MESSAGES.invitationInvalid);
  await addMember(tx, claimed.organisation_id, account.id, claimed.role, { keepRole: true });
  return { organisationId: claimed.organisation_id, organisationName: invitation.organisation_name };
}

/**
 * An existing account accepting an invitation as it signs in (Google sign-in through an invitation
 * link): it joins, and the organisation becomes its default, so the session about to start is there.
 */
export async function joinThroughInvitation(db: Database, userId: number, token: string): Promise<void> {
  const account = await accountEmail(db, userId);
  if (!account) throw notFound('This account no longer exists');
  await db.transaction(async (tx) => {
    const { organisationId } = await acceptInvitation(tx, token, account);
    await setDefaultOrganisation(tx, userId, organisationId);
  });
}
