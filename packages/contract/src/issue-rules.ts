/** docs/PRODUCT.md#issue-reports: the report-issue fields in the order their rules are checked (first failure wins). */
export const ISSUE_CHECK_ORDER = [
  'name',
  'subject',
  'description',
  'issueType',
  'issueTypeOther',
  'email',
] as const;

/** Image kinds a screenshot may be, recognised by their first bytes (not by name or declared type). */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/**
 * Method, path and access of the issue routes, without schemas: the landing page's contact form calls
 * the API with these, so its bundle needs no zod. `issueRoutes` in issues.ts adds the schemas.
 */
export const issueRouteRefs = {
  report: { method: 'POST', path: '/api/server/report-issue', access: 'optional' },
  contact: { method: 'POST', path: '/api/contact', access: 'none' },
} as const;
