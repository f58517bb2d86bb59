import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, publicConfigOf } from '../config';

/** The web build's manifest of pre-rendered pages (apps/web/build/prerender.ts). */
interface PrerenderManifest {
  pages: { path: string; file: string }[];
  config: unknown;
}

/**
 * The pre-rendered pages to serve, path → file: none when the build has none, or when they were
 * rendered with another public configuration than this server's (another site name, contact details,
 * Google sign-in): the text would differ from what the app shows, so the app renders those pages itself.
 */
export function prerenderedPages(root: string, config: Config): Map<string, string> {
  let manifest: PrerenderManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(root, 'prerendered/pages.json'), 'utf8'));
  } catch {
    return new Map();
  }
  // Whether mail is on changes no pre-rendered page (the sign-in page's "Forgot password?" link is always
  // there; the page it opens asks the configuration itself).
  const withoutMail = (c: unknown) => {
    const { mail: _mail, ...rest } = (c ?? {}) as Record<string, unknown>;
    return rest;
  };
  if (!isDeepStrictEqual(withoutMail(manifest.config), withoutMail(publicConfigOf(config)))) return new Map();
  return new Map(manifest.pages.map((p) => [p.path, `prerendered/${p.file}`]));
}

/**
 * Pages are revalidated on every visit, so a new deployment shows at once; hashed assets never change;
 * the rest (icons) may be kept a few minutes. A page sent pre-compressed is still a page.
 */
function cacheHeaders(res: { header(name: string, value: string): unknown }, filePath: string) {
  const file = filePath.replace(/\.(br|gz)$/, '');
  res.header(
    'cache-control',
    file.endsWith('.html')
      ? 'no-cache'
      : file.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=300',
  );
}

/**
 * Serves the built web app at `/` and answers every other GET that accepts HTML with index.html, so the
 * browser's router can take over. The landing page, /bi and /login are served pre-rendered when the
 * build has them (decision 120). Unknown `/api/...` paths answer 404 JSON.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDistDir;
    if (root) {
      // The few files at the top (pages, icons) get a route each, found at start. The hashed assets
      // are served by one route, each file found when asked for: a route per asset took a good part of
      // every start (decision 123). A path with no file falls through to the not-found handler.
      // The web build writes .br and .gz beside each asset (apps/web/build/precompress.ts).
      const served = { index: false, preCompressed: true, setHeaders: cacheHeaders } as const;
      await app.register(fastifyStatic, { ...served, root, wildcard: false, globIgnore: ['assets/**'] });
      await app.register(fastifyStatic, {
        ...served,
        root: path.join(root, 'assets'),
        prefix: '/assets/',
        wildcard: true,
        decorateReply: false,
      });
      const pages = prerenderedPages(root, app.config);
      app.get('/', (_request, reply) => reply.sendFile(pages.get('/') ?? 'index.html'));
      for (const [pagePath, file] of pages) {
        if (pagePath === '/') continue;
        app.get(pagePath, (_request, reply) => reply.type('text/html').sendFile(file));
      }
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = url === '/api' || url.startsWith('/api/');
      const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && root;
      if (wantsPage && !/\.[a-z0-9]+$/i.test(url)) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.code(404).send({ success: false, message: `Not found: ${request.method} ${url}` });
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
