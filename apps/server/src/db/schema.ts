import type { DELIVERY_STATES, OrganisationRole, SubscriptionCadence } from '@insightra/contract';
import type { ColumnType, Generated } from 'kysely';

/** Row types of the migrations in ./migrations, declared once. Keep in step with the SQL. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface AppSettingsTable {
  key: string;
  value: string;
  created_at: Generated<Date>;
}

export interface SectorsTable {
  id: Generated<number>;
  name: string;
  slug: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  full_name: string | null;
  email: string | null;
  password_hash: string | null;
  role: ColumnType<'member' | 'admin', 'member' | 'admin' | undefined, 'member' | 'admin'>;
  region: string | null;
  location: string | null;
  mobile_number: string | null;
  /** 0017: the organisation new sessions start in. */
  default_organisation_id: number | null;
  /** 0017: the user's organisations, kept by triggers from memberships and names; never written. */
  organisations: ColumnType<{ id: number; name: string; role: OrganisationRole }[], never, never>;
  providers: ColumnType<string[], string[] | undefined, string[]>;
  google_sub: string | null;
  permissions: ColumnType<Record<string, boolean | string | number>, string | undefined, string>;
  dashboard_header: Generated<string>;
  created_date: Generated<Date>;
  updated_date: Timestamp;
  /** 0020: when the address was confirmed; null while it is not. */
  email_verified_at: NullableTimestamp;
  /** 0020: an account older than confirmation receives its subscriptions unconfirmed until then. */
  email_grace_until: NullableTimestamp;
  /** 0020: owed its one confirmation link. */
  confirmation_due: Generated<boolean>;
}

export interface ReportsTable {
  id: Generated<number>;
  organisation_id: number;
  tier: 'Beta' | 'Alpha' | 'Alpha+';
  report_type: string;
  report_uuid: string;
  created_by: number | null;
  created_at: Generated<Date>;
}

export type FilePurpose = 'upload-original' | 'upload-rejected' | 'issue-screenshot';

export interface StoredFilesTable {
  id: Generated<number>;
  owner_id: number | null;
  purpose: FilePurpose;
  file_name: string;
  content_type: string;
  /** 'gzip' when the chunks hold the file compressed; byte_size is always the decoded size. */
  content_encoding: ColumnType<'gzip' | null, 'gzip' | null | undefined, 'gzip' | null>;
  byte_size: Generated<number>;
  created_at: Generated<Date>;
  expires_at: NullableTimestamp;
  removed_at: NullableTimestamp;
}

export interface StoredFileChunksTable {
  file_id: number;
  seq: number;
  data: Uint8Array;
}

export interface UploadLogsTable {
  id: Generated<number>;
  organisation_id: number;
  /** Who uploaded it (null once that account is removed). */
  user_id: number | null;
  file_name: string;
  file_format: 'csv' | 'xlsx' | 'xls';
  total_processed: Generated<number>;
  total_accepted: Generated<number>;
  total_failed: Generated<number>;
  success_rate: Generated<number>;
  status: Generated<number>;
  date: Generated<Date>;
  original_file_id: number | null;
  rejected_file_id: number | null;
  deleted_at: NullableTimestamp;
  /** 0007: the uploaded size, for the daily volume bound. */
  byte_size: Generated<number>;
}

/** 0007_pending_uploads.sql: an upload being written, published into upload_logs (decision 080). */
export interface PendingUploadsTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  file_name: string;
  lease_owner: string;
  lease_expires_at: Timestamp;
  byte_size: Generated<number>;
  original_file_id: number | null;
  rejected_file_id: number | null;
  created_at: Generated<Date>;
}

export interface DatasetRowsTable {
  upload_id: number;
  organisation_id: number;
  student_id: string;
  student_name: string;
  gender: 'Female' | 'Male';
  grade: string;
  project_submitted: boolean;
  score: number | null;
  enrolled_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 0004_dashboard.sql: generated from score and enrolled_on; never written. */
  score_band: ColumnType<number | null, never, never>;
  enrol_month: ColumnType<Date | null, never, never>;
}

export type RefreshJobStatus = 'queued' | 'refreshing' | 'completed' | 'failed';

export interface RefreshJobsTable {
  id: Generated<string>;
  organisation_id: number;
  /** Who started it (null once that account is removed). */
  user_id: number | null;
  status: ColumnType<RefreshJobStatus, RefreshJobStatus | undefined, RefreshJobStatus>;
  message: Generated<string>;
  row_count: number | null;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: NullableTimestamp;
  requested_at: Generated<Date>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  duration_ms: number | null;
}

export interface IssueReportsTable {
  id: Generated<number>;
  kind: ColumnType<'issue' | 'contact', 'issue' | 'contact' | undefined, 'issue' | 'contact'>;
  user_id: number | null;
  name: string;
  email: string | null;
  company: string | null;
  subject: string;
  issue_type: 'Login Error' | 'Bug' | 'Feature Request' | 'Other' | null;
  issue_type_other: string | null;
  description: string;
  screenshot_file_id: number | null;
  status: ColumnType<'open' | 'resolved', 'open' | 'resolved' | undefined, 'open' | 'resolved'>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DemoStudentsTable {
  id: Generated<number>;
  sector: string;
  student_name: string;
  gender: 'Female' | 'Male';
  grade: string;
  project_submitted: boolean;
  score: number | null;
  enrolled_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** 0011_sector_data.sql: a member's report figures, per grouping (docs/decisions/101-sector-reports.md). */
export interface SectorSummariesTable {
  organisation_id: number;
  sector: string;
  grouping: string;
  d1: string | null;
  d2: string | null;
  terms: ColumnType<Record<string, number | null>, string, string>;
}

/** One upload's summary rows (SummaryRow[] as JSON), made by the summary query named `plan`. */
export interface UploadSummariesTable {
  upload_id: number;
  plan: string;
  rows: ColumnType<unknown, string, string>;
}

export interface ReportRefreshStateTable {
  organisation_id: number;
  refreshed_at: Timestamp;
  data_as_of: Timestamp;
  row_count: number;
  job_id: string | null;
  /** 0019: the upload whose stored summary the reports read in place (null: sector_summaries). */
  summary_upload_id: number | null;
  summary_sector: string | null;
}

/** 0009: one row per signed-in session; its tokens name it (`sid`). */
export interface SessionsTable {
  id: string;
  user_id: number;
  signed_in_at: Timestamp;
  expires_at: Timestamp;
  /** 0016: the sign-in, or the last re-authentication. */
  proved_at: Timestamp;
  /** 0017: the active organisation. */
  organisation_id: number | null;
}

/** 0017_organisations.sql: the client companies; what a member owned, an organisation owns. */
export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  sector_id: number | null;
  customer_id: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface MembershipsTable {
  organisation_id: number;
  user_id: number;
  role: OrganisationRole;
  joined_at: Generated<Date>;
}

export interface InvitationsTable {
  id: Generated<number>;
  organisation_id: number;
  email: string;
  role: OrganisationRole;
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  invited_by: number | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  accepted_by: number | null;
  revoked_at: NullableTimestamp;
  /** 0020: SHA-256 of the mailed link's own token, whose use proves the address. */
  mail_token_hash: string | null;
}

/** 0020: a single-use link mailed to an account (only its token's SHA-256 is kept). */
export interface AccountTokensTable {
  token_hash: string;
  user_id: number;
  purpose: 'verify-email' | 'reset-password';
  email: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** 0020: an address (lower case) that asked for no more mail from the organisation. */
export interface MailSuppressionsTable {
  organisation_id: number;
  email: string;
  created_at: Generated<Date>;
}

/** 0020: a member's export in progress on some instance, until it ends or expires. */
export interface ExportRunsTable {
  id: string;
  user_id: number;
  expires_at: Timestamp;
}

/** 0008_rate_limits.sql: the request limits' counted windows (lib/rate-limit.ts). */
export interface RateLimitWindowsTable {
  bucket: string;
  key: string;
  hits: number;
  expires_at: Timestamp;
}

/**
 * One user as the API reads it: `users` joined with its active organisation, its role there and its sector's name, the password only as presence,
 * the dates as ISO text or as the driver gives them. The one row type of a user outside `UsersTable`;
 * narrower reads pick from it.
 */
export interface UserRow {
  id: number;
  username: string;
  full_name: string | null;
  email: string | null;
  /** Whether the address is confirmed. */
  email_verified: boolean;
  has_password: boolean;
  role: 'member' | 'admin';
  region: string | null;
  location: string | null;
  mobile_number: string | null;
  /** The active organisation's: its customer number and sector. */
  customer_id: number | null;
  sector_id: number | null;
  sector_name: string | null;
  /** The active organisation (the session's, else the user's default) and the user's role in it. */
  organisation_id: number | null;
  organisation_name: string | null;
  organisation_role: OrganisationRole | null;
  /** Every organisation the user belongs to: [{id, name, role}]. */
  organisations: { id: number; name: string; role: OrganisationRole }[] | null;
  providers: string[] | null;
  permissions: Record<string, boolean | string | number> | null;
  dashboard_header: string | null;
  created_date: Date | string;
  updated_date: Date | string;
}

export type DeliveryStatus = (typeof DELIVERY_STATES)[number];

/** 0018_subscriptions.sql: a report tab e-mailed on a schedule (docs/decisions/132-subscriptions.md). */
export interface SubscriptionsTable {
  id: Generated<number>;
  organisation_id: number;
  report_id: number;
  created_by: number | null;
  cadence: SubscriptionCadence;
  weekday: number | null;
  month_day: number | null;
  /** HH:MM, local to time_zone. */
  time: string;
  time_zone: string;
  skip_without_new_data: Generated<boolean>;
  paused: Generated<boolean>;
  next_run_at: NullableTimestamp;
  last_sent_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface SubscriptionRecipientsTable {
  subscription_id: number;
  user_id: number;
  /** SHA-256 (hex) of the recipient's unsubscribe token; the token itself is never stored. */
  unsubscribe_token_hash: string;
  unsubscribed_at: NullableTimestamp;
}

/** One mail: a slot of a subscription to one address, claimed under a lease by a delivery worker. */
export interface SubscriptionDeliveriesTable {
  id: Generated<number>;
  subscription_id: number;
  slot: Timestamp;
  user_id: number | null;
  email: string;
  message_id: string;
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  lease_owner: string | null;
  lease_expires_at: NullableTimestamp;
  /** What members read of a failure or a skip. */
  error: string | null;
  /** 0020: the mail server's own words, for administrators. */
  error_detail: string | null;
  sent_at: NullableTimestamp;
}

export interface DB {
  app_settings: AppSettingsTable;
  sectors: SectorsTable;
  users: UsersTable;
  reports: ReportsTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  upload_logs: UploadLogsTable;
  pending_uploads: PendingUploadsTable;
  dataset_rows: DatasetRowsTable;
  refresh_jobs: RefreshJobsTable;
  report_refresh_state: ReportRefreshStateTable;
  sector_summaries: SectorSummariesTable;
  upload_summaries: UploadSummariesTable;
  issue_reports: IssueReportsTable;
  demo_students: DemoStudentsTable;
  sessions: SessionsTable;
  rate_limit_windows: RateLimitWindowsTable;
  organisations: OrganisationsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  subscriptions: SubscriptionsTable;
  subscription_recipients: SubscriptionRecipientsTable;
  subscription_deliveries: SubscriptionDeliveriesTable;
  account_tokens: AccountTokensTable;
  mail_suppressions: MailSuppressionsTable;
  export_runs: ExportRunsTable;
}
