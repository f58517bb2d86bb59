import { z } from 'zod';
import { defineRoute } from './http';

export const GradesRow = z.object({
  grade: z.string(),
  female_count: z.number().int(),
  male_count: z.number().int(),
});
export const SubmissionsRow = z.object({ status: z.enum(['Yes', 'No']), count: z.number().int() });
export const AutomobileData = z.object({
  barData: z.array(z.object({ grade: z.string(), female: z.number().int(), male: z.number().int() })),
  /** Submission status of the automobile trainees: always Yes then No. */
  donutData: z.array(SubmissionsRow),
});
export type GradesRow = z.infer<typeof GradesRow>;
export type SubmissionsRow = z.infer<typeof SubmissionsRow>;
export type AutomobileData = z.infer<typeof AutomobileData>;

export const chartRoutes = {
  grades: defineRoute({
    method: 'GET',
    path: '/api/chart/grades',
    tag: 'charts',
    access: 'none',
    summary: 'Demo students per grade by gender',
    response: z.array(GradesRow),
  }),
  submissions: defineRoute({
    method: 'GET',
    path: '/api/chart/submissions',
    tag: 'charts',
    access: 'none',
    summary: 'Demo project submissions by status',
    response: z.array(SubmissionsRow),
  }),
  automobile: defineRoute({
    method: 'GET',
    path: '/api/chart/automobile',
    tag: 'charts',
    access: 'none',
    summary: 'Demo data of the automobile sector page',
    response: AutomobileData,
  }),
} as const;
