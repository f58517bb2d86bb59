import { z } from 'zod';

export * from './route-def';

export const ErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  /** Field-level details for validation failures. */
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const SuccessMessage = z.object({ success: z.literal(true), message: z.string() });

/** A positive integer id in a path, e.g. `/reports/{id}`. */
export const IntId = z.coerce.number().int().positive().max(2_147_483_647);
export const IdParams = z.object({ id: IntId });
