import { api } from '@insightra/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /auth/login: the identifier goes as username, and as email when it looks like one (docs/PRODUCT.md#api-routes). */
export function loginRequest(identifier: string, password: string) {
  const id = identifier.trim();
  return apiRequest(api.auth.login, {
    body: { username: id, ...(id.includes('@') ? { email: id } : {}), password },
  });
}

export function registerRequest(body: {
  username: string;
  fullName: string;
  email: string;
  password: string;
}) {
  return apiRequest(api.auth.register, {
    body: {
      username: body.username.trim(),
      fullName: body.fullName.trim(),
      email: body.email.trim(),
      password: body.password,
    },
  });
}

export function googleRequest(idToken: string) {
  return apiRequest(api.auth.google, { body: { idToken } });
}
