import { LIMITS, MESSAGES } from '@insightra/contract';
import type { FieldErrors } from '../../lib/use-form-fields';

export interface LoginValues {
  username: string;
  password: string;
}

export interface RegisterValues {
  fullName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

// A pragmatic shape check, as <input type="email"> does; the server checks it again.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function username(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Username is required';
  if (v.length < LIMITS.usernameMin) return `Username must be at least ${LIMITS.usernameMin} characters long`;
  return undefined;
}

function password(value: string, label = 'Password'): string | undefined {
  if (!value) return `${label} is required`;
  if (value.length < LIMITS.passwordMin)
    return `${label} must be at least ${LIMITS.passwordMin} characters long`;
  return undefined;
}

/** docs/PRODUCT.md#sign-in-page login rules: username (or e-mail) required, at least 3 characters; password required, min 6. */
export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {};
  const u = username(values.username);
  if (u) errors.username = u.replace('Username', 'Username or email');
  const p = password(values.password);
  if (p) errors.password = p;
  return errors;
}

/** docs/PRODUCT.md#sign-in-page register rules; a mismatch of the two passwords is reported separately (a toast). */
export function validateRegister(values: RegisterValues): FieldErrors<keyof RegisterValues> {
  const errors: FieldErrors<keyof RegisterValues> = {};
  const name = values.fullName.trim();
  if (!name) errors.fullName = 'Full name is required';
  else if (name.length < LIMITS.fullNameMin) errors.fullName = MESSAGES.profile.fullNameTooShort;
  const u = username(values.username);
  if (u) errors.username = u;
  const email = values.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (!EMAIL.test(email)) errors.email = 'Invalid email format';
  const p = password(values.password);
  if (p) errors.password = p;
  const c = password(values.confirmPassword, 'Confirm password');
  if (c) errors.confirmPassword = c;
  return errors;
}

/** The live message under the confirm field: null until something is typed there. */
export function passwordMatchMessage(passwordValue: string, confirm: string): string | null {
  if (!confirm) return null;
  return passwordValue === confirm ? MESSAGES.auth.passwordsMatched : MESSAGES.auth.passwordsNotMatched;
}
