import type { User } from '@insightra/contract';

export interface TokenClaims extends Partial<User> {
  sub?: string;
  exp?: number;
  iat?: number;
}

/** Decodes a JWT's payload without verifying it (the server verifies). Null when malformed. */
export function decodeToken(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as unknown;
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** Missing, malformed or expired tokens are not a session. */
export function isTokenUsable(claims: TokenClaims | null, now = Date.now()): claims is TokenClaims {
  if (!claims) return false;
  if (typeof claims.exp !== 'number') return false;
  return claims.exp * 1000 > now;
}

/** A user object from the token's claims, until the server's answer arrives. */
export function userFromClaims(claims: TokenClaims): User | null {
  const id = Number(claims.id ?? claims.sub);
  if (!Number.isInteger(id) || !claims.username) return null;
  const fullName = claims.fullName ?? claims.full_name ?? null;
  const sectorId = claims.sectorId ?? claims.sector_id ?? null;
  const header = claims.dashboardHeader ?? claims.dashboard_header ?? 'Academic Analytics';
  const mobile = claims.mobileNumber ?? claims.mobile_number ?? null;
  return {
    id,
    user_id: id,
    username: claims.username,
    fullName,
    full_name: fullName,
    email: claims.email ?? null,
    // Until the server answers, an address counts as confirmed: nothing asks for it on first paint.
    emailVerified: claims.emailVerified ?? true,
    password: claims.password ?? false,
    role: claims.role === 'admin' ? 'admin' : 'member',
    region: claims.region ?? null,
    location: claims.location ?? null,
    mobileNumber: mobile,
    mobile_number: mobile,
    customerId: claims.customerId ?? 0,
    sectorId,
    sector_id: sectorId,
    sector: claims.sector ?? null,
    providers: claims.providers ?? ['local'],
    permissions: claims.permissions ?? {},
    created_date: claims.created_date ?? '',
    updated_date: claims.updated_date ?? '',
    dashboardHeader: header,
    dashboard_header: header,
    organisation: claims.organisation ?? null,
    // The claims name the active organisation only; the full list comes with GET /auth/me.
    organisations: claims.organisations ?? (claims.organisation ? [claims.organisation] : []),
  };
}
