import { api } from '@insightra/contract';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC, queryKey } from '../../../lib/query-keys';

/** What an invitation link offers; the same for anyone who opens it. */
export const invitationQuery = (token: string) => ({
  queryKey: queryKey(PUBLIC, 'organisations', 'invitation', token),
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await apiRequest(api.organisations.invitation, { params: { token }, signal })).data,
  retry: false,
});

/** Joins the invitation's organisation: it becomes the session's active one. */
export const acceptInvitation = async (token: string) =>
  (await apiRequest(api.organisations.accept, { params: { token } })).data;
