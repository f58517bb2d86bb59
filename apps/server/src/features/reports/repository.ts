import type { NewReport, Report, Tier } from '@insightra/contract';
import type { Database } from '../../db/client';

const COLUMNS = ['id', 'tier', 'report_type', 'report_uuid'] as const;

/** A member's report tabs. Every query is scoped by user id, so no caller can reach another's rows. */
export function reportsRepository(db: Database) {
  return {
    list(userId: number, tier?: Tier): Promise<Report[]> {
      let q = db.kysely.selectFrom('reports').select(COLUMNS).where('user_id', '=', userId);
      if (tier) q = q.where('tier', '=', tier);
      return q.orderBy('id').execute();
    },
    create(userId: number, input: NewReport, createdBy: number): Promise<Report> {
      return db.kysely
        .insertInto('reports')
        .values({ user_id: userId, created_by: createdBy, ...input })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },
    /** The deleted report, or undefined when the user has no report with that id. */
    remove(userId: number, id: number): Promise<Report | undefined> {
      return db.kysely
        .deleteFrom('reports')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(COLUMNS)
        .executeTakeFirst();
    },
  };
}
