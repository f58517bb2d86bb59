import { inputErrorMessage } from '@insightra/contract';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { z } from 'zod';

/**
 * Fastify's validator for the contract's zod schemas. Every rule without a message of its own answers
 * `inputErrorMessage` (a sentence naming the field), so no schema library's default text reaches a user.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: inputErrorMessage });
    if (result.success) return { value: result.data };
    const errors: FastifySchemaValidationError[] = result.error.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: `/${issue.path.map(String).join('/')}`,
      schemaPath: `#/${issue.path.map(String).join('/')}/${issue.code}`,
      params: {},
      message: issue.message,
    }));
    return { error: errors };
  };
