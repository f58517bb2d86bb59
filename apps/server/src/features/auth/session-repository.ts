import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { createBatchLoader } from '../../lib/batch-loader';
import type { UserRow } from './user-mapper';
import { hotQuery, USER_COLUMNS } from './user-repository';

/** A session's user as stored now, read with the session (decision 016: one statement per batch). */
export interface SessionUserRow extends UserRow {
  session_id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const BY_SESSION_IDS = `SELECT ss.id AS session_id, ${USER_COLUMNS}
  FROM sessions ss JOIN users u ON u.id = ss.user_id LEFT JOIN sectors s ON s.id = u.sector_id
  WHERE ss.id = ANY($1::uuid[])`;

const loaders = new WeakMap<Database, (id: string) => Promise<SessionUserRow | null>>();

/**
 * The user of a live session, or null when the session has ended (logged out, replaced, pruned, or its
 * user removed). Checks arriving together share one statement (lib/batch-loader.ts); a database error
 * rejects, so the caller never mistakes an unreachable database for an ended session.
 */
export function findSessionUser(db: Database, sessionId: string): Promise<SessionUserRow | null> {
  // An id that cannot exist must not fail the statement it would share with others.
  if (!UUID.test(sessionId)) return Promise.resolve(null);
  let load = loaders.get(db);
  if (!load) {
    load = createBatchLoader<string, SessionUserRow>(async (ids) => {
      const rows = await hotQuery<SessionUserRow>(db, 'auth_sessions_by_ids', BY_SESSION_IDS, [ids]);
      return new Map(rows.map((row) => [row.session_id, row]));
    });
    loaders.set(db, load);
  }
  return load(sessionId);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A new session signed in at `nowMs`; the user's expired sessions are pruned in the same statement. */
export async function createSession(
  db: Database,
  userId: number,
  nowMs: number,
  expiresMs: number,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `WITH pruned AS (DELETE FROM sessions WHERE user_id = $2 AND expires_at < $3::timestamptz)
     INSERT INTO sessions (id, user_id, signed_in_at, expires_at) VALUES ($1, $2, $3::timestamptz, $4::timestamptz)`,
    [id, userId, iso(nowMs), iso(expiresMs)],
  );
  return id;
}

/** Moves a live session's expiry to `expiresMs` (never earlier); false when the session has ended. */
export async function extendSession(
  db: Database,
  sessionId: string,
  userId: number,
  expiresMs: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sessions SET expires_at = GREATEST(expires_at, $3::timestamptz) WHERE id = $1 AND user_id = $2`,
    [sessionId, userId, iso(expiresMs)],
  );
  return rowCount > 0;
}

export async function endSession(db: Database, sessionId: string, userId: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1 AND user_id = $2', [sessionId, userId]);
}

/** Ends every session of the user, or every one but `keepSessionId`. */
export async function endUserSessions(
  db: Database,
  userId: number,
  keepSessionId: string | null = null,
): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM sessions WHERE user_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)',
    [userId, keepSessionId],
  );
  return rowCount;
}

/** Removes the sessions whose last token has expired. */
export async function pruneExpiredSessions(db: Database, nowMs: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM sessions WHERE expires_at < $1::timestamptz', [
    iso(nowMs),
  ]);
  return rowCount;
}
