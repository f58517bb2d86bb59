/*
 * The web tests' one set of fixtures: the signed-in user, their token, signing in, the server's
 * public configuration, and subscriptions as the server lists them. Every web test builds its user and token here (docs/ARCHITECTURE.md#tests),
 * overriding only what it is about.
 */
import {
  type ActiveOrganisation,
  type Delivery,
  type PublicConfig,
  permissionsOf,
  STORAGE_KEYS,
  type Subscription,
  type User,
} from '@insightra/contract';

/** The organisation a test user works in unless told otherwise: Acme School, as its owner. */
export const ACME: ActiveOrganisation = { id: 1, name: 'Acme School', role: 'owner' };

/**
 * A user object as the server answers it, for web tests. Their permissions are those of their role in
 * their active organisation (Acme School's owner by default), and they belong to that one only.
 */
export function testUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? 7;
  const organisation = overrides.organisation === undefined ? ACME : overrides.organisation;
  const sectorId = overrides.sectorId === undefined ? 1 : overrides.sectorId;
  const fullName = overrides.fullName === undefined ? 'Asha Verma' : overrides.fullName;
  return {
    id,
    user_id: id,
    username: 'asha',
    fullName,
    full_name: fullName,
    email: 'asha@example.com',
    emailVerified: true,
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
    permissions: permissionsOf(organisation?.role ?? null),
    created_date: '2025-01-15T10:00:00.000Z',
    updated_date: '2025-02-01T18:45:00.000Z',
    dashboardHeader: 'Academic Analytics',
    dashboard_header: 'Academic Analytics',
    organisation,
    organisations: organisation ? [organisation] : [],
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

/** Google sign-in as `GET /api/config` reports it when GOOGLE_CLIENT_ID is set. */
export const GOOGLE_ON = { enabled: true, clientId: 'cid.apps.googleusercontent.com' };

/** `GET /api/config`'s answer, Google sign-in off unless `overrides` turn it on. */
export function testConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    siteName: 'Insightra',
    salesEmail: 's@example.com',
    salesPhone: '1',
    officeAddress: 'Mumbai',
    google: { enabled: false, clientId: null },
    bi: { provider: 'builtin', embedMode: 'embed-token' },
    uploads: { maxBytes: 1024 },
    mail: { enabled: false },
    ...overrides,
  };
}

/** A subscription as the server lists it: Grades, weekly on Monday at 09:00 India time, by user 7. */
export function testSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 3,
    reportId: 1,
    reportName: 'Grades',
    createdBy: { id: 7, name: 'Asha Verma' },
    recipients: [{ id: 7, name: 'Asha Verma', email: 'asha@example.com' }],
    cadence: 'weekly',
    weekday: 1,
    monthDay: null,
    time: '09:00',
    timeZone: 'Asia/Kolkata',
    skipWithoutNewData: false,
    paused: false,
    nextRunAt: '2026-05-18T03:30:00.000Z',
    lastSentAt: null,
    lastError: null,
    ...overrides,
  };
}

export function testDelivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    id: 1,
    slot: '2026-05-11T03:30:00.000Z',
    recipient: { id: 7, email: 'asha@example.com' },
    status: 'sent',
    attempts: 1,
    error: null,
    sentAt: '2026-05-11T03:30:05.000Z',
    messageId: '<sub-3.1@insightra.test>',
    ...overrides,
  };
}
