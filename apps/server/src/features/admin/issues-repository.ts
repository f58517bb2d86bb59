import type {
  IssueReportDetails as Details,
  IssueStatus,
  IssueReportSummary as Summary,
} from '@insightra/contract';
import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client';
import { type PageRequest, readPage } from '../../db/page';
import type { IssueReportsTable } from '../../db/schema';

const SUMMARY_COLUMNS = [
  'id',
  'kind',
  'name',
  'email',
  'subject',
  'issue_type',
  'issue_type_other',
  'status',
  'screenshot_file_id',
  'created_at',
] as const;

type IssueRow = Pick<Selectable<IssueReportsTable>, (typeof SUMMARY_COLUMNS)[number]>;

function toSummary(row: IssueRow): Summary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    subject: row.subject,
    issueType: row.issue_type,
    issueTypeOther: row.issue_type_other,
    status: row.status,
    hasScreenshot: row.screenshot_file_id !== null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The screenshot's address: fetched by the admin app with its bearer header, never a token in the URL. */
export const screenshotPath = (id: number) => `/api/admin/issues/${id}/screenshot`;

export async function listIssues(
  db: Queryable,
  options: PageRequest & { status?: IssueStatus },
): Promise<{ issues: Summary[]; total: number }> {
  let filtered = db.kysely.selectFrom('issue_reports');
  if (options.status) filtered = filtered.where('status', '=', options.status);
  const { rows, total } = await readPage(
    filtered.select(sql<number>`count(*)::int`.as('total')),
    filtered.select(SUMMARY_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    options,
  );
  return { issues: rows.map(toSummary), total };
}

export async function findIssue(db: Queryable, id: number): Promise<Details | null> {
  const row = await db.kysely
    .selectFrom('issue_reports')
    .select([...SUMMARY_COLUMNS, 'description'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toSummary(row),
    description: row.description,
    screenshotUrl: row.screenshot_file_id !== null ? screenshotPath(row.id) : null,
  };
}

export async function issueScreenshotFileId(db: Queryable, id: number): Promise<number | null | undefined> {
  const row = await db.kysely
    .selectFrom('issue_reports')
    .select('screenshot_file_id')
    .where('id', '=', id)
    .executeTakeFirst();
  // undefined: no such issue; null: the issue has no screenshot.
  return row ? row.screenshot_file_id : undefined;
}

export async function setIssueStatus(
  db: Queryable,
  id: number,
  status: IssueStatus,
): Promise<Summary | null> {
  const row = await db.kysely
    .updateTable('issue_reports')
    .set({ status, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}
