import { fieldLabel, INPUT_MESSAGES, MESSAGES } from '@insightra/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/availability';
import { HttpError } from '../lib/http-error';

/** Seconds a client is asked to wait (Retry-After) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Messages for Fastify's own request errors, by code. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_CTP_EMPTY_TYPE: 'The Content-Type header is empty',
  FST_ERR_CTP_INVALID_TYPE: 'The Content-Type header is not valid',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large',
  FST_PARTS_LIMIT: 'Too many parts in the form',
  FST_FILES_LIMIT: 'Too many files in the form',
  FST_FIELDS_LIMIT: 'Too many fields in the form',
};

/**
 * A validation failure's answer: the first rule's message (the contract's own, or the validator's
 * sentence naming the field — lib/validator.ts) and every failure by field.
 */
function describeValidation(error: FastifyError): {
  message: string;
  errors: { path: string; message: string }[];
} {
  const errors = (error.validation ?? []).map((v) => {
    const path = v.instancePath.replace(/^\//, '').split('/').filter(Boolean);
    return { path: path.join('.'), message: v.message ?? INPUT_MESSAGES.notValid(fieldLabel(path)) };
  });
  return { message: errors[0]?.message ?? 'The request is not valid', errors };
}

/** One error shape for every endpoint: `{ success: false, message }` with the right status, never a stack. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ success: false, message: error.message });
      }
      if (error.validation) {
        const { message, errors } = describeValidation(error);
        return reply.code(400).send({ success: false, message, errors });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match the contract');
        return reply.code(500).send({ success: false, message: 'Internal server error' });
      }
      // The database went away (restart, failover): a 503 the client may retry, logged once per outage.
      // Never a 401: a signed-in user keeps their session through it.
      if (isDatabaseUnavailable(error)) {
        app.databaseOutage?.report(error);
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_S))
          .send({ success: false, message: MESSAGES.availability.databaseUnavailable });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message = (error.code && FASTIFY_MESSAGES[error.code]) || error.message || 'Bad request';
        if (status === 429) return reply.code(429).send({ success: false, message });
        return reply.code(status).send({ success: false, message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ success: false, message: 'Internal server error' });
    });
  },
  { name: 'errors' },
);
