import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, Queryable } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { createBatchLoader } from '../../lib/batch-loader';
import { hotQuery, organisationJoins, USER_COLUMNS } from './user-repository';

/** A session's user as stored now, read with the session (decision 016: one statement per batch). */
export interface SessionUserRow extends UserRow {
  session_id: string;
  /** The organisation the session is in, as stored (organisation_id is null when the user may not work there). */
  session_organisation_id: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Kept as SQL text: the hot, batched session read (decisions 016 and 113). */
const BY_SESSION_IDS = `SELECT ss.id AS session_id, ss.organisation_id AS session_organisation_id, ${USER_COLUMNS}
  FROM sessions ss JOIN users u ON u.id = ss.user_id ${organisationJoins('ss.organisation_id')}
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
  /** Undefined: the user's default organisation. */
  organisationId: number | null | undefined,
  nowMs: number,
  expiresMs: number,
): Promise<string> {
  const id = randomUUID();
  await db.kysely
    .with('pruned', (qb) =>
      qb.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<', new Date(nowMs)),
    )
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      organisation_id:
        organisationId === undefined
          ? sql<number | null>`(SELECT default_organisation_id FROM users WHERE id = ${userId})`
          : organisationId,
      signed_in_at: iso(nowMs),
      proved_at: iso(nowMs),
      expires_at: iso(expiresMs),
    })
    .execute();
  return id;
}

/** Moves a live session's expiry to `expiresMs` (never earlier); false when the session has ended. */
export async function extendSession(
  db: Queryable,
  sessionId: string,
  userId: number,
  expiresMs: number,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('sessions')
    .set({ expires_at: sql<Date>`GREATEST(expires_at, ${iso(expiresMs)}::timestamptz)` })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function endSession(db: Queryable, sessionId: string, userId: number): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).execute();
}

/** When the session last proved its owner (sign-in or re-authentication); null when it has ended. */
export async function sessionProvedAt(
  db: Queryable,
  sessionId: string,
  userId: number,
): Promise<Date | null> {
  const row = await db.kysely
    .selectFrom('sessions')
    .select('proved_at')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? new Date(row.proved_at) : null;
}

/** Records a fresh proof of the owner on the session; false when the session has ended. */
export async function recordProof(
  db: Queryable,
  sessionId: string,
  userId: number,
  nowMs: number,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('sessions')
    .set({ proved_at: iso(nowMs) })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends every session of the user, or every one but `keepSessionId`. */
export async function endUserSessions(
  db: Queryable,
  userId: number,
  keepSessionId: string | null = null,
): Promise<number> {
  let query = db.kysely.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== null) query = query.where('id', '<>', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes the sessions whose last token has expired. */
export async function pruneExpiredSessions(db: Queryable, nowMs: number): Promise<number> {
  const result = await db.kysely
    .deleteFrom('sessions')
    .where('expires_at', '<', new Date(nowMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Moves a live session into another organisation; false when the session has ended. */
export async function setSessionOrganisation(
  db: Queryable,
  sessionId: string,
  userId: number,
  organisationId: number | null,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('sessions')
    .set({ organisation_id: organisationId })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
