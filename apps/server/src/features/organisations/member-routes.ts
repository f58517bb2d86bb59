import { api, ORGANISATION_MESSAGES, roleGrants } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { addRoute } from '../../lib/route';
import { pendingInvitations } from './invitation-repository';
import { changeRole, listMembers, type MembershipChange, removeMember } from './members-repository';

/** 404 for someone who is not a member, 409 for the organisation's only owner. */
function settle(change: MembershipChange) {
  if (change === 'not-member') throw notFound(ORGANISATION_MESSAGES.memberNotFound);
  if (change === 'last-owner') throw conflict(ORGANISATION_MESSAGES.lastOwner);
}

/** An organisation's members and roles; its pending invitations for those who manage members. */
export function registerMemberRoutes(app: FastifyInstance) {
  addRoute(app, api.organisations.members, async ({ caller, query }) => {
    const scope = caller.scope!;
    const [members, invitations] = await Promise.all([
      listMembers(app.db, scope.id, query),
      roleGrants(scope.role, 'members.manage') ? pendingInvitations(app.db, scope.id) : [],
    ]);
    return { success: true as const, data: { members, invitations } };
  });

  addRoute(app, api.organisations.changeRole, async ({ caller, params, body }) => {
    const { id } = caller.scope!;
    settle(await app.db.transaction((tx) => changeRole(tx, id, params.userId, body.role)));
    return { success: true as const, message: ORGANISATION_MESSAGES.roleChanged };
  });

  // Any member may leave; removing someone else needs members.manage (the route itself asks only
  // reports.view, which every member has).
  addRoute(app, api.organisations.removeMember, async ({ caller, params }) => {
    const scope = caller.scope!;
    const leaving = params.userId === caller.userId;
    if (!leaving && !roleGrants(scope.role, 'members.manage')) {
      throw forbidden(ORGANISATION_MESSAGES.refused(scope.role, 'members.manage', scope.name));
    }
    settle(await app.db.transaction((tx) => removeMember(tx, scope.id, params.userId)));
    return {
      success: true as const,
      message: leaving ? ORGANISATION_MESSAGES.left : ORGANISATION_MESSAGES.removed,
    };
  });
}
