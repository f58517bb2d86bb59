import { z } from 'zod';
import { ForgotPasswordBody, ResetPasswordBody, VerifyEmailBody, VerifyEmailResponse } from './account-mail';
import { DEFAULT_DASHBOARD_HEADER, LIMITS } from './constants';
import { defineRoute, SuccessMessage } from './http';
import { Email, FullName, Password, User, Username } from './users';

export const SessionData = z.object({ token: z.string(), user: User });

export const AuthResponse = z.object({ success: z.literal(true), message: z.string(), data: SessionData });
/**
 * An update's answer: the new user, and a fresh token whose claims carry it (so a reload before
 * /auth/me answers shows the new values).
 */
export const UserResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ user: User, token: z.string().optional() }),
});

export const LoginBody = z
  .strictObject({
    username: z.string().trim().max(LIMITS.emailMax).optional(),
    email: z.string().trim().max(LIMITS.emailMax).optional(),
    password: z.string().min(1, 'Password is required').max(LIMITS.passwordMax),
  })
  .refine((b) => Boolean(b.username || b.email), {
    message: 'Username or email is required',
    path: ['username'],
  });

// Bodies are strict: an unknown field answers 400 instead of being silently ignored.
export const RegisterBody = z.strictObject({
  username: Username,
  fullName: FullName,
  email: Email,
  password: Password,
  /** Registering through an invitation: the account joins that organisation only. */
  invitationToken: z.string().max(200).optional(),
});

const IdToken = z.string().min(1, 'idToken is required').max(8192);
export const GoogleBody = z.strictObject({ idToken: IdToken });
/** Google sign-in; through an invitation, the new or signed-in account joins that organisation. */
export const GoogleSignInBody = GoogleBody.extend({ invitationToken: z.string().max(200).optional() });

/** A proof of the account's owner: its password, or (an account without one) a fresh Google sign-in. */
export const ReauthenticateBody = z
  .strictObject({
    password: z.string().min(1, 'Password is required').max(LIMITS.passwordMax).optional(),
    idToken: IdToken.optional(),
  })
  .refine((b) => (b.password === undefined) !== (b.idToken === undefined), {
    message: 'Send either password or idToken',
    path: ['password'],
  });

/** How long a session token and its session last (docs/SECURITY.md, "Sessions"). */
export const SESSION_LIMITS = {
  /** A token expires this long after it was issued. */
  tokenTtlSeconds: 12 * 60 * 60,
  /** A session is renewed for at most this long after its sign-in; then the user signs in again. */
  maxSessionSeconds: 7 * 24 * 60 * 60,
  /**
   * Connecting or disconnecting Google and setting a first password need the session's sign-in (or its
   * last POST /auth/reauthenticate) within this long.
   */
  recentProofSeconds: 5 * 60,
} as const;

/** The server's answers about sessions and Google linking. */
export const SESSION_MESSAGES = {
  loggedOutEverywhere: 'Logged out of every session',
  sessionEnded: 'Your session has ended; please sign in again',
  googleEmailTaken:
    'An account with this email already exists. Sign in with your password, then connect Google from your profile.',
  googleLinkedElsewhere: 'This Google account is already connected to another account',
  googleLinked: 'Google account connected successfully',
  googleLinkFailed: 'Failed to connect Google',
  logoutEverywhereFailed: 'Failed to log out everywhere',
  /** The 403 of a change that needs a recent proof of the owner: the web asks "confirm it's you". */
  reauthenticationRequired: 'Please confirm it is you to continue',
  reauthenticated: 'Identity confirmed',
  reauthenticationPasswordWrong: 'Password is incorrect',
  reauthenticationWrongGoogle: 'This Google account is not the one connected to your account',
  reauthenticationUseGoogle: 'This account has no password: confirm with Google',
  reauthenticationGoogleStale: 'That Google sign-in is too old; sign in with Google again',
  googleUnlinked: 'Google account disconnected',
  googleNotLinked: 'No Google account is connected',
  googleOnlyWayIn: 'Set a password before disconnecting Google: it is your only way to sign in',
  googleUnlinkFailed: 'Failed to disconnect Google',
} as const;

/** /auth/me: the user, and a fresh token when the one sent is past half its life. */
export const MeResponse = z.object({
  success: z.literal(true),
  data: z.object({ user: User, token: z.string().optional() }),
});

export const DashboardHeaderBody = z.strictObject({
  dashboardHeader: z
    .string()
    .trim()
    .min(1, 'Dashboard header cannot be empty')
    .max(LIMITS.dashboardHeaderMax, 'Dashboard header must be less than 255 characters'),
});
export const FullNameBody = z.strictObject({ newFullName: FullName });
export const UsernameBody = z.strictObject({
  newUsername: z.string().trim().min(1, 'Username cannot be empty').pipe(Username),
});
export const PasswordBody = z.strictObject({
  currentPassword: z.string().max(LIMITS.passwordMax).optional(),
  newPassword: z
    .string()
    .min(LIMITS.passwordMin, 'New password must be at least 6 characters long')
    .max(LIMITS.passwordMax),
});

export { DEFAULT_DASHBOARD_HEADER };

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    tag: 'auth',
    access: 'none',
    summary: 'Sign in with a username or e-mail and a password',
    body: LoginBody,
    response: AuthResponse,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    tag: 'auth',
    access: 'none',
    status: 201,
    summary: 'Create an account and sign in',
    body: RegisterBody,
    response: AuthResponse,
  }),
  google: defineRoute({
    method: 'POST',
    path: '/api/auth/google',
    tag: 'auth',
    access: 'none',
    summary: 'Sign in with a Google ID token',
    body: GoogleSignInBody,
    response: AuthResponse,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/auth/me',
    tag: 'auth',
    access: 'user',
    summary:
      'The signed-in user, read from the database; a fresh token once the one sent is past half its life',
    response: MeResponse,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    tag: 'auth',
    access: 'user',
    summary: 'End the current session (its tokens stop working)',
    response: SuccessMessage,
  }),
  logoutEverywhere: defineRoute({
    method: 'POST',
    path: '/api/auth/logout-everywhere',
    tag: 'auth',
    access: 'user',
    summary: 'End every session of the signed-in user, this one included',
    response: SuccessMessage,
  }),
  googleLink: defineRoute({
    method: 'POST',
    path: '/api/auth/google/link',
    tag: 'auth',
    access: 'user',
    summary:
      "Connect a Google account to the signed-in user (needs a recent proof of the owner; ends the user's other sessions)",
    body: GoogleBody,
    response: AuthResponse,
  }),
  googleUnlink: defineRoute({
    method: 'DELETE',
    path: '/api/auth/google/link',
    tag: 'auth',
    access: 'user',
    summary:
      'Disconnect the Google account (needs a recent proof of the owner; 409 where it is the only way to sign in)',
    response: UserResponse,
  }),
  reauthenticate: defineRoute({
    method: 'POST',
    path: '/api/auth/reauthenticate',
    tag: 'auth',
    access: 'user',
    summary:
      "Prove the account's owner again with the password, or with a fresh Google ID token for an account without one",
    body: ReauthenticateBody,
    response: SuccessMessage,
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-email',
    tag: 'auth',
    access: 'none',
    summary:
      "Confirm an account's e-mail address with the link mailed to it (single use, 24 hours); 410 for a used or expired link",
    body: VerifyEmailBody,
    response: VerifyEmailResponse,
  }),
  resendVerification: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    tag: 'auth',
    access: 'user',
    summary:
      'Mail the confirmation link again (at most 3 a day, 429 beyond); 409 once confirmed or without SMTP_URL',
    response: SuccessMessage,
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/forgot-password',
    tag: 'auth',
    access: 'none',
    summary:
      'Mail a password-reset link (30 minutes, single use) to a confirmed address; the same answer whether or not an account has it; 409 without SMTP_URL',
    body: ForgotPasswordBody,
    response: SuccessMessage,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password',
    tag: 'auth',
    access: 'none',
    summary:
      "Set a new password with a reset link's token: every session of the account ends, a new one starts, and a mail confirms the change",
    body: ResetPasswordBody,
    response: AuthResponse,
  }),
  dashboardHeader: defineRoute({
    method: 'PUT',
    path: '/api/auth/dashboard-header',
    tag: 'auth',
    access: 'user',
    summary: "Change the dashboard's editable header",
    body: DashboardHeaderBody,
    response: UserResponse,
  }),
  fullName: defineRoute({
    method: 'PUT',
    path: '/api/auth/fullname',
    tag: 'auth',
    access: 'user',
    summary: 'Change the full name',
    body: FullNameBody,
    response: UserResponse,
  }),
  username: defineRoute({
    method: 'PUT',
    path: '/api/auth/username',
    tag: 'auth',
    access: 'user',
    summary: 'Change the username',
    body: UsernameBody,
    response: UserResponse,
  }),
  password: defineRoute({
    method: 'PUT',
    path: '/api/auth/password',
    tag: 'auth',
    access: 'user',
    summary:
      'Set or change the password (the current password when one is set; a first password needs a recent proof of the owner)',
    body: PasswordBody,
    response: SuccessMessage,
  }),
} as const;
