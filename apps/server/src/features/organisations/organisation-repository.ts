import type { Organisation, OrganisationRole, OrganisationSummary } from '@insightra/contract';
import { sql } from 'kysely';
import type { Queryable } from '../../db/client';

/**
 * A new organisation with `ownerId` as its owner; it becomes the owner's default organisation when they
 * have none yet. Returns its id.
 */
export async function createOrganisation(
  db: Queryable,
  name: string,
  ownerId: number,
  sectorId: number | null = null,
): Promise<number> {
  const { id } = await db.kysely
    .insertInto('organisations')
    .values({ name, created_by: ownerId, sector_id: sectorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addMember(db, id, ownerId, 'owner');
  return id;
}

/**
 * Adds (or re-adds with a new role) a member; their default organisation is set when they have none.
 * `keepRole`: a member already there keeps the role they have (joining through an invitation never
 * changes an existing member's role, which could take away the last owner).
 */
export async function addMember(
  db: Queryable,
  organisationId: number,
  userId: number,
  role: OrganisationRole,
  { keepRole = false }: { keepRole?: boolean } = {},
): Promise<void> {
  await db.kysely
    .insertInto('memberships')
    .values({ organisation_id: organisationId, user_id: userId, role })
    .onConflict((oc) => {
      const existing = oc.columns(['organisation_id', 'user_id']);
      return keepRole ? existing.doNothing() : existing.doUpdateSet({ role });
    })
    .execute();
  await db.kysely
    .updateTable('users')
    .set({ default_organisation_id: sql<number>`COALESCE(default_organisation_id, ${organisationId})` })
    .where('id', '=', userId)
    .execute();
}

/** The personal organisation a registration makes: named after the person, who owns it. */
export function createPersonalOrganisation(
  db: Queryable,
  userId: number,
  person: { fullName: string | null; username: string },
): Promise<number> {
  return createOrganisation(db, person.fullName?.trim() || person.username, userId);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** An organisation with its sector's name and its member count, as the API shows it. */
export const organisationsWithDetails = (db: Queryable) =>
  db.kysely
    .selectFrom('organisations as o')
    .leftJoin('sectors as s', 's.id', 'o.sector_id')
    .select((eb) => [
      'o.id',
      'o.name',
      'o.sector_id',
      's.name as sector_name',
      'o.customer_id',
      'o.created_at',
      eb
        .selectFrom('memberships as mc')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('mc.organisation_id', '=', 'o.id')
        .as('member_count'),
    ]);

type DetailsRow = Awaited<ReturnType<ReturnType<typeof organisationsWithDetails>['executeTakeFirstOrThrow']>>;

export function toOrganisation(row: DetailsRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    sectorId: row.sector_id,
    sector: row.sector_name,
    customerId: row.customer_id,
    memberCount: row.member_count ?? 0,
    createdAt: iso(row.created_at),
  };
}

export async function findOrganisation(db: Queryable, id: number): Promise<Organisation | null> {
  const row = await organisationsWithDetails(db).where('o.id', '=', id).executeTakeFirst();
  return row ? toOrganisation(row) : null;
}

/** The organisations the user belongs to, by name, with their role in each. */
export async function organisationsOf(
  db: Queryable,
  userId: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<OrganisationSummary[]> {
  const rows = await db.kysely
    .selectFrom('memberships as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select((eb) => [
      'o.id',
      'o.name',
      'm.role',
      'o.sector_id',
      eb
        .selectFrom('memberships as mc')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('mc.organisation_id', '=', 'o.id')
        .as('member_count'),
    ])
    .where('m.user_id', '=', userId)
    .orderBy(sql`lower(o.name)`)
    .orderBy('o.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    sectorId: r.sector_id,
    memberCount: r.member_count ?? 0,
  }));
}

/**
 * Holds the organisation's row until the transaction ends, so that changes to its owners and its
 * pending invitations are made one at a time. False when the organisation does not exist.
 */
export async function lockOrganisation(tx: Queryable, id: number): Promise<boolean> {
  const row = await tx.kysely
    .selectFrom('organisations')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new organisation owned by `userId`, unless they have already created `max`: null then. Their row
 * is held while counting, so parallel requests cannot each pass the count.
 */
export async function createOwnOrganisation(
  tx: Queryable,
  userId: number,
  name: string,
  max: number,
): Promise<number | null> {
  await tx.kysely.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const { n } = await tx.kysely
    .selectFrom('organisations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('created_by', '=', userId)
    .executeTakeFirstOrThrow();
  if (n >= max) return null;
  return createOrganisation(tx, name, userId);
}

/** Renames an organisation and/or sets its customer number; false when it does not exist. */
export async function updateOrganisation(
  db: Queryable,
  id: number,
  change: { name?: string | undefined; customerId?: number | undefined },
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('organisations')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.customerId !== undefined ? { customer_id: change.customerId } : {}),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The organisation the user's new sessions start in. */
export async function setDefaultOrganisation(db: Queryable, userId: number, organisationId: number | null) {
  await db.kysely
    .updateTable('users')
    .set({ default_organisation_id: organisationId })
    .where('id', '=', userId)
    .execute();
}
