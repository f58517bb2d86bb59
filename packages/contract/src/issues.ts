import { z } from 'zod';
import { ISSUE_TYPES, LIMITS } from './constants';
import { defineRoute, SuccessMessage } from './http';

/** Field rules of SPEC.md §5 (Report issue). The order of checks is the order of `ISSUE_CHECK_ORDER`. */
export const IssueReportFields = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(LIMITS.issueNameMax),
    email: z
      .string()
      .trim()
      .max(LIMITS.emailMax)
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.email('Invalid email format').optional()),
    subject: z.string().trim().min(1, 'Subject is required').max(LIMITS.issueSubjectMax),
    issueType: z.enum(ISSUE_TYPES, { message: 'Issue type is required' }),
    issueTypeOther: z.string().trim().max(100).optional(),
    description: z.string().trim().min(1, 'Description is required').max(LIMITS.issueDescriptionMax),
  })
  .refine((v) => v.issueType !== 'Other' || Boolean(v.issueTypeOther), {
    message: 'Please specify issue type',
    path: ['issueTypeOther'],
  });
export type IssueReportFields = z.infer<typeof IssueReportFields>;

export const ContactBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(LIMITS.issueNameMax),
  email: z.string().trim().max(LIMITS.emailMax).pipe(z.email('Invalid email format')),
  company: z.string().trim().max(200).optional(),
  message: z.string().trim().min(1, 'Message is required').max(LIMITS.issueDescriptionMax),
});

export const issueRoutes = {
  report: defineRoute({
    method: 'POST',
    path: '/api/server/report-issue',
    tag: 'issues',
    access: 'optional',
    multipart: true,
    summary:
      'Report an issue (multipart: name, email, subject, issueType, issueTypeOther, description, screenshot)',
    response: SuccessMessage,
  }),
  contact: defineRoute({
    method: 'POST',
    path: '/api/contact',
    tag: 'issues',
    access: 'none',
    status: 201,
    summary: 'Send a message from the contact section',
    body: ContactBody,
    response: SuccessMessage,
  }),
} as const;
