import { LIMIT_MESSAGES } from '@insightra/contract';
import { decodeJwt } from 'jose';
import { verifyPassword } from '../../lib/password';
import { addressKey, clear, enforce, type Layer, type Limit, refund } from '../../lib/rate-limit';
import type { LimitsDb } from '../../lib/rate-limit-repository';

/**
 * Sign-in limits in three layers (decision 095), counted in the database before the secret is
 * checked: per client address, per (account, address) pair, and per account behind them. The pair
 * layer is the tight one, so a stranger elsewhere exhausting it cannot lock the owner out; the account
 * layer caps guesses spread over many addresses.
 */
export const SIGN_IN_LIMITS = {
  address: { bucket: 'sign-in:address', max: 20, windowSeconds: 15 * 60 },
  pair: { bucket: 'sign-in:pair', max: 5, windowSeconds: 15 * 60 },
  account: { bucket: 'sign-in:account', max: 50, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

export interface SignInAttempt {
  /** The secret was right: the attempt is not a failure, and the pair's failures are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt for `accountKey` (an account id, or the lowercased name when no account has
 * it, so unknown names are limited like real ones) from `ip`; throws 429 when a layer is spent. Every
 * attempt counts as a failure until `succeeded()` says otherwise.
 */
export async function beginSignIn(db: LimitsDb, accountKey: string, ip: string): Promise<SignInAttempt> {
  const address = addressKey(ip);
  const pair: Layer = { limit: SIGN_IN_LIMITS.pair, key: `${accountKey} ${address}` };
  const counted = await enforce(
    db,
    [
      { limit: SIGN_IN_LIMITS.address, key: address },
      pair,
      { limit: SIGN_IN_LIMITS.account, key: accountKey },
    ],
    LIMIT_MESSAGES.signIn,
  );
  return {
    succeeded: async () => {
      await refund(
        db,
        counted.filter((c) => c.layer !== pair),
      );
      await clear(db, pair);
    },
  };
}

/**
 * A signed-in user's own password (`hash` is theirs), checked as a sign-in attempt of their account:
 * counted against the same limits, and forgotten when it is right.
 */
export async function ownPasswordMatches(
  db: LimitsDb,
  userId: number,
  ip: string,
  hash: string,
  password: string,
): Promise<boolean> {
  const attempt = await beginSignIn(db, `id:${userId}`, ip);
  if (!(await verifyPassword(hash, password))) return false;
  await attempt.succeeded();
  return true;
}

/** Registrations per client address per hour; `max` comes from REGISTER_LIMIT_PER_HOUR. */
export const REGISTER_LIMIT = { bucket: 'register:address', max: 20, windowSeconds: 60 * 60 };
/** Registrations from every address together per hour, across all instances: open sign-up's ceiling. */
export const REGISTER_LIMIT_IN_ALL = { bucket: 'register:all', max: 1000, windowSeconds: 60 * 60 };

/**
 * The account a Google ID token claims, read before its signature is checked (the attempt is counted
 * first): `google:<sub>`, or one shared key for tokens that are not even well-formed.
 */
export function googleAccountKey(idToken: string): string {
  try {
    const sub = decodeJwt(idToken).sub;
    return typeof sub === 'string' && sub.length <= 255 ? `google:${sub}` : 'google:?';
  } catch {
    return 'google:?';
  }
}
