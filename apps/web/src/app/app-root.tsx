import { StrictMode, useEffect } from 'react';
import { type DataRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './router';

/** Calls back once, after the first commit (the children's effects have run by then). */
function AfterFirstCommit({ onCommit, children }: { onCommit?: () => void; children: React.ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit.
  useEffect(() => onCommit?.(), []);
  return children;
}

/**
 * The whole app around a router. The browser (main.tsx) and the build's pre-render (prerender.tsx) render
 * this same tree, so the generated ids (useId) and markup of a pre-rendered page match the app's own.
 */
export function AppRoot({ router, onCommit }: { router: DataRouter; onCommit?: () => void }) {
  return (
    <AfterFirstCommit onCommit={onCommit}>
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>
    </AfterFirstCommit>
  );
}

/** Loads the lazy pages of `location` before the first render, so that render is the page itself. */
export async function loadMatchedPages(location: { pathname: string }) {
  for (const match of matchRoutes(routes, location) ?? []) {
    const route = match.route;
    if (typeof route.lazy !== 'function') continue;
    Object.assign(route, await route.lazy());
    route.lazy = undefined;
  }
}
