import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadConfig, publicConfigOf } from '../../src/config';
import { createTestApp } from '../helpers/app';

const PAGES = [
  { path: '/', file: 'home.html' },
  { path: '/bi', file: 'bi.html' },
  { path: '/login', file: 'login.html' },
];

/**
 * A web build with pre-rendered pages (apps/web/build/prerender.ts): its manifest names the pages and
 * the public configuration they were rendered with (here: a server's defaults).
 */
function webBuild() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'insightra-web-'));
  mkdirSync(path.join(root, 'prerendered'));
  writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>shell');
  for (const { file } of PAGES) writeFileSync(path.join(root, 'prerendered', file), `<p>${file}</p>`);
  const defaults = loadConfig({ DATA_DIR: root, JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' });
  const manifest = { pages: PAGES, config: publicConfigOf(defaults) };
  writeFileSync(path.join(root, 'prerendered/pages.json'), JSON.stringify(manifest));
  // Files as the build compresses them (apps/web/build/precompress.ts): .br beside the original.
  writeFileSync(path.join(root, 'prerendered', 'login.html.br'), brotliCompressSync('<p>login.html</p>'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync('console.log(1)'));
  return root;
}

const same = await createTestApp({ WEB_DIST_DIR: webBuild() });
const renamed = await createTestApp({ WEB_DIST_DIR: webBuild(), SITE_NAME: 'Elsewhere Analytics' });

describe('pre-rendered pages', () => {
  it('are served for the landing page, /bi and /login under the configuration they were rendered with', async () => {
    const { app } = same;
    for (const [url, file] of [
      ['/', 'home.html'],
      ['/bi', 'bi.html'],
      ['/login?from=menu', 'login.html'],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(`<p>${file}</p>`);
    }
    // Every other page is the app's shell, as before.
    expect((await app.inject({ url: '/ml' })).body).toContain('shell');
  });

  it('give way to the shell when this server shows another site name than they were rendered with', async () => {
    const { app } = renamed;
    for (const url of ['/', '/bi', '/login'])
      expect((await app.inject({ url })).body, url).toContain('shell');
  });
});

describe('files of the web build', () => {
  it('keep their cache rules when sent compressed: pages revalidated, hashed assets kept', async () => {
    const { app } = same;
    const page = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answer 404 for an asset that is not there, and the shell for a page path', async () => {
    const { app } = same;
    const missing = await app.inject({ url: '/assets/gone-000000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false });
    const outside = await app.inject({ url: '/assets/..%2f..%2findex.html' });
    expect(outside.statusCode).toBe(404);
    expect((await app.inject({ url: '/dashboard', headers: { accept: 'text/html' } })).body).toContain(
      'shell',
    );
  });
});
