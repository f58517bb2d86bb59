import { api } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route';
import { insertContactMessage } from './issues-repository';

/** The landing page's contact form: stored with the issue reports, so administrators read both in one inbox. */
export async function registerContactRoutes(app: FastifyInstance) {
  addRoute(app, api.issues.contact, async ({ body }) => {
    await insertContactMessage(app.db, {
      name: body.name,
      email: body.email,
      company: body.company ?? null,
      subject: body.company ? `Enquiry from ${body.company}` : 'Website enquiry',
      description: body.message,
    });
    return { success: true as const, message: 'Thank you! We will get back to you within one business day.' };
  });
}
