import { api } from '@insightra/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /auth/verify-email: confirms the address a link was mailed to (public: the link is the secret). */
export const verifyEmail = (token: string) => apiRequest(api.auth.verifyEmail, { body: { token } });

/** POST /auth/forgot-password: the same answer whether or not an account has the address. */
export const forgotPassword = (email: string) =>
  apiRequest(api.auth.forgotPassword, { body: { email: email.trim() } });

/** POST /auth/reset-password: the new password; answers a session, every other one ended. */
export const resetPassword = (token: string, password: string) =>
  apiRequest(api.auth.resetPassword, { body: { token, password } });
