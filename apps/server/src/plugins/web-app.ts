import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app at `/` and answers every other GET that accepts HTML with index.html, so the
 * browser's router can take over. Unknown `/api/...` paths answer 404 JSON.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDistDir;
    if (root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The web build writes .br and .gz beside each asset (apps/web/build/precompress.ts).
        preCompressed: true,
        setHeaders: (res, filePath) => {
          res.header(
            'cache-control',
            filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          );
        },
      });
      app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = url === '/api' || url.startsWith('/api/');
      const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && root;
      if (wantsPage && !/\.[a-z0-9]+$/i.test(url)) {
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      }
      return reply.code(404).send({ success: false, message: `Not found: ${request.method} ${url}` });
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
