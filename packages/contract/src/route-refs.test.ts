import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api } from './index';

const FILE = new URL('./route-refs.ts', import.meta.url);

/** route-refs.ts as it must read for the current `api`. */
function expected(): string {
  const domains = Object.entries(api).map(([domain, routes]) => {
    const lines = Object.entries(routes).map(
      ([name, r]) => `    ${name}: { method: '${r.method}', path: '${r.path}', access: '${r.access}' },`,
    );
    return `  ${domain}: {\n${lines.join('\n')}\n  },`;
  });
  return `// Generated from \`api\` by route-refs.test.ts. Do not edit: run
//   UPDATE_ROUTE_REFS=1 npx vitest run --project contract route-refs
import type { api } from './index';

type Api = typeof api;

/**
 * Every route's method, path and access, without its schemas, for the web's first-load code (session
 * check, public config): it calls the API through \`@insightra/contract/public\` and ships no zod.
 * Typed as the full routes so responses stay typed; at run time only method, path and access exist.
 */
export const apiRefs = {
${domains.join('\n')}
} as const as unknown as Api;
`;
}

describe('route-refs.ts', () => {
  it('matches the routes of the contract (regenerate with UPDATE_ROUTE_REFS=1)', () => {
    const text = expected();
    if (process.env.UPDATE_ROUTE_REFS) writeFileSync(FILE, text);
    expect(readFileSync(FILE, 'utf8')).toBe(text);
  });
});
