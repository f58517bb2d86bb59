import type { OrganisationRole } from '@insightra/contract';

/**
 * What the invitation page hands the login page (router state): where to return after signing in, and
 * the invitation, so registering is prefilled with the invited address and Google sign-in joins at once.
 */
export interface InvitationState {
  from: { pathname: string };
  mode: 'login' | 'register';
  invitation: { token: string; email: string; organisationName: string; role: OrganisationRole };
}

/** The invitation in a location's state, if the invitation page sent the visitor here. */
export function invitationFrom(state: unknown): InvitationState['invitation'] | null {
  const invitation = (state as Partial<InvitationState> | null)?.invitation;
  return invitation && typeof invitation.token === 'string' ? invitation : null;
}
