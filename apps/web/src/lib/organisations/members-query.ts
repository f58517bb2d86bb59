import { api, type Member } from '@insightra/contract';
import { apiRequest } from '../api-client';
import { queryKey, type Viewer } from '../query-keys';

/** Every member on one page: the contract's largest page. */
const PAGE = { limit: 200 };

export const membersKey = (viewer: Viewer, organisationId: number) =>
  queryKey(viewer, 'organisations', 'members', organisationId);

/** An organisation's members, and its pending invitations when the caller is an owner. */
export const membersQuery = (viewer: Viewer, organisationId: number) => ({
  queryKey: membersKey(viewer, organisationId),
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await apiRequest(api.organisations.members, { params: { id: organisationId }, query: PAGE, signal }))
      .data,
});

/** A member's display name: their full name, else their username. */
export const memberName = (member: Member) => member.fullName || member.username;
