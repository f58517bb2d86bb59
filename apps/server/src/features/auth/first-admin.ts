import { randomBytes } from 'node:crypto';
import { LIMITS, Username } from '@insightra/contract';
import type { Database } from '../../db/client';
import { hashPassword } from '../../lib/password';

/** Serialises start-up administrator creation across instances sharing one database. */
const FIRST_ADMIN_LOCK_KEY = 727_003;

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
      await tx.query(`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
      const existing = await tx.query<{ id: number }>(
        'SELECT id FROM users WHERE lower(username) = lower($1)',
        [username],
      );
      const emailFree =
        !email ||
        (
          await tx.query(
            'SELECT 1 FROM users WHERE lower(email) = lower($1) AND lower(username) <> lower($2)',
            [email, username],
          )
        ).rows.length === 0;
      if (email && !emailFree) log.warn({ email }, 'ADMIN_EMAIL belongs to another user; not set');
      if (existing.rows[0]) {
        await tx.query(
          `UPDATE users SET role = 'admin', password_hash = $2, email = COALESCE($3, email), updated_date = now(),
              providers = CASE WHEN 'local' = ANY(providers) THEN providers ELSE array_prepend('local', providers) END
            WHERE id = $1`,
          [existing.rows[0].id, hash, emailFree ? (email ?? null) : null],
        );
        return 'updated' as const;
      }
      await tx.query(
        `INSERT INTO users (username, full_name, email, password_hash, role) VALUES ($1, 'Administrator', $2, $3, 'admin')`,
        [username, emailFree ? (email ?? null) : null, hash],
      );
      return 'created' as const;
    });
    log.info({ username, action }, 'administrator from ADMIN_USERNAME ready');
    return { action, username };
  }

  const generated = generatePassword();
  const hash = await hashPassword(generated);
  const created = await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    const any = await tx.query('SELECT 1 FROM users LIMIT 1');
    if (any.rows.length) return false;
    await tx.query(
      `INSERT INTO users (username, full_name, password_hash, role) VALUES ('admin', 'Administrator', $1, 'admin')`,
      [hash],
    );
    return true;
  });
  if (!created) return { action: 'none', reason: 'users exist' };
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
  await db.query(
    `INSERT INTO users (username, full_name, email, password_hash, role) VALUES ($1, 'Administrator', $2, $3, 'admin')`,
    [username, email, hash],
  );
  return { username, password };
}
