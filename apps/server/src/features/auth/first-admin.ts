import { randomBytes } from 'node:crypto';
import { LIMITS, Username } from '@insightra/contract';
import type { Database } from '../../db/client';
import { hashPassword } from '../../lib/password';
import {
  anyUserExists,
  emailFreeFor,
  insertAdmin,
  lockFirstAdmin,
  promoteToAdmin,
  userIdByUsername,
} from './admin-account-repository';

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
  | { action: 'created' | 'updated'; username: string }
  | { action: 'generated'; username: string; password: string }
  | { action: 'none' | 'invalid'; reason: string };

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
 * docs/PRODUCT.md#first-administrator: ADMIN_USERNAME + ADMIN_PASSWORD (+ ADMIN_EMAIL) create or update an administrator;
 * with neither given and no users at all, `admin` is created with a random password that is printed
 * once. An advisory lock makes two instances starting together do this once.
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
    const hash = await hashPassword(password);
    const action = await db.transaction(async (tx) => {
      await lockFirstAdmin(tx);
      const existing = await userIdByUsername(tx, username);
      const emailFree = !email || (await emailFreeFor(tx, email, username));
      if (email && !emailFree) log.warn({ email }, 'ADMIN_EMAIL belongs to another user; not set');
      const keptEmail = emailFree ? (email ?? null) : null;
      if (existing !== null) {
        await promoteToAdmin(tx, existing, hash, keptEmail);
        return 'updated' as const;
      }
      await insertAdmin(tx, { username, email: keptEmail, passwordHash: hash });
      return 'created' as const;
    });
    log.info({ username, action }, 'administrator from ADMIN_USERNAME ready');
    return { action, username };
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
