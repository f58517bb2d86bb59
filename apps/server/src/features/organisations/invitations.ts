import { createHash, randomBytes } from 'node:crypto';
import { ORGANISATION_MESSAGES, ORGANISATION_ROLES, type OrganisationRole } from '@insightra/contract';
import type { Database, Queryable } from '../../db/client';
import { forbidden, gone, notFound } from '../../lib/http-error';
import { markAddressConfirmed } from '../auth/address-confirmation';
import { accountEmail, claimInvitation, invitationByTokenHash, roleOfMember } from './invitation-repository';
import { addMember, setDefaultOrganisation } from './organisation-repository';

/*
 * An invitation is a single-use link `/invite/{token}`: 32 random bytes, URL-safe. Only the token's
 * SHA-256 is stored, so the database alone opens no invitation; the link is shown once, to the owner
 * who made it. The mailed link carries a token of its own, which only the invited address receives:
 * accepting through it proves the address, as a confirmation link does; the owner's copy does not.
 */

export const hashInvitationToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

const newToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
};

/** The owner's link and the mailed link of a new invitation. */
export function newInvitationTokens() {
  return { shown: newToken(), mailed: newToken() };
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

/** The lower of two roles (owner above editor above viewer). */
const lowerRole = (a: OrganisationRole, b: OrganisationRole) =>
  ORGANISATION_ROLES.indexOf(a) > ORGANISATION_ROLES.indexOf(b) ? a : b;

/**
 * Accepts the invitation for the account: checked as `usableInvitation`, used up in one statement (a
 * second use of the link at the same moment gets 410), and the account joins with the invited role (a
 * member already there keeps theirs), never above the role its sender holds now (410 when the sender is
 * no longer a member). Accepted through the mailed link, the invitation also confirms the address.
 * Call inside a transaction, with the account's other changes.
 */
export async function acceptInvitation(
  tx: Queryable,
  token: string,
  account: { id: number; email: string | null },
): Promise<{ organisationId: number; organisationName: string; addressProven: boolean }> {
  const invitation = await usableInvitation(tx, token, account.email);
  const claimed = await claimInvitation(tx, invitation.id, account.id);
  if (!claimed) throw gone(ORGANISATION_MESSAGES.invitationInvalid);
  const senderRole =
    claimed.invited_by === null ? null : await roleOfMember(tx, claimed.organisation_id, claimed.invited_by);
  if (senderRole === null) throw gone(ORGANISATION_MESSAGES.invitationInvalid);
  const role = lowerRole(claimed.role, senderRole);
  await addMember(tx, claimed.organisation_id, account.id, role, { keepRole: true });
  const addressProven = invitation.via_mail && (await markAddressConfirmed(tx, account.id, invitation.email));
  return {
    organisationId: claimed.organisation_id,
    organisationName: invitation.organisation_name,
    addressProven,
  };
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
