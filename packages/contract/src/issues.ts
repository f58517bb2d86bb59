import { z } from 'zod';
import { ISSUE_TYPES, LIMITS } from './constants';
import { inputErrorMessage, requiredAs } from './field-messages';
import { defineRoute, SuccessMessage } from './http';
import { ISSUE_CHECK_ORDER } from './issue-rules';

export { ISSUE_CHECK_ORDER, SCREENSHOT_TYPES } from './issue-rules';

/** Field rules of docs/PRODUCT.md#issue-reports (Report issue). The order of checks is the order of `ISSUE_CHECK_ORDER`. */
export const IssueReportFields = z
  .object({
    name: z
      .string({ error: requiredAs('Name is required') })
      .trim()
      .min(1, 'Name is required')
      .max(LIMITS.issueNameMax),
    email: z
      .string({ error: requiredAs('Invalid email format') })
      .trim()
      .max(LIMITS.emailMax)
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.email('Invalid email format').optional()),
    subject: z
      .string({ error: requiredAs('Subject is required') })
      .trim()
      .min(1, 'Subject is required')
      .max(LIMITS.issueSubjectMax),
    issueType: z.enum(ISSUE_TYPES, { message: 'Issue type is required' }),
    issueTypeOther: z.string().trim().max(100).optional(),
    description: z
      .string({ error: requiredAs('Description is required') })
      .trim()
      .min(1, 'Description is required')
      .max(LIMITS.issueDescriptionMax),
  })
  .refine((v) => v.issueType !== 'Other' || Boolean(v.issueTypeOther), {
    message: 'Please specify issue type',
    path: ['issueTypeOther'],
    // Runs even when another field failed, so the first failure can be picked by the order of docs/PRODUCT.md#issue-reports.
    when: (payload) => {
      const v = payload.value as { issueType?: unknown } | undefined;
      return Boolean(v && ISSUE_TYPES.includes(v.issueType as (typeof ISSUE_TYPES)[number]));
    },
  });
export type IssueReportFields = z.infer<typeof IssueReportFields>;

/**
 * The first failure of `input` in the order of docs/PRODUCT.md#issue-reports, or null when the report is valid. An absent field
 * fails like an empty one; rules without a message of their own answer `inputErrorMessage`.
 */
export function firstIssueReportError(input: unknown): string | null {
  const result = IssueReportFields.safeParse(input, { error: inputErrorMessage });
  if (result.success) return null;
  const rank = (path: PropertyKey[]) => {
    const i = ISSUE_CHECK_ORDER.indexOf(String(path[0]) as (typeof ISSUE_CHECK_ORDER)[number]);
    return i === -1 ? ISSUE_CHECK_ORDER.length : i;
  };
  const first = [...result.error.issues].sort((a, b) => rank(a.path) - rank(b.path))[0];
  return first?.message ?? 'Invalid issue report';
}

export const ContactBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(LIMITS.issueNameMax),
  email: z.string().trim().max(LIMITS.emailMax).pipe(z.email('Invalid email format')),
  company: z.string().trim().max(200).optional(),
  message: z.string().trim().min(1, 'Message is required').max(LIMITS.issueDescriptionMax),
});
export type ContactBody = z.infer<typeof ContactBody>;

export const issueRoutes = {
  report: defineRoute({
    method: 'POST',
    path: '/api/server/report-issue',
    access: 'optional',
    tag: 'issues',
    multipart: true,
    summary:
      'Report an issue (multipart: name, email, subject, issueType, issueTypeOther, description, screenshot)',
    response: SuccessMessage,
  }),
  contact: defineRoute({
    method: 'POST',
    path: '/api/contact',
    access: 'none',
    tag: 'issues',
    status: 201,
    summary: 'Send a message from the contact section',
    body: ContactBody,
    response: SuccessMessage,
  }),
} as const;
