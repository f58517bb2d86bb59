import { isStorableText, LIMITS, SESSION_MESSAGES } from '@insightra/contract';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { Database } from '../../db/client';
import { conflict, HttpError, serviceUnavailable, unauthorized } from '../../lib/http-error';
import { acceptInvitation, joinThroughInvitation, usableInvitation } from '../organisations/invitations';
import { createPersonalOrganisation } from '../organisations/organisation-repository';
import { markAddressConfirmed } from './address-repository';
import { emailInUse, setGoogleSub, userIdByGoogleSub, usernamesStartingWith } from './google-repository';
import { insertUser, MESSAGES_409 } from './user-repository';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Google's `sub` is "never exceeding 255 case-sensitive ASCII characters". */
const SUB_MAX = 255;

const INVALID_TOKEN = 'Invalid Google ID token';

export const GOOGLE_NOT_CONFIGURED =
  'Google sign-in is not configured on this server (set GOOGLE_CLIENT_ID to enable it)';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
  /** When Google issued the token (seconds since the epoch). */
  issuedAt: number;
}

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

/**
 * Verifies a Google ID token as Google's "Verify the Google ID token on your server side" asks:
 * signature against the key set (fetched and cached by jose, keys rotate), aud, iss, exp and a
 * verified e-mail. The key set URL is configurable so tests use a local one.
 */
export function googleVerifier(clientId: string, jwksUrl: string): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async (idToken) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub', 'iat'],
        clockTolerance: 30,
      }));
    } catch (err) {
      throw describe(err);
    }
    // Signed claims are still only text: none reaches the database in a form it cannot store.
    const sub = String(payload.sub);
    if (sub.length > SUB_MAX || !isStorableText(sub)) throw unauthorized(INVALID_TOKEN);
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (typeof payload.email !== 'string' || !payload.email) {
      throw unauthorized('The Google account has no email address');
    }
    if (payload.email.length > LIMITS.emailMax || !isStorableText(payload.email)) {
      throw unauthorized(INVALID_TOKEN);
    }
    if (!verified) throw unauthorized('The Google account email address is not verified');
    return { sub, email: payload.email, name: fullNameOf(payload.name), issuedAt: Number(payload.iat) };
  };
}

/** The Google name as a full name: trimmed, at most the contract's length, none if it cannot be stored. */
function fullNameOf(name: unknown): string | null {
  if (typeof name !== 'string' || !isStorableText(name)) return null;
  let cut = name.trim().slice(0, LIMITS.fullNameMax);
  // Never half of a character written as two UTF-16 units.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd() || null;
}

function describe(err: unknown): HttpError {
  if (err instanceof errors.JWTExpired)
    return unauthorized('The Google sign-in has expired; please try again');
  if (err instanceof errors.JWTClaimValidationFailed) {
    return unauthorized('The Google ID token was not issued for this application');
  }
  if (
    err instanceof errors.JWKSTimeout ||
    (err instanceof errors.JOSEError && err.code === 'ERR_JWKS_INVALID')
  ) {
    return serviceUnavailable("Google's signing keys could not be fetched; please try again later");
  }
  if (err instanceof errors.JOSEError) return unauthorized(INVALID_TOKEN);
  // A network failure while fetching the key set.
  return serviceUnavailable("Google's signing keys could not be fetched; please try again later");
}

/** A free username from the e-mail's local part: letters, digits, dots, dashes, underscores. */
async function freeUsername(db: Database, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? '')
      .normalize('NFKC')
      .replace(/[^\p{L}\p{M}\p{N}._-]/gu, '')
      .slice(0, 40) || 'user';
  const stem = base.length >= 3 ? base : `${base}user`;
  const taken = new Set(await usernamesStartingWith(db, stem));
  if (!taken.has(stem.toLowerCase())) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}${n}`.toLowerCase())) return `${stem}${n}`;
}

/**
 * The user for a verified Google identity: the one already linked to it, else a new account. An
 * existing account with the same e-mail is never taken over (its owner connects Google from the profile
 * while signed in, `linkGoogle`): 409, and no session.
 * With `invitationToken` (signing in from an invitation link), the account accepts that invitation (its
 * e-mail must be the invited one) and the session starts in that organisation; a new account then gets
 * no organisation of its own.
 */
export async function userForGoogle(
  db: Database,
  identity: GoogleIdentity,
  invitationToken?: string,
): Promise<number> {
  const linked = await userIdByGoogleSub(db, identity.sub);
  if (linked !== null) {
    // Google vouches for its address: the account's, when it is the same, is confirmed.
    await markAddressConfirmed(db, linked, identity.email);
    if (invitationToken) await joinThroughInvitation(db, linked, invitationToken);
    return linked;
  }
  if (await emailInUse(db, identity.email)) throw conflict(SESSION_MESSAGES.googleEmailTaken);
  // Checked before an account is made for it.
  if (invitationToken) await usableInvitation(db, invitationToken, identity.email);
  try {
    const username = await freeUsername(db, identity.email);
    return await db.transaction(async (tx) => {
      const userId = await insertUser(tx, {
        username,
        fullName: identity.name,
        email: identity.email,
        passwordHash: null,
        providers: ['google'],
        googleSub: identity.sub,
        emailVerified: true,
      });
      if (invitationToken) await acceptInvitation(tx, invitationToken, { id: userId, email: identity.email });
      else await createPersonalOrganisation(tx, userId, { fullName: identity.name, username });
      return userId;
    });
  } catch (err) {
    // The same e-mail registered at the same moment: still never a takeover.
    if (err instanceof HttpError && err.statusCode === 409 && err.message === MESSAGES_409.email) {
      throw conflict(SESSION_MESSAGES.googleEmailTaken);
    }
    throw err;
  }
}

/**
 * Connects a verified Google identity to a signed-in user (provider 'google' added; the password, if
 * any, keeps working). 409 when that Google account is connected to another user.
 */
export async function linkGoogle(db: Database, userId: number, identity: GoogleIdentity): Promise<boolean> {
  const owner = await userIdByGoogleSub(db, identity.sub);
  if (owner !== null && owner !== userId) throw conflict(SESSION_MESSAGES.googleLinkedElsewhere);
  try {
    const linked = await setGoogleSub(db, userId, identity.sub);
    if (linked) await markAddressConfirmed(db, userId, identity.email);
    return linked;
  } catch (err) {
    if ((err as { code?: string })?.code === '23505') throw conflict(SESSION_MESSAGES.googleLinkedElsewhere);
    throw err;
  }
}
