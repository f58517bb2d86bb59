import { z } from 'zod';
import { LIMITS, TIERS } from './constants';
import { defineRoute, IdParams, SuccessMessage } from './http';

export const TierSchema = z.enum(TIERS, { message: 'Tier must be one of Beta, Alpha, Alpha+' });

export const Report = z.object({
  id: z.number().int(),
  tier: TierSchema,
  report_type: z.string(),
  report_uuid: z.string(),
});
export type Report = z.infer<typeof Report>;

const NUL = String.fromCharCode(0);

export const NewReport = z.object({
  tier: TierSchema,
  report_type: z
    .string()
    .trim()
    .min(1, 'Report type is required')
    .max(LIMITS.reportTypeMax)
    // As names of people and organisations: no control characters or bidirectional overrides, which
    // rewrite how the text around them reads. NUL is left to the check of what can be stored, which
    // names it as such.
    .refine(
      (name) => !/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(name.replaceAll(NUL, '')),
      'Report name may not contain control characters',
    ),
  report_uuid: z
    .string()
    .trim()
    .min(1, 'Report UUID is required')
    .max(LIMITS.reportUuidMax)
    .regex(/^[A-Za-z0-9-]+$/, 'Report UUID may contain only letters, digits and dashes'),
});
export type NewReport = z.infer<typeof NewReport>;

export const reportRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/reports',
    tag: 'reports',
    access: 'user',
    permission: 'reports.view',
    summary: "The signed-in user's report tabs",
    query: z.object({ tier: TierSchema.optional() }),
    response: z.object({ success: z.literal(true), data: z.array(Report) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/reports',
    tag: 'reports',
    access: 'user',
    permission: 'reports.manage',
    status: 201,
    summary: 'Add a report tab',
    body: NewReport,
    response: z.object({ success: z.literal(true), message: z.string(), data: Report }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/reports/:id',
    tag: 'reports',
    access: 'user',
    permission: 'reports.manage',
    summary: 'Delete one of your report tabs',
    params: IdParams,
    response: SuccessMessage,
  }),
} as const;
