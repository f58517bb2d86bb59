import type { Invitation, OrganisationRole } from '@insightra/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Queryable } from '../../db/client';
import type { DB } from '../../db/schema';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Not accepted, not revoked, not expired: the link still works. */
const isPending = (eb: ExpressionBuilder<DB, 'invitations'>) =>
  eb.and([
    eb('invitations.accepted_at', 'is', null),
    eb('invitations.revoked_at', 'is', null),
    eb('invitations.expires_at', '>', sql<Date>`now()`),
  ]);

/** How a person is named to others: their full name, else their username. */
const displayName = sql<string | null>`COALESCE(NULLIF(inviter.full_name, ''), inviter.username)`;

/** The organisation's pending invitations and when the first of them expires (null: none pending). */
export async function pendingSummary(db: Queryable, organisationId: number) {
  return db.kysely
    .selectFrom('invitations')
    .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(expires_at)`.as('first_expiry')])
    .where('organisation_id', '=', organisationId)
    .where(isPending)
    .executeTakeFirstOrThrow();
}

/** Whether an account with this e-mail (case-insensitive) is already a member of the organisation. */
export async function isMemberEmail(db: Queryable, organisationId: number, email: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.id')
    .where('m.organisation_id', '=', organisationId)
    .where(sql<boolean>`lower(u.email) = lower(${email})`)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewInvitation {
  organisationId: number;
  email: string;
  role: OrganisationRole;
  tokenHash: string;
  /** The mailed link's token hash. */
  mailTokenHash: string;
  invitedBy: number;
  /** Valid this many days from now (the database's clock, which also judges expiry). */
  days: number;
}

/**
 * A new invitation. The address's earlier pending invitations to the same organisation are revoked in
 * the same step: one working link per person, and sending again does not use up the pending limit.
 */
export async function insertInvitation(tx: Queryable, invitation: NewInvitation): Promise<Invitation> {
  await tx.kysely
    .updateTable('invitations')
    .set({ revoked_at: sql<Date>`now()` })
    .where('organisation_id', '=', invitation.organisationId)
    .where(sql<boolean>`lower(email) = lower(${invitation.email})`)
    .where(isPending)
    .execute();
  const row = await tx.kysely
    .insertInto('invitations')
    .values({
      organisation_id: invitation.organisationId,
      email: invitation.email,
      role: invitation.role,
      token_hash: invitation.tokenHash,
      mail_token_hash: invitation.mailTokenHash,
      invited_by: invitation.invitedBy,
      expires_at: sql<Date>`now() + make_interval(days => ${invitation.days})`,
    })
    .returning(['id', 'email', 'role', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email, role: row.role, expiresAt: iso(row.expires_at) };
}

/** The organisation's pending invitations, newest first, with who sent each. */
export async function pendingInvitations(db: Queryable, organisationId: number): Promise<Invitation[]> {
  const rows = await db.kysely
    .selectFrom('invitations')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.role',
      'invitations.expires_at',
      displayName.as('invited_by'),
    ])
    .where('invitations.organisation_id', '=', organisationId)
    .where(isPending)
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    expiresAt: iso(r.expires_at),
    invitedBy: r.invited_by,
  }));
}

/** Revokes a pending invitation of the organisation; false when it has none such. */
export async function revokeInvitation(db: Queryable, organisationId: number, id: number): Promise<boolean> {
  const result = await db.kysely
    .updateTable('invitations')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * An invitation found by its token's hash (the owner's link or the mailed one: `via_mail` says which), in
 * whatever state it is (times judged by the database).
 */
export async function invitationByTokenHash(db: Queryable, tokenHash: string) {
  const row = await db.kysely
    .selectFrom('invitations')
    .innerJoin('organisations as o', 'o.id', 'invitations.organisation_id')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.organisation_id',
      'o.name as organisation_name',
      'invitations.email',
      'invitations.role',
      displayName.as('invited_by'),
      sql<boolean>`(invitations.accepted_at IS NOT NULL OR invitations.revoked_at IS NOT NULL)`.as('used'),
      sql<boolean>`(invitations.expires_at <= now())`.as('expired'),
      sql<boolean>`(invitations.mail_token_hash IS NOT DISTINCT FROM ${tokenHash})`.as('via_mail'),
    ])
    .where((eb) =>
      eb.or([
        eb('invitations.token_hash', '=', tokenHash),
        eb('invitations.mail_token_hash', '=', tokenHash),
      ]),
    )
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Marks a still-pending invitation accepted by `userId`, in one statement: of two uses of the same link
 * at once, one gets the invitation and the other nothing. Null when it is no longer pending.
 */
export async function claimInvitation(tx: Queryable, id: number, userId: number) {
  const row = await tx.kysely
    .updateTable('invitations')
    .set({ accepted_at: sql<Date>`now()`, accepted_by: userId })
    .where('id', '=', id)
    .where(isPending)
    .returning(['organisation_id', 'role', 'invited_by'])
    .executeTakeFirst();
  return row ?? null;
}

/** The member's role in the organisation now; null when they are not a member. */
export async function roleOfMember(db: Queryable, organisationId: number, userId: number) {
  const row = await db.kysely
    .selectFrom('memberships')
    .select('role')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/**
 * Revokes the pending invitations the member sent in the organisation: their rights to bring people in
 * ended with their role. Call in the transaction that removes or demotes them.
 */
export async function revokeInvitationsSentBy(db: Queryable, organisationId: number, userId: number) {
  await db.kysely
    .updateTable('invitations')
    .set({ revoked_at: sql<Date>`now()` })
    .where('organisation_id', '=', organisationId)
    .where('invited_by', '=', userId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The account's id and e-mail (the invited address is compared with it), or undefined. */
export function accountEmail(db: Queryable, userId: number) {
  return db.kysely.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
}
