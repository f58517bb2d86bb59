import { LIMIT_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { addressKey, enforce, type Limit } from '../../lib/rate-limit';
import { registerContactRoutes } from './contact-routes';
import { registerReportIssueRoutes } from './report-routes';

/** Per client address, for the two public forms together: generous for people, tight for scripts. */
export const PUBLIC_FORM_LIMIT = {
  bucket: 'public-form:address',
  max: 30,
  windowSeconds: 10 * 60,
} as const satisfies Limit;

/** The public site's two inboxes: the contact section and the report-issue form. */
export async function registerIssueRoutes(app: FastifyInstance) {
  // Both forms are anonymous and store what they receive (a report may carry a 5 MB screenshot), so
  // they are limited per address, counted in the database before the body is read (decision 095).
  app.addHook('onRequest', async (request) => {
    await enforce(
      app.db,
      [{ limit: PUBLIC_FORM_LIMIT, key: addressKey(request.ip) }],
      LIMIT_MESSAGES.publicForm,
    );
  });
  await app.register(registerContactRoutes);
  // Its own context, so its multipart parser and limits stay local to this route.
  await app.register(registerReportIssueRoutes);
}
