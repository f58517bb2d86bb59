import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { renderSampleReport } from './render';
import { loadDemoFigures } from './repository';

/**
 * GET /sample-report.pdf: the sample report, rendered from the demo dataset. It is a static-looking
 * file path (not under /api) because the business intelligence page links to it from the site root.
 */
export async function registerSampleReportRoutes(app: FastifyInstance) {
  // The demo data changes only with a migration, so the rendered bytes are kept per data fingerprint.
  let cached: { key: string; pdf: Buffer; etag: string } | null = null;

  app.get('/sample-report.pdf', { schema: { hide: true } }, async (request, reply) => {
    const figures = await loadDemoFigures(app.db);
    const key = JSON.stringify([figures, app.config.site.name]);
    if (!cached || cached.key !== key) {
      const pdf = await renderSampleReport(figures, app.config.site.name);
      cached = { key, pdf, etag: `"${createHash('sha256').update(pdf).digest('hex').slice(0, 32)}"` };
    }
    reply
      .header('etag', cached.etag)
      .header('cache-control', 'public, max-age=300')
      .header('content-disposition', 'attachment; filename="sample-report.pdf"');
    if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
    return reply.type('application/pdf').send(cached.pdf);
  });
}
