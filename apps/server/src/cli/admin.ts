import { existsSync } from 'node:fs';
import path from 'node:path';
import { Email, Username } from '@insightra/contract';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate, readMigrations } from '../db/migrate';
import { usernameOrEmailTaken } from '../features/auth/admin-account-repository';
import { createAdmin } from '../features/auth/first-admin';
import { loadEnvFile } from '../lib/env-file';

const USAGE = `Usage: npm run admin -- create <username> <email>

Creates an administrator with a random password and prints it once.
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

async function main(argv: string[]) {
  const [command, rawUsername, rawEmail, ...extra] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return;
  }
  if (command !== 'create' || !rawUsername || !rawEmail || extra.length) fail(USAGE);
  const username = Username.safeParse(rawUsername);
  if (!username.success) fail(`Invalid username: ${username.error.issues[0]?.message}`);
  const email = Email.safeParse(rawEmail);
  if (!email.success) fail(`Invalid email: ${email.error.issues[0]?.message}`);

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
    if (await usernameOrEmailTaken(db, username.data, email.data))
      fail('A user with that username or email already exists');
    const created = await createAdmin(db, username.data, email.data);
    console.log(`Administrator "${created.username}" created.`);
    console.log(`Password: ${created.password}`);
    console.log('It is shown only this once: sign in and change it on the Profile page.');
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
