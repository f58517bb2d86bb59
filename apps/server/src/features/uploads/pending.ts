import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { MESSAGES } from '@insightra/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { payloadTooLarge, tooManyRequests } from '../../lib/http-error';
import { storeUploadSummary, type UploadSummary } from '../bi/builtin/upload-summary-repository';
import type { Uploader } from './ingest';
import {
  deletePending,
  deletePendingWithFiles,
  deleteUnpublishedRows,
  insertLogFromPending,
  insertPending,
  leaseOwners,
  lockAdmission,
  memberLoad,
  type PublishedTotals,
  renewLease,
  setPendingFileId,
  takeOverStale,
} from './pending-repository';
import { organisationStorage } from './storage-repository';

const MB = 1024 * 1024;

/**
 * 413 when the organisation's uploads store its limit (ORG_STORAGE_MAX_MB) already, or would with this
 * upload's declared size: the message names the limit and what the organisation stores.
 */
async function checkOrganisationStorage(db: Database, config: Config, by: Uploader) {
  const storage = await organisationStorage(db, by.organisationId);
  if (!storage) return;
  const limit = config.uploads.organisationMaxBytes;
  const used = Number(storage.used_bytes);
  if (used >= limit || used + (by.declaredBytes ?? 0) > limit) {
    throw payloadTooLarge(
      MESSAGES.uploads.storageFull(storage.name, Math.ceil(used / MB), Math.round(limit / MB)),
    );
  }
}

/**
 * This process's name as a lease owner: host, process id and a random part. Another process on the
 * same host can then tell a dead owner from a live one (decision 080).
 */
export const LEASE_OWNER = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Whether a process of this host with that id runs (EPERM: it runs under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `owner` is a process of this host that no longer runs (its lease need not be waited out). */
export function deadOwner(owner: string): boolean {
  const [host, pidText] = owner.split(':');
  const pid = Number(pidText);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return owner !== LEASE_OWNER;
  return !processAlive(pid);
}

/**
 * Opens a pending upload by `by.userId` into their organisation, after checking the uploader's bounds under a lock of their own
 * (so two requests at once cannot both pass): uploads in progress, and uploads and megabytes in the
 * last 24 hours (counted in the database, so every instance agrees). Throws 429 with Retry-After.
 */
export async function openPending(
  db: Database,
  config: Config,
  by: Uploader,
  fileName: string,
): Promise<number> {
  const { userId } = by;
  const { perMember, dailyFiles, dailyBytes, leaseMs } = config.uploads;
  await checkOrganisationStorage(db, config, by);
  return db.transaction(async (tx) => {
    await lockAdmission(tx, userId);
    const r = await memberLoad(tx, userId);
    const waitS = Math.max(1, Number(r.wait_s));
    if (r.running >= perMember) throw tooManyRequests(MESSAGES.uploads.tooManyAtOnce(perMember), 10);
    if (r.files >= dailyFiles) throw tooManyRequests(MESSAGES.uploads.dailyFiles(dailyFiles), waitS);
    if (Number(r.bytes) >= dailyBytes)
      throw tooManyRequests(MESSAGES.uploads.dailyVolume(Math.round(dailyBytes / 1024 / 1024)), waitS);
    return insertPending(tx, { ...by, fileName, leaseOwner: LEASE_OWNER, leaseMs });
  });
}

/**
 * The bytes received so far, checked against the member's daily volume (other uploads included).
 * Renews the lease too; false when the lease was lost (the upload must stop).
 */
export async function renewPending(db: Database, id: number, leaseMs: number, bytes: number) {
  return renewLease(db, id, LEASE_OWNER, leaseMs, bytes);
}

export async function setPendingFile(
  db: Database,
  id: number,
  kind: 'original' | 'rejected',
  fileId: number,
) {
  const column = kind === 'original' ? 'original_file_id' : 'rejected_file_id';
  await setPendingFileId(db, id, column, fileId);
}

export type Totals = PublishedTotals;

/**
 * Publishes a pending upload in one small transaction: its log row appears (with the id its rows
 * already carry) with the summary of its rows, and the pending row goes. `beforeCommit` is a pause
 * point for tests.
 */
export async function publishPending(
  db: Database,
  id: number,
  totals: Totals,
  summary: UploadSummary,
  beforeCommit?: () => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await insertLogFromPending(tx, id, LEASE_OWNER, totals))) {
      throw new Error('The upload lost its lease before it was published');
    }
    await storeUploadSummary(tx, id, summary);
    await deletePending(tx, id);
    await beforeCommit?.();
  });
}

/**
 * Removes an unpublished upload owned by this process: its rows in bounded pieces (other requests are
 * served between them), its files, then the pending row.
 */
export async function removePending(db: Database, id: number): Promise<void> {
  while ((await deleteUnpublishedRows(db, id)) > 0) {}
  await db.transaction((tx) => deletePendingWithFiles(tx, id));
}

/**
 * Removes the pending uploads whose lease expired, or whose owner is a dead process of this host: each
 * is first taken over (its lease given to this process, under row locks that a publish also takes), so
 * a live upload is never removed and two sweepers never work on the same one.
 */
export async function sweepPending(db: Database, leaseMs: number): Promise<number> {
  const dead = (await leaseOwners(db)).filter(deadOwner);
  const ids = await takeOverStale(db, LEASE_OWNER, leaseMs, dead);
  for (const id of ids) await removePending(db, id);
  return ids.length;
}
