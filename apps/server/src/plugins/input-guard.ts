import { fieldLabel, INPUT_MESSAGES, isStorableText } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

/** The path of the first string (value or key) in `value` that PostgreSQL could not store, if any. */
export function findUnstorable(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return path;
    const found = findUnstorable(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** A 400 naming the field whose text holds a character that cannot be stored. */
export function unstorableField(path: (string | number)[]): HttpError {
  return new HttpError(400, INPUT_MESSAGES.unstorable(fieldLabel(path)));
}

/**
 * Refuses any path parameter, query parameter or JSON field holding text PostgreSQL cannot store (a NUL
 * character, half a surrogate pair): a 400 naming the field instead of a 500 from the database. It runs
 * after validation, so a field's own rule (e.g. "Full name may not contain control characters") speaks
 * first, and before every handler. Multipart fields are checked where their parts are read.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const found = findUnstorable(part);
        if (found) throw unstorableField(found);
      }
    });
  },
  { name: 'input-guard' },
);
