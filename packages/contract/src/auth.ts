import { z } from 'zod';
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
});

export const GoogleBody = z.strictObject({ idToken: z.string().min(1, 'idToken is required').max(8192) });

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
    body: GoogleBody,
    response: AuthResponse,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/auth/me',
    tag: 'auth',
    access: 'user',
    summary: 'The signed-in user, read from the database',
    response: z.object({ success: z.literal(true), data: z.object({ user: User }) }),
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
    summary: 'Set or change the password (current password required when one is set)',
    body: PasswordBody,
    response: SuccessMessage,
  }),
} as const;
