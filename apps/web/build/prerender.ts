import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { createServer, type Plugin } from 'vite';
import { compressFile } from './precompress';

/** What the pre-render entry (src/app/prerender.tsx) exports. */
interface PrerenderEntry {
  PRERENDERED_PAGES: { path: string; file: string; title: string | null }[];
  PUBLIC_CONFIG_DEFAULTS: unknown;
  SESSION_KEY: string;
  renderPage: (path: string) => Promise<string>;
}

/** The folder, inside the web build, of the pre-rendered pages and their manifest (read by the server). */
export const PRERENDER_DIR = 'prerendered';

/**
 * Bundles src/boot.ts on its own into assets/boot-<hash>.js. Not an entry of the app's build: a second
 * entry makes the bundler split the app into many more shared chunks.
 */
function writeBootScript(root: string, outDir: string): string {
  const [output] = buildSync({
    entryPoints: [path.join(root, 'src/boot.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
  }).outputFiles;
  if (!output) throw new Error('prerender: the boot script did not build');
  const hash = createHash('sha256').update(output.contents).digest('base64url').slice(0, 8);
  const file = `assets/boot-${hash}.js`;
  writeFileSync(path.join(outDir, file), output.contents);
  compressFile(path.join(outDir, file));
  return file;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Renders the public pages the app's own components render (landing, /bi, /login) into complete HTML
 * after the build, so they paint from the HTML alone (decision 120). Each page loads only the small
 * boot script (src/boot.ts); the app's entry and preloads wait in a <template> until the boot script
 * starts them. Writes `prerendered/<page>.html` (with .br and .gz) and `prerendered/pages.json`: the
 * paths, files and the configuration the pages were rendered with (the server serves them only when
 * its own public configuration is the same).
 */
export function prerender(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'insightra-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The bundler calls this after a failed build too: leave the stage to the real error.
      if (!existsSync(path.join(outDir, 'index.html'))) return;
      const bootFile = writeBootScript(root, outDir);
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const entry = (await server.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderEntry;
        const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const appTags: string[] = [];
        const head = shell.replace(
          /\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g,
          (tag) => {
            appTags.push(tag.trim());
            return '';
          },
        );
        if (!appTags.some((t) => t.startsWith('<script')))
          throw new Error('prerender: no app entry in index.html');
        const boot = `<script type="module" src="/${bootFile}" data-session-key="${entry.SESSION_KEY}"></script>`;
        const dir = path.join(outDir, PRERENDER_DIR);
        mkdirSync(dir, { recursive: true });
        for (const page of entry.PRERENDERED_PAGES) {
          const markup = await entry.renderPage(page.path);
          let html = head
            .replace('<html lang="en">', '<html lang="en" data-prerendered>')
            .replace(
              '</head>',
              `  ${boot}\n    <template id="app-scripts">${appTags.join('')}</template>\n  </head>`,
            )
            .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
          if (page.title)
            html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
          const file = path.join(dir, page.file);
          writeFileSync(file, html);
          compressFile(file);
        }
        const manifest = {
          pages: entry.PRERENDERED_PAGES.map(({ path: p, file }) => ({ path: p, file })),
          config: entry.PUBLIC_CONFIG_DEFAULTS,
        };
        writeFileSync(path.join(dir, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      } finally {
        await server.close();
      }
    },
  };
}
