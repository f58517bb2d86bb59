/*
 * The web tests' one set of fixtures: the signed-in user, their token, and signing in. Every web test
 * builds its user and token here (docs/ARCHITECTURE.md#tests), overriding only what it is about.
 */
import { STORAGE_KEYS, type User } from '@insightra/contract';

/** A user object as the server answers it, for web tests. */
export function testUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? 7;
  const sectorId = overrides.sectorId === undefined ? 1 : overrides.sectorId;
  const fullName = overrides.fullName === undefined ? 'Asha Verma' : overrides.fullName;
  return {
    id,
    user_id: id,
    username: 'asha',
    fullName,
    full_name: fullName,
    email: 'asha@example.com',
    password: true,
    role: 'member',
    region: null,
    location: null,
    mobileNumber: null,
    mobile_number: null,
    customerId: 0,
    sectorId,
    sector_id: sectorId,
    sector: sectorId ? { id: sectorId, name: 'Education' } : null,
    providers: ['local'],
    permissions: { viewReports: true, uploadData: true, manageOwnReports: true, manageUsers: false },
    created_date: '2025-01-15T10:00:00.000Z',
    updated_date: '2025-02-01T18:45:00.000Z',
    dashboardHeader: 'Academic Analytics',
    dashboard_header: 'Academic Analytics',
    ...overrides,
  };
}

const b64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An unsigned token shaped like the server's (the web never verifies signatures). */
export function testToken(user: User, expiresInSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ ...user, sub: String(user.id), exp })}.signature`;
}

/** Signs `user` in as the session reads it: their (unsigned) token in storage. Returns the token. */
export function signIn(user: User = testUser(), expiresInSeconds = 3600): string {
  const token = testToken(user, expiresInSeconds);
  window.localStorage.setItem(STORAGE_KEYS.token, token);
  return token;
}
