import { api } from '@insightra/contract';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC, queryKey, type Viewer } from '../../../lib/query-keys';

export const meQuery = (viewer: Viewer) => ({
  queryKey: queryKey(viewer, 'auth', 'me'),
  queryFn: () => apiRequest(api.auth.me).then((r) => r.data.user),
});

export const sectorQuery = (sectorId: number) => ({
  queryKey: queryKey(PUBLIC, 'sectors', 'get', sectorId),
  queryFn: () => apiRequest(api.sectors.get, { params: { sectorId } }).then((r) => r.data.sector),
});

export const uploadsQuery = (viewer: Viewer) => ({
  queryKey: queryKey(viewer, 'uploads', 'activity'),
  queryFn: () => apiRequest(api.uploads.activity).then((r) => r.data),
});

export const updateFullName = (newFullName: string) =>
  apiRequest(api.auth.fullName, { body: { newFullName: newFullName.trim() } });
export const updateUsername = (newUsername: string) =>
  apiRequest(api.auth.username, { body: { newUsername: newUsername.trim() } });
export const updatePassword = (newPassword: string, currentPassword?: string) =>
  apiRequest(api.auth.password, {
    body: currentPassword === undefined ? { newPassword } : { currentPassword, newPassword },
  });
export const logoutEverywhere = () => apiRequest(api.auth.logoutEverywhere);
export const linkGoogle = (idToken: string) => apiRequest(api.auth.googleLink, { body: { idToken } });
export const unlinkGoogle = () => apiRequest(api.auth.googleUnlink);
/** Proves the account's owner again: the password, or a fresh Google ID token for an account without one. */
export const reauthenticate = (proof: { password: string } | { idToken: string }) =>
  apiRequest(api.auth.reauthenticate, { body: proof });
