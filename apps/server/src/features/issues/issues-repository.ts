import type { Insertable } from 'kysely';
import type { Queryable } from '../../db/client';
import type { IssueReportsTable } from '../../db/schema';

/** The fields a contact message stores; the rest of the row keeps its defaults. */
export type ContactMessage = Pick<
  Insertable<IssueReportsTable>,
  'name' | 'email' | 'company' | 'subject' | 'description'
>;

/** The fields an issue report stores. */
export type IssueReport = Pick<
  Insertable<IssueReportsTable>,
  | 'user_id'
  | 'name'
  | 'email'
  | 'subject'
  | 'issue_type'
  | 'issue_type_other'
  | 'description'
  | 'screenshot_file_id'
>;

/** Stores a contact message in the issue inbox, so administrators read both kinds in one place. */
export async function insertContactMessage(db: Queryable, message: ContactMessage): Promise<void> {
  await db.kysely
    .insertInto('issue_reports')
    .values({ kind: 'contact', ...message })
    .execute();
}

/** Stores an issue report and answers its id. */
export async function insertIssueReport(db: Queryable, report: IssueReport): Promise<number> {
  const row = await db.kysely
    .insertInto('issue_reports')
    .values({ kind: 'issue', ...report })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
