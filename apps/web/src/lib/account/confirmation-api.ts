import { api } from '@insightra/contract';
import { apiRequest } from '../api-client';

/** POST /auth/verify-email/resend: the confirmation link mailed again (at most 3 a day). */
export const resendConfirmation = () => apiRequest(api.auth.resendVerification);
