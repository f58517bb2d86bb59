import { api, LIMIT_MESSAGES, ORGANISATION_LIMITS, ORGANISATION_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound, tooManyRequests } from '../../lib/http-error';
import { enforce, type Limit } from '../../lib/rate-limit';
import { addRoute } from '../../lib/route';
import { requireConfirmedAddress } from '../auth/address-confirmation';
import { isSuppressed } from '../subscriptions/suppression-repository';
import { mailInvitation } from './invitation-mail';
import { insertInvitation, isMemberEmail, pendingSummary, revokeInvitation } from './invitation-repository';
import { acceptInvitation, invitationLink, newInvitationTokens, openInvitation } from './invitations';
import { lockOrganisation } from './organisation-repository';
import { enterOrganisation, switchAnswer } from './session-switch';

/** Invitations one owner may send per hour, over all their organisations (counted in the database). */
export const INVITATION_LIMIT: Limit = {
  bucket: 'invitations:owner',
  max: ORGANISATION_LIMITS.invitationsPerOwnerPerHour,
  windowSeconds: 60 * 60,
};
/** Invitations one organisation may send per day. */
const INVITATIONS_PER_ORGANISATION: Limit = {
  bucket: 'invitations:organisation',
  max: ORGANISATION_LIMITS.invitationsPerOrganisationPerDay,
  windowSeconds: 24 * 60 * 60,
};
/** Invitations everyone together may send per hour: what one server mails to strangers at most. */
const INVITATIONS_IN_ALL: Limit = {
  bucket: 'invitations:all',
  max: ORGANISATION_LIMITS.invitationsPerHourInAll,
  windowSeconds: 60 * 60,
};

const secondsUntil = (when: Date | string | null) =>
  when === null ? 60 : Math.max(1, Math.ceil((new Date(when).getTime() - Date.now()) / 1000));

/** Inviting by e-mail, revoking, and what an invitation link opens (docs/PRODUCT.md, "Invitations"). */
export function registerInvitationRoutes(app: FastifyInstance) {
  addRoute(app, api.organisations.invite, async ({ caller, body, request }) => {
    const scope = caller.scope!;
    // Mail to strangers in someone's name: only from an address its owner proved.
    requireConfirmedAddress(app.config, caller);
    await enforce(
      app.db,
      [
        { limit: INVITATION_LIMIT, key: `user:${caller.userId}` },
        { limit: INVITATIONS_PER_ORGANISATION, key: `organisation:${scope.id}` },
        { limit: INVITATIONS_IN_ALL, key: 'all' },
      ],
      LIMIT_MESSAGES.invitations,
    );
    const { shown, mailed } = newInvitationTokens();
    const invitedBy = caller.user.full_name?.trim() || caller.user.username;
    const invitation = await app.db.transaction(async (tx) => {
      if (!(await lockOrganisation(tx, scope.id))) throw notFound(ORGANISATION_MESSAGES.notFound);
      if (await isMemberEmail(tx, scope.id, body.email)) throw conflict(ORGANISATION_MESSAGES.alreadyMember);
      const pending = await pendingSummary(tx, scope.id);
      if (pending.n >= ORGANISATION_LIMITS.pendingInvitations) {
        // Room comes back when the first pending one expires (or sooner, when the owner revokes one).
        throw tooManyRequests(ORGANISATION_MESSAGES.tooManyPending, secondsUntil(pending.first_expiry));
      }
      return insertInvitation(tx, {
        organisationId: scope.id,
        email: body.email,
        role: body.role,
        tokenHash: shown.hash,
        mailTokenHash: mailed.hash,
        invitedBy: caller.userId,
        days: ORGANISATION_LIMITS.invitationDays,
      });
    });
    const link = invitationLink(app.config.publicUrl, shown.token);
    // An address that asked for nothing more from this organisation is not mailed; the owner has the link.
    const suppressed = await isSuppressed(app.db, scope.id, invitation.email);
    if (!suppressed) {
      await mailInvitation(app.config, request.log, {
        to: invitation.email,
        organisationName: scope.name,
        invitedBy,
        role: invitation.role,
        link: invitationLink(app.config.publicUrl, mailed.token),
        expiresAt: invitation.expiresAt,
      });
    }
    return {
      success: true as const,
      message:
        suppressed && app.config.smtp.url
          ? ORGANISATION_MESSAGES.invitedNotMailed
          : ORGANISATION_MESSAGES.invited,
      data: { invitation: { ...invitation, invitedBy }, link },
    };
  });

  addRoute(app, api.organisations.revoke, async ({ caller, params }) => {
    if (!(await revokeInvitation(app.db, caller.scope!.id, params.invitationId))) {
      throw notFound(ORGANISATION_MESSAGES.invitationNotFound);
    }
    return { success: true as const, message: ORGANISATION_MESSAGES.revoked };
  });

  // Public: the link is the secret. An expired link still says what it was (the page explains it).
  addRoute(app, api.organisations.invitation, async ({ params }) => {
    const invitation = await openInvitation(app.db, params.token);
    return {
      success: true as const,
      data: {
        organisationName: invitation.organisation_name,
        invitedBy: invitation.invited_by ?? invitation.organisation_name,
        email: invitation.email,
        role: invitation.role,
        expired: invitation.expired,
      },
    };
  });

  addRoute(app, api.organisations.accept, async ({ caller, params }) => {
    const joined = await app.db.transaction(async (tx) => {
      const account = { id: caller.userId, email: caller.user.email };
      const accepted = await acceptInvitation(tx, params.token, account);
      await enterOrganisation(tx, caller, accepted.organisationId);
      return accepted;
    });
    return switchAnswer(
      app,
      caller,
      joined.organisationId,
      ORGANISATION_MESSAGES.joined(joined.organisationName),
    );
  });
}
