import type { FastifyInstance } from 'fastify';
import { contactRoutes } from './contact-routes';
import { reportIssueRoutes } from './report-routes';

/** The public site's two inboxes: the contact section and the report-issue form. */
export async function issuesPlugin(app: FastifyInstance) {
  await app.register(contactRoutes);
  // Its own context, so its multipart parser and limits stay local to this route.
  await app.register(reportIssueRoutes);
}
