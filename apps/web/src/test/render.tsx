import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { routes } from '../app/router';

/** Renders the real route table at `path`, with the app's providers and a fresh query cache. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch with handlers keyed by "METHOD /path"; anything else answers 404 JSON. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; init: RequestInit }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, path: url.pathname, init });
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) return handler(url, init);
    return json({ success: false, message: `Not found: ${method} ${url.pathname}` }, 404);
  };
  globalThis.fetch = fetchMock as typeof fetch;
  return { calls };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
