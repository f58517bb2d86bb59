import { type Member, type OrganisationRole, roleGrants } from '@insightra/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db/client';
import { revokeInvitationsSentBy } from './invitation-repository';
import { lockOrganisation } from './organisation-repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** An organisation's members, by name (then id, so that pages never overlap). */
export async function listMembers(
  db: Queryable,
  organisationId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<Member[]> {
  const rows = await db.kysely
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.username', 'u.full_name', 'u.email', 'm.role', 'm.joined_at'])
    .where('m.organisation_id', '=', organisationId)
    .orderBy(sql`lower(COALESCE(NULLIF(u.full_name, ''), u.username))`)
    .orderBy('u.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    userId: r.id,
    username: r.username,
    fullName: r.full_name,
    email: r.email,
    role: r.role,
    joinedAt: iso(r.joined_at),
  }));
}

/** What a change of membership came to: done, no such member, or refused to keep an owner. */
export type MembershipChange = 'done' | 'not-member' | 'last-owner';

/**
 * The member's role and whether they are the organisation's only owner, with the organisation's row
 * held until the transaction ends: two owners demoting or removing each other at once cannot both pass.
 */
async function memberUnderLock(tx: Queryable, organisationId: number, userId: number) {
  if (!(await lockOrganisation(tx, organisationId))) return null;
  const row = await tx.kysely
    .selectFrom('memberships as m')
    .select((eb) => [
      'm.role',
      eb
        .selectFrom('memberships as o')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('o.organisation_id', '=', 'm.organisation_id')
        .where('o.role', '=', 'owner')
        .as('owners'),
    ])
    .where('m.organisation_id', '=', organisationId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return { role: row.role, onlyOwner: row.role === 'owner' && (row.owners ?? 0) <= 1 };
}

/**
 * Gives a member another role; the organisation's only owner keeps theirs. A role that no longer manages
 * members revokes the invitations the member sent. Call inside a transaction.
 */
export async function changeRole(
  tx: Queryable,
  organisationId: number,
  userId: number,
  role: OrganisationRole,
): Promise<MembershipChange> {
  const member = await memberUnderLock(tx, organisationId, userId);
  if (!member) return 'not-member';
  if (member.onlyOwner && role !== 'owner') return 'last-owner';
  await tx.kysely
    .updateTable('memberships')
    .set({ role })
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .execute();
  if (!roleGrants(role, 'members.manage')) await revokeInvitationsSentBy(tx, organisationId, userId);
  return 'done';
}

/**
 * Removes a member (the only owner stays), and revokes the invitations they sent there. What they
 * uploaded stays with the organisation. Their
 * default organisation, when it was this one, becomes the first they still belong to (or none), and
 * their sessions in this organisation move there, so their next request is outside it. Call inside a
 * transaction.
 */
export async function removeMember(
  tx: Queryable,
  organisationId: number,
  userId: number,
): Promise<MembershipChange> {
  const member = await memberUnderLock(tx, organisationId, userId);
  if (!member) return 'not-member';
  if (member.onlyOwner) return 'last-owner';
  await tx.kysely
    .deleteFrom('memberships')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .execute();
  await revokeInvitationsSentBy(tx, organisationId, userId);
  await tx.kysely
    .updateTable('users')
    .set((eb) => ({
      default_organisation_id: eb
        .selectFrom('memberships')
        .select('organisation_id')
        .where('user_id', '=', userId)
        .orderBy('joined_at')
        .orderBy('organisation_id')
        .limit(1),
    }))
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([eb('default_organisation_id', '=', organisationId), eb('default_organisation_id', 'is', null)]),
    )
    .execute();
  await tx.kysely
    .updateTable('sessions')
    .set((eb) => ({
      organisation_id: eb.selectFrom('users').select('default_organisation_id').where('id', '=', userId),
    }))
    .where('user_id', '=', userId)
    .where('organisation_id', '=', organisationId)
    .execute();
  return 'done';
}
