import { describe, expect, it } from 'vitest';
import { type ImportEdge, importsOf, staticClosure } from './import-graph';
import { importRuleViolation, zodChain } from './import-rules';
import { repoFiles } from './repo-files';

const SOURCES = /^(apps\/(web|server)\/(src|test)|packages\/contract\/src)\/.*\.(m?[jt]sx?)$/;
const WEB_ENTRY = 'apps/web/src/main.tsx';

const edge = (from: string, to: string | null, specifier = to ?? ''): ImportEdge => ({
  from,
  to,
  specifier,
  kind: 'static',
  line: 1,
});

describe('import rules', () => {
  it('hold for every source file: features keep their internals, web and server stay apart', () => {
    const files = repoFiles().filter((f) => SOURCES.test(f));
    expect(files.length).toBeGreaterThan(100);
    const violations = files.flatMap((file) =>
      importsOf(file)
        .filter((e) => e.kind !== 'type')
        .map((e) => ({ e, why: importRuleViolation(e) }))
        .filter((v) => v.why !== null)
        .map(({ e, why }) => `${e.from}:${e.line} imports '${e.specifier}': ${why}`),
    );
    expect(violations.join('\n')).toBe('');
  });

  it('keep zod out of the first page load: no static import chain from main.tsx reaches it', () => {
    const closure = staticClosure(WEB_ENTRY);
    expect(closure.size).toBeGreaterThan(20);
    expect(zodChain(closure)?.join('\n  → ') ?? 'no zod').toBe('no zod');
  });

  it('name what is wrong with each kind of import', () => {
    const w = 'apps/web/src/features';
    const s = 'apps/server/src/features';
    expect(importRuleViolation(edge(`${w}/admin/pages/a.tsx`, `${w}/auth/api/b.ts`))).toBe(
      'web feature "admin" imports the internals of web feature "auth"',
    );
    expect(importRuleViolation(edge(`${w}/admin/pages/a.tsx`, `${w}/admin/api/b.ts`))).toBeNull();
    expect(importRuleViolation(edge('apps/web/src/lib/x.ts', `${w}/auth/api/b.ts`))).toBe(
      'shared web code imports web feature "auth"',
    );
    expect(importRuleViolation(edge('apps/web/src/app/router.tsx', `${w}/auth/pages/p.tsx`))).toBeNull();
    expect(importRuleViolation(edge(`${s}/bi/routes.ts`, `${s}/uploads/ingest.ts`))).toMatch(
      /^server feature "bi" imports the internals of server feature "uploads"/,
    );
    expect(importRuleViolation(edge(`${s}/bi/routes.ts`, `${s}/reports/repository.ts`))).toBeNull();
    expect(importRuleViolation(edge('apps/web/src/lib/x.ts', 'apps/server/src/config.ts'))).toBe(
      'the web app imports the server',
    );
    expect(importRuleViolation(edge('apps/server/src/app.ts', 'apps/web/src/main.tsx'))).toBe(
      'the server imports the web app',
    );
    expect(importRuleViolation(edge('apps/web/src/lib/x.ts', null, '@insightra/server'))).toBe(
      'the web app imports the server',
    );
    expect(importRuleViolation(edge('apps/web/src/lib/x.ts', null, 'zod'))).toBeNull();
  });

  it('find the chain by which zod would reach the first load', () => {
    const closure = new Map([
      ['apps/web/src/main.tsx', ['apps/web/src/main.tsx']],
      ['package:zod', ['apps/web/src/main.tsx', 'packages/contract/src/index.ts', 'package:zod']],
    ]);
    expect(zodChain(closure)).toEqual([
      'apps/web/src/main.tsx',
      'packages/contract/src/index.ts',
      'package:zod',
    ]);
  });
});
