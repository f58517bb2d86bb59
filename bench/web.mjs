// Lighthouse on the production build: the landing page, /bi and /login, each against a static HTML
// page with the same text (its static twin), all served by the same server (the static page is the
// ceiling a JavaScript app can reach).
//   npm run bench:web                 builds into .tmp/bench-web, then measures (3 runs each, median)
//   BENCH_BUILD_DIR=.tmp/x BENCH_RUNS=5 BENCH_PORT=5202 npm run bench:web
// Needs Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Mobile preset (Lighthouse default).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.BENCH_PORT ?? 5202);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const base = `http://127.0.0.1:${port}`;
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let buildDir = process.env.BENCH_BUILD_DIR ? path.resolve(process.env.BENCH_BUILD_DIR) : '';
if (!buildDir) {
  buildDir = path.join(root, '.tmp/bench-web');
  execFileSync(path.join(root, 'scripts/build-to.sh'), [buildDir], { stdio: 'inherit' });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-bench-web-'));
let server;
// A loaded machine may start the server slower than its plugins' time limit: try again.
async function startServer(attempt = 1) {
  try {
    await startServerOnce();
  } catch (error) {
    if (attempt >= 3) throw error;
    server.kill('SIGTERM');
    await startServer(attempt + 1);
  }
}
async function startServerOnce() {
  server = spawn(process.execPath, [path.join(buildDir, 'server/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(buildDir, 'web'),
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => server.once('exit', () => r('exited')));
  for (let i = 0; ; i++) {
    if ((await Promise.race([exited, null])) === 'exited') throw new Error('server exited');
    try {
      if ((await fetch(`${base}/api/powerbi/health`)).status < 500) return;
    } catch {}
    if (i > 120) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
}
async function stopServer() {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}
process.on('exit', () => {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});
await startServer();

// The pages measured, and their ceilings: each page as the running app renders it (started, as after a
// visitor's first interaction on a pre-rendered page), without its scripts, same stylesheet, same server.
const PAGES = [
  ['Landing page (/)', '/', 'bench-static.html'],
  ['BI page (/bi)', '/bi', 'bench-static-bi.html'],
  ['Login page (/login)', '/login', 'bench-static-login.html'],
];
const browser = await chromium.launch({ executablePath: chromePath, args: flags });
for (const [, pagePath, twin] of PAGES) {
  const page = await browser.newPage({ reducedMotion: 'reduce' });
  await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
  await page.mouse.move(1, 1);
  await page.waitForSelector('html[data-app="started"], html:not([data-prerendered])', { state: 'attached' });
  await page.waitForLoadState('networkidle');
  const html = await page.evaluate(() => {
    for (const s of document.querySelectorAll('script, link[rel="modulepreload"], template')) s.remove();
    document.documentElement.removeAttribute('data-prerendered');
    document.documentElement.removeAttribute('data-app');
    return `<!doctype html>\n${document.documentElement.outerHTML}`;
  });
  writeFileSync(path.join(buildDir, 'web', twin), html);
  await page.close();
}
await browser.close();
// The static file server lists the files it serves when it starts: restart it to include the new page.
await stopServer();
await startServer();

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// A loaded machine sometimes loses Lighthouse's trace (NO_NAVSTART, NO_FCP): such a run is repeated.
async function audit(url, attempt = 1) {
  try {
    return await auditOnce(url);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.error(`${error.message}: running it again`);
    return audit(url, attempt + 1);
  }
}
async function auditOnce(url) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'insightra-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...flags, `--user-data-dir=${userDataDir}`],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ),
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      bytes: lhr.audits['total-byte-weight'].numericValue,
      failed: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const [name, url] of PAGES.flatMap(([title, pagePath, twin]) => [
  [title, `${base}${pagePath}`],
  [`Static twin of ${pagePath}`, `${base}/${twin}`],
])) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await audit(url));
  const m = (f) => median(results.map(f));
  rows.push({
    name,
    ...Object.fromEntries(CATEGORIES.map((c) => [c, m((r) => r.scores[c])])),
    fcp: m((r) => r.fcp),
    lcp: m((r) => r.lcp),
    tbt: m((r) => r.tbt),
    cls: m((r) => r.cls),
    kb: m((r) => r.bytes) / 1024,
    failed: [...new Set(results.flatMap((r) => r.failed))],
  });
}

console.log(
  `\nload average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ' ',
    )}, Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, median of ${runs} runs, ${new Date().toISOString().slice(0, 10)}\n`,
);
console.log(
  '| Page | Performance | Accessibility | Best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | Transfer kB |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${Math.round(r.kb)} |`,
  );
for (const r of rows)
  if (r.failed.length) console.log(`\n${r.name}: failed binary audits: ${r.failed.join(', ')}`);
process.exit(0);
