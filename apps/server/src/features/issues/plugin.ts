import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../lib/http-error';
import { contactRoutes } from './contact-routes';
import { reportIssueRoutes } from './report-routes';

/** Per client address, for the two public forms together: generous for people, tight for scripts. */
export const PUBLIC_FORM_LIMIT = { max: 30, windowMs: 10 * 60_000 } as const;

/** The public site's two inboxes: the contact section and the report-issue form. */
export async function issuesPlugin(app: FastifyInstance) {
  // Both forms are anonymous and store what they receive (a report may carry a 5 MB screenshot), so
  // they are rate-limited per address. In process, like the sign-in limits (decision 012).
  await app.register(rateLimit, {
    global: true,
    max: PUBLIC_FORM_LIMIT.max,
    timeWindow: PUBLIC_FORM_LIMIT.windowMs,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(
        `Too many messages from this address. Please try again in ${Math.max(1, Math.ceil(context.ttl / 60_000))} minutes.`,
        Math.ceil(context.ttl / 1000),
      ),
  });
  await app.register(contactRoutes);
  // Its own context, so its multipart parser and limits stay local to this route.
  await app.register(reportIssueRoutes);
}
