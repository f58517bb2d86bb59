import { randomBytes } from 'node:crypto';
import { LIMITS, Username } from '@insightra/contract';
import { ConfigError } from '../../config';
import type { Database } from '../../db/client';
import { hashPassword } from '../../lib/password';
import {
  accountByUsername,
  anyUserExists,
  emailFree,
  insertAdmin,
  lockFirstAdmin,
} from './admin-account-repository';
import { endUserSessions } from './session-repository';
import { setPassword } from './user-repository';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AdminSettings {
  username?: string;
  password?: string;
  email?: string;
}

export type FirstAdminOutcome =
  | { action: 'created' | 'kept'; username: string }
  | { action: 'generated'; username: string; password: string }
  | { action: 'none' | 'invalid'; reason: string };

/** ADMIN_USERNAME names an account that is not an administrator: start-up stops with this message. */
export const adminNameTaken = (username: string) =>
  `ADMIN_USERNAME "${username}" belongs to an account that is not an administrator; it is never promoted. ` +
  'Choose another ADMIN_USERNAME, or make that account an administrator from the admin pages.';

export const generatePassword = () => randomBytes(18).toString('base64url');

/** Prints a generated password once, where the operator starting the server will see it. */
export function printGeneratedPassword(username: string, password: string, print = console.log): void {
  const rule = '='.repeat(72);
  print(
    [
      rule,
      `Insightra administrator "${username}" created with the password: ${password}`,
      'Sign in at /login and change it on the Profile page. It is shown only this once.',
      rule,
    ].join('\n'),
  );
}

/**
 * docs/PRODUCT.md#first-administrator: ADMIN_USERNAME + ADMIN_PASSWORD (+ ADMIN_EMAIL) create that
 * administrator when no account has the name. An existing administrator of that name is left as it is
 * (its password may have been changed since); an existing account of another role throws ConfigError,
 * which stops start-up: the name is never promoted. With neither given and no users at all, `admin` is
 * created with a random password that is printed once. An advisory lock makes two instances starting
 * together do this once.
 */
export async function ensureFirstAdmin(
  db: Database,
  settings: AdminSettings,
  log: Log,
  print = console.log,
): Promise<FirstAdminOutcome> {
  const { username, password, email } = settings;
  if (username || password) {
    const problem =
      !username || !password
        ? 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together'
        : !Username.safeParse(username).success
          ? 'ADMIN_USERNAME is not a valid username'
          : password.length < LIMITS.passwordMin
            ? `ADMIN_PASSWORD must be at least ${LIMITS.passwordMin} characters`
            : null;
    if (problem || !username || !password) {
      log.error({}, `first administrator not set up: ${problem}`);
      return { action: 'invalid', reason: problem ?? '' };
    }
    // Every start after the first: one read, no password hashed.
    const kept = () => {
      log.info({ username }, 'administrator from ADMIN_USERNAME exists; left as it is');
      return { action: 'kept', username } as const;
    };
    const existing = await accountByUsername(db, username);
    if (existing?.role === 'admin') return kept();
    if (existing) throw new ConfigError(adminNameTaken(username));
    const hash = await hashPassword(password);
    const created = await db.transaction(async (tx) => {
      await lockFirstAdmin(tx);
      const account = await accountByUsername(tx, username);
      if (account?.role === 'admin') return false;
      if (account) throw new ConfigError(adminNameTaken(username));
      const freeEmail = email && (await emailFree(tx, email)) ? email : null;
      if (email && !freeEmail) log.warn({ email }, 'ADMIN_EMAIL belongs to another user; not set');
      await insertAdmin(tx, { username, email: freeEmail, passwordHash: hash });
      return true;
    });
    if (!created) return kept();
    log.info({ username }, 'administrator from ADMIN_USERNAME created');
    return { action: 'created', username };
  }

  // Every start after the first: one read, no password hashed.
  const none = () => {
    log.info({}, 'first administrator not needed: users exist');
    return { action: 'none', reason: 'users exist' } as const;
  };
  if (await anyUserExists(db)) return none();
  const generated = generatePassword();
  const hash = await hashPassword(generated);
  const created = await db.transaction(async (tx) => {
    await lockFirstAdmin(tx);
    if (await anyUserExists(tx)) return false;
    await insertAdmin(tx, { username: 'admin', email: null, passwordHash: hash });
    return true;
  });
  if (!created) return none();
  log.warn({ username: 'admin' }, 'first administrator created; its password is printed on the console');
  printGeneratedPassword('admin', generated, print);
  return { action: 'generated', username: 'admin', password: generated };
}

/** `npm run admin -- create <username> <email>`: a new administrator with a random password. */
export async function createAdmin(
  db: Database,
  username: string,
  email: string,
): Promise<{ username: string; password: string }> {
  const password = generatePassword();
  const hash = await hashPassword(password);
  await insertAdmin(db, { username, email, passwordHash: hash });
  return { username, password };
}

/**
 * `npm run admin -- reset-password <username>`: a new random password for a lost one, and every session
 * of the account ended. Null when no account has the username.
 */
export async function resetPassword(
  db: Database,
  username: string,
): Promise<{ username: string; password: string; sessionsEnded: number } | null> {
  const account = await accountByUsername(db, username);
  if (!account) return null;
  const password = generatePassword();
  const hash = await hashPassword(password);
  const sessionsEnded = await db.transaction(async (tx) => {
    await setPassword(tx, account.id, hash);
    return endUserSessions(tx, account.id);
  });
  return { username: account.username, password, sessionsEnded };
}
