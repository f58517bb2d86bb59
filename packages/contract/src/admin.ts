import { z } from 'zod';
import { BiSettings } from './bi';
import { ISSUE_TYPES, ROLES, TIERS } from './constants';
import { defineRoute, IdParams, IntId } from './http';
import { NewReport, Report } from './reports';
import { ActiveOrganisation } from './users';

export const AdminUserSummary = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  full_name: z.string().nullable(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  sector_id: z.number().int().nullable(),
  sector_name: z.string().nullable(),
  created_date: z.string(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;

export const AdminUserDetails = AdminUserSummary.extend({
  /** The user's organisations; `sector_*` and the reports are those of the default one. */
  organisations: z.array(ActiveOrganisation),
  location: z.string().nullable(),
  mobile_number: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  region: z.string().nullable(),
});
export type AdminUserDetails = z.infer<typeof AdminUserDetails>;

export const ReportsByTier = z.object(
  Object.fromEntries(TIERS.map((t) => [t, z.array(Report)])) as {
    [K in (typeof TIERS)[number]]: z.ZodArray<typeof Report>;
  },
);
export type ReportsByTier = z.infer<typeof ReportsByTier>;

export const Pagination = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
});

export const ISSUE_STATUSES = ['open', 'resolved'] as const;

export const IssueReportSummary = z.object({
  id: z.number().int(),
  kind: z.enum(['issue', 'contact']),
  name: z.string(),
  email: z.string().nullable(),
  subject: z.string(),
  issueType: z.enum(ISSUE_TYPES).nullable(),
  issueTypeOther: z.string().nullable(),
  status: z.enum(ISSUE_STATUSES),
  hasScreenshot: z.boolean(),
  created_at: z.string(),
});
export type IssueReportSummary = z.infer<typeof IssueReportSummary>;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const IssueReportDetails = IssueReportSummary.extend({
  description: z.string(),
  /** Set when the report has a screenshot; fetch it with the bearer header (never a token in a URL). */
  screenshotUrl: z.string().nullable(),
});
export type IssueReportDetails = z.infer<typeof IssueReportDetails>;

export const adminRoutes = {
  users: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    tag: 'admin',
    access: 'admin',
    summary: 'Users, searchable by full name (trimmed, case-insensitive) and paged',
    query: PageQuery.extend({ q: z.string().max(200).optional() }),
    response: z.object({ success: z.literal(true), data: z.array(AdminUserSummary), pagination: Pagination }),
  }),
  user: defineRoute({
    method: 'GET',
    path: '/api/admin/users/:id',
    tag: 'admin',
    access: 'admin',
    summary: 'One user and their reports grouped by tier',
    params: IdParams,
    response: z.object({
      success: z.literal(true),
      data: z.object({ user: AdminUserDetails, reports: ReportsByTier }),
    }),
  }),
  addReport: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/reports',
    tag: 'admin',
    access: 'admin',
    status: 201,
    summary: 'Add a report for a user',
    params: IdParams,
    body: NewReport,
    response: z.object({ success: z.literal(true), message: z.string(), data: Report }),
  }),
  issues: defineRoute({
    method: 'GET',
    path: '/api/admin/issues',
    tag: 'admin',
    access: 'admin',
    summary: 'Issue reports and contact messages, newest first, paged',
    query: PageQuery.extend({ status: z.enum(ISSUE_STATUSES).optional() }),
    response: z.object({
      success: z.literal(true),
      data: z.array(IssueReportSummary),
      pagination: Pagination,
    }),
  }),
  issue: defineRoute({
    method: 'GET',
    path: '/api/admin/issues/:id',
    tag: 'admin',
    access: 'admin',
    summary: 'One issue report',
    params: IdParams,
    response: z.object({ success: z.literal(true), data: IssueReportDetails }),
  }),
  issueScreenshot: defineRoute({
    method: 'GET',
    path: '/api/admin/issues/:id/screenshot',
    tag: 'admin',
    access: 'admin',
    summary: "An issue report's screenshot (image)",
    params: IdParams,
    file: true,
  }),
  setIssueStatus: defineRoute({
    method: 'PATCH',
    path: '/api/admin/issues/:id',
    tag: 'admin',
    access: 'admin',
    summary: 'Mark an issue report open or resolved',
    params: IdParams,
    body: z.object({ status: z.enum(ISSUE_STATUSES) }),
    response: z.object({ success: z.literal(true), message: z.string(), data: IssueReportSummary }),
  }),
  biSettings: defineRoute({
    method: 'GET',
    path: '/api/admin/bi-settings',
    tag: 'admin',
    access: 'admin',
    summary: 'How the BI provider is set up (row-level security, token lifetime, refresh cooldown)',
    response: z.object({ success: z.literal(true), data: BiSettings }),
  }),
} as const;

export { IntId };
