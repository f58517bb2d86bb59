import { PATHS, STORAGE_KEYS } from '@insightra/contract/public';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { BI_PAGE } from '../features/services/data/bi';

export { PUBLIC_CONFIG_DEFAULTS } from '../lib/public-config';

import { AppRoot, loadMatchedPages } from './app-root';
import { routes } from './router';

/**
 * The public pages rendered at build time (apps/web/build/prerender.ts, decision 120), with their
 * document titles: the page sets its title in an effect, which a build-time render does not run. The
 * landing page keeps index.html's own title. e2e/tests/look.spec.ts checks each title against the app's.
 */
export const PRERENDERED_PAGES: { path: string; file: string; title: string | null }[] = [
  { path: PATHS.home, file: 'home.html', title: null },
  { path: PATHS.bi, file: 'bi.html', title: `${BI_PAGE.eyebrow} — Insightra` },
  { path: PATHS.login, file: 'login.html', title: 'Login — Insightra' },
];

/** The key of the stored session token: a pre-rendered page starts the app at once when it is set. */
export const SESSION_KEY = STORAGE_KEYS.token;

/**
 * The markup the app renders at `path` for an anonymous visitor before the server's configuration has
 * arrived (the built-in defaults): exactly what the browser's first render produces, so it hydrates.
 */
export async function renderPage(path: string): Promise<string> {
  await loadMatchedPages({ pathname: path });
  return renderToString(<AppRoot router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}
