import { api } from '@insightra/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /auth/login: the identifier goes as username, and as email when it looks like one (docs/PRODUCT.md#api-routes). */
export function loginRequest(identifier: string, password: string) {
  const id = identifier.trim();
  return apiRequest(api.auth.login, {
    body: { username: id, ...(id.includes('@') ? { email: id } : {}), password },
  });
}

/** POST /auth/register; through an invitation, the new account joins that organisation only. */
export function registerRequest(
  body: { username: string; fullName: string; email: string; password: string },
  invitationToken?: string,
) {
  return apiRequest(api.auth.register, {
    body: {
      username: body.username.trim(),
      fullName: body.fullName.trim(),
      email: body.email.trim(),
      password: body.password,
      ...(invitationToken ? { invitationToken } : {}),
    },
  });
}

/** POST /auth/google; through an invitation, the account joins that organisation. */
export function googleRequest(idToken: string, invitationToken?: string) {
  return apiRequest(api.auth.google, { body: { idToken, ...(invitationToken ? { invitationToken } : {}) } });
}
