import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The phases of an upload at which tests may stop it (to kill the process there). */
export type UploadPhase = 'pieces' | 'files' | 'publish';

/**
 * A pause point for tests only: read when NODE_ENV is `test`, from `UPLOAD_TEST_PAUSE=<phase>[:ms]`.
 * On reaching the phase, the upload leaves a marker file `DATA_DIR/tmp/paused-<phase>` and waits
 * (`ms`, or until the process ends). Production processes never read the variable.
 */
export async function pausePoint(dataDir: string, phase: UploadPhase): Promise<void> {
  const setting = process.env.NODE_ENV === 'test' ? process.env.UPLOAD_TEST_PAUSE : undefined;
  if (!setting) return;
  const [name, ms] = setting.split(':');
  if (name !== phase) return;
  const dir = path.join(dataDir, 'tmp');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `paused-${phase}`), String(process.pid));
  await new Promise((resolve) => setTimeout(resolve, ms ? Number(ms) : 2 ** 31 - 1));
}
