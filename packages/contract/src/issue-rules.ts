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
