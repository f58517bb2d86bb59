import { api, type OrganisationRole } from '@insightra/contract';
import { apiRequest } from '../../../lib/api-client';

export const renameOrganisation = async (id: number, name: string) =>
  (await apiRequest(api.organisations.rename, { params: { id }, body: { name } })).data.organisation;

export const changeRole = (id: number, userId: number, role: OrganisationRole) =>
  apiRequest(api.organisations.changeRole, { params: { id, userId }, body: { role } });

/** Removes a member (owners), or the caller leaving. */
export const removeMember = (id: number, userId: number) =>
  apiRequest(api.organisations.removeMember, { params: { id, userId } });

export const inviteMember = async (id: number, email: string, role: OrganisationRole) =>
  (await apiRequest(api.organisations.invite, { params: { id }, body: { email: email.trim(), role } })).data;

export const revokeInvitation = (id: number, invitationId: number) =>
  apiRequest(api.organisations.revoke, { params: { id, invitationId } });
