import { existsSync } from 'node:fs';

/** Variables from `.env` in the working folder, where the environment does not set them already. */
export function loadEnvFile(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}
