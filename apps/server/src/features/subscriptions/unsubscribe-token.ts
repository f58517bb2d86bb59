import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { settingOrInsert } from '../../lib/app-settings-repository';

/*
 * A recipient's unsubscribe token is an HMAC of the subscription and the recipient under a key kept
 * once for every instance, so each mail (and each resend of it) carries the same link without the
 * token being stored: the database keeps only its SHA-256, which the unsubscribe link is looked up by.
 */

const keys = new WeakMap<Database, Promise<Buffer>>();

/** The key of every unsubscribe token, made by the first instance that needs it. */
export function unsubscribeKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = settingOrInsert(db, 'unsubscribe_key', randomBytes(32).toString('base64url')).then((k) =>
      Buffer.from(k, 'base64url'),
    );
    // A failed read (the database away) is tried again at the next use.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

export const unsubscribeToken = (key: Buffer, subscriptionId: number, userId: number) =>
  createHmac('sha256', key).update(`unsubscribe:${subscriptionId}:${userId}`).digest('base64url');

export const hashUnsubscribeToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');
