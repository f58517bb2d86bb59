import { existsSync } from 'node:fs';
import path from 'node:path';
import { Email, Username } from '@insightra/contract';
import { ConfigError, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrate, readMigrations } from '../db/migrate';
import { usernameOrEmailTaken } from '../features/auth/admin-account-repository';
import { createAdmin, resetPassword } from '../features/auth/first-admin';
import { loadEnvFile } from '../lib/env-file';

const USAGE = `Usage:
  npm run admin -- create <username> <email>
      Creates an administrator with a random password and prints it once.
  npm run admin -- reset-password <username>
      Gives the account a new random password, prints it once, and ends its sessions.

Uses the same configuration as the server (DATABASE_URL, or DATA_DIR for the embedded database).`;

/** The migrations beside the bundle (dist/migrations) or in the source tree (src/db/migrations). */
function migrationsDir(): string {
  const candidates = [
    path.join(import.meta.dirname, '../migrations'),
    path.join(import.meta.dirname, '../db/migrations'),
  ];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[0]!;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

type Command =
  | { name: 'create'; username: string; email: string }
  | { name: 'reset-password'; username: string };

/** The command line's command, or a refusal printed before any database opens. */
function parseCommand(argv: string[]): Command {
  const [command, rawUsername, ...rest] = argv;
  if (!rawUsername) fail(USAGE);
  const username = Username.safeParse(rawUsername);
  if (command === 'create' && rest.length === 1) {
    if (!username.success) fail(`Invalid username: ${username.error.issues[0]?.message}`);
    const email = Email.safeParse(rest[0]);
    if (!email.success) fail(`Invalid email: ${email.error.issues[0]?.message}`);
    return { name: 'create', username: username.data, email: email.data };
  }
  // An existing account is looked up as it was written: an old name need not match today's rules.
  if (command === 'reset-password' && rest.length === 0)
    return { name: 'reset-password', username: rawUsername };
  fail(USAGE);
}

async function run(db: Database, command: Command) {
  if (command.name === 'create') {
    if (await usernameOrEmailTaken(db, command.username, command.email))
      fail('A user with that username or email already exists');
    const created = await createAdmin(db, command.username, command.email);
    console.log(`Administrator "${created.username}" created.`);
    console.log(`Password: ${created.password}`);
    console.log('It is shown only this once: sign in and change it on the Profile page.');
    return;
  }
  const reset = await resetPassword(db, command.username);
  if (!reset) fail(`No account has the username "${command.username}"`);
  console.log(`New password for "${reset.username}": ${reset.password}`);
  console.log(
    `Ended ${reset.sessionsEnded} session(s). It is shown only this once: sign in and change it on the Profile page.`,
  );
}

async function main(argv: string[]) {
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    console.log(USAGE);
    return;
  }
  const command = parseCommand(argv);
  loadEnvFile();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`Configuration error: ${err.message}`);
    throw err;
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db, readMigrations(migrationsDir()));
    await run(db, command);
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
