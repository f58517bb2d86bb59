import type {
  IssueReportDetails as Details,
  IssueStatus,
  IssueReportSummary as Summary,
} from '@insightra/contract';
import type { Database } from '../../db/client';

interface IssueRow {
  id: number;
  kind: Summary['kind'];
  name: string;
  email: string | null;
  subject: string;
  issue_type: Summary['issueType'];
  issue_type_other: string | null;
  status: IssueStatus;
  screenshot_file_id: number | null;
  created_at: Date | string;
}

const SUMMARY_COLUMNS = `id, kind, name, email, subject, issue_type, issue_type_other, status, screenshot_file_id, created_at`;

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
  db: Database,
  options: { status?: IssueStatus; page: number; pageSize: number },
): Promise<{ issues: Summary[]; total: number }> {
  const where = options.status ? 'WHERE status = $1' : '';
  const params: unknown[] = options.status ? [options.status] : [];
  const [count, rows] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM issue_reports ${where}`, params),
    db.query<IssueRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM issue_reports ${where}
        ORDER BY created_at DESC, id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, options.pageSize, (options.page - 1) * options.pageSize],
    ),
  ]);
  return { issues: rows.rows.map(toSummary), total: count.rows[0]?.total ?? 0 };
}

export async function findIssue(db: Database, id: number): Promise<Details | null> {
  const { rows } = await db.query<IssueRow & { description: string }>(
    `SELECT ${SUMMARY_COLUMNS}, description FROM issue_reports WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...toSummary(row),
    description: row.description,
    screenshotUrl: row.screenshot_file_id !== null ? screenshotPath(row.id) : null,
  };
}

export async function issueScreenshotFileId(db: Database, id: number): Promise<number | null | undefined> {
  const { rows } = await db.query<{ screenshot_file_id: number | null }>(
    'SELECT screenshot_file_id FROM issue_reports WHERE id = $1',
    [id],
  );
  // undefined: no such issue; null: the issue has no screenshot.
  return rows[0] ? rows[0].screenshot_file_id : undefined;
}

export async function setIssueStatus(db: Database, id: number, status: IssueStatus): Promise<Summary | null> {
  const { rows } = await db.query<IssueRow>(
    `UPDATE issue_reports SET status = $2, updated_at = now() WHERE id = $1 RETURNING ${SUMMARY_COLUMNS}`,
    [id, status],
  );
  return rows[0] ? toSummary(rows[0]) : null;
}
