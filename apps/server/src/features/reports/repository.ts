import { type NewReport, type Report, type ReportsByTier, TIERS, type Tier } from '@insightra/contract';
import type { Database, Queryable } from '../../db/client';

const COLUMNS = ['id', 'tier', 'report_type', 'report_uuid'] as const;

/** An organisation's report tabs. Every query is scoped by organisation, so no caller can reach another's rows. */
export function reportsRepository(db: Database) {
  return {
    list(organisationId: number, tier?: Tier): Promise<Report[]> {
      let q = db.kysely.selectFrom('reports').select(COLUMNS).where('organisation_id', '=', organisationId);
      if (tier) q = q.where('tier', '=', tier);
      return q.orderBy('id').execute();
    },
    create(organisationId: number, input: NewReport, createdBy: number): Promise<Report> {
      return db.kysely
        .insertInto('reports')
        .values({ organisation_id: organisationId, created_by: createdBy, ...input })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },
    /** The deleted report, or undefined when the organisation has no report with that id. */
    remove(organisationId: number, id: number): Promise<Report | undefined> {
      return db.kysely
        .deleteFrom('reports')
        .where('id', '=', id)
        .where('organisation_id', '=', organisationId)
        .returning(COLUMNS)
        .executeTakeFirst();
    },
  };
}

/** An organisation's reports, oldest first within each tier (the order the tabs were added). */
export async function reportsByTier(db: Queryable, organisationId: number | null): Promise<ReportsByTier> {
  const grouped = Object.fromEntries(TIERS.map((t) => [t, [] as Report[]])) as Record<Tier, Report[]>;
  if (organisationId === null) return grouped;
  const rows = await db.kysely
    .selectFrom('reports')
    .select(['id', 'tier', 'report_type', 'report_uuid'])
    .where('organisation_id', '=', organisationId)
    .orderBy('id')
    .execute();
  for (const row of rows) grouped[row.tier].push(row);
  return grouped;
}

/**
 * Adds a report tab to an organisation in one statement that also checks the organisation exists, so
 * one removed meanwhile gives null (404) rather than a foreign-key error.
 */
export async function insertReport(
  db: Queryable,
  report: { organisationId: number; tier: Tier; report_type: string; report_uuid: string; createdBy: number },
): Promise<Report | null> {
  const row = await db.kysely
    .insertInto('reports')
    .columns(['organisation_id', 'tier', 'report_type', 'report_uuid', 'created_by'])
    .expression((eb) =>
      eb
        .selectFrom('organisations as o')
        .select((s) => [
          'o.id',
          s.val(report.tier).as('tier'),
          s.val(report.report_type).as('report_type'),
          s.val(report.report_uuid).as('report_uuid'),
          s.val(report.createdBy).as('created_by'),
        ])
        .where('o.id', '=', report.organisationId),
    )
    .returning(['id', 'tier', 'report_type', 'report_uuid'])
    .executeTakeFirst();
  return row ?? null;
}
