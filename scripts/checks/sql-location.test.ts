import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles, repoRoot } from './repo-files';
import { SERVER_SOURCES, sqlFindings, sqlIsChecked } from './sql-location';

describe('SQL location', () => {
  it('SQL is written only in repository files and the database infrastructure', () => {
    const files = repoFiles().filter((f) => SERVER_SOURCES.test(f));
    expect(files.length).toBeGreaterThan(50);
    const violations = files
      .filter(sqlIsChecked)
      .flatMap((file) =>
        sqlFindings(file, readFileSync(join(repoRoot, file), 'utf8')).map(
          (f) => `${file}:${f.line} ${f.what}: move it into a *repository.ts file`,
        ),
      );
    expect(violations.join('\n')).toBe('');
  });

  it('applies to server sources outside repositories, tests and the database infrastructure', () => {
    expect(sqlIsChecked('apps/server/src/features/auth/routes.ts')).toBe(true);
    expect(sqlIsChecked('apps/server/src/lib/rate-limit.ts')).toBe(true);
    expect(sqlIsChecked('apps/server/src/features/auth/user-repository.ts')).toBe(false);
    expect(sqlIsChecked('apps/server/src/features/uploads/repository.ts')).toBe(false);
    expect(sqlIsChecked('apps/server/src/db/migrate.ts')).toBe(false);
    expect(sqlIsChecked('apps/server/src/db/page.ts')).toBe(true);
    expect(sqlIsChecked('apps/server/src/features/auth/routes.test.ts')).toBe(false);
    expect(sqlIsChecked('apps/server/test/helpers/db.ts')).toBe(false);
    expect(sqlIsChecked('apps/web/src/main.tsx')).toBe(false);
  });

  it('finds each kind of SQL and names its line', () => {
    const text = [
      "import { sql } from 'kysely';",
      'const a = sql`SELECT 1`;',
      "await db.query('SELECT 1');",
      'await tx.exec("DROP TABLE x");',
      "const b = 'UPDATE users SET x = 1';",
      'const c = sql.raw(text);',
      'const d = `\n  WITH x AS (SELECT 1) SELECT * FROM x`;',
    ].join('\n');
    expect(sqlFindings('x.ts', text)).toEqual([
      { line: 2, what: 'a sql`…` template' },
      { line: 3, what: 'a call of .query() with literal text' },
      { line: 4, what: 'a call of .exec() with literal text' },
      { line: 5, what: 'SQL text "UPDATE users SET x = 1"' },
      { line: 6, what: 'a call of sql.raw(…)' },
      { line: 7, what: 'SQL text "WITH x AS (SELECT 1) SELECT * FROM x"' },
    ]);
  });

  it('finds statements started with the builder, and raw calls on a database', () => {
    const text = [
      "await app.db.kysely.insertInto('issue_reports').values(row).execute();",
      'const rows = await db.kysely',
      "  .selectFrom('reports as r')",
      "  .select('r.id')",
      '  .execute();',
      "await k.updateTable('users').set({ x: 1 }).execute();",
      "await trx.deleteFrom('sessions').execute();",
      'const builder = tx.kysely;',
      'await db.query(text, params);',
      'await tx.exec(script);',
    ].join('\n');
    expect(sqlFindings('x.ts', text)).toEqual([
      { line: 1, what: 'a builder statement .insertInto(…)' },
      { line: 2, what: 'a builder statement .selectFrom(…)' },
      { line: 6, what: 'a builder statement .updateTable(…)' },
      { line: 7, what: 'a builder statement .deleteFrom(…)' },
      { line: 8, what: 'the query builder (.kysely)' },
      { line: 9, what: 'a call of .query()' },
      { line: 10, what: 'a call of .exec()' },
    ]);
  });

  it('fails on a route file that writes a statement with the builder', () => {
    const route = [
      'addRoute(app, api.issues.contact, async ({ body }) => {',
      "  await app.db.kysely.insertInto('issue_reports').values({ name: body.name }).execute();",
      '});',
    ].join('\n');
    const file = 'apps/server/src/features/issues/contact-routes.ts';
    expect(sqlIsChecked(file)).toBe(true);
    expect(sqlFindings(file, route)).toEqual([{ line: 2, what: 'a builder statement .insertInto(…)' }]);
  });

  it('leaves repository calls, regular expressions and prose alone', () => {
    const text = [
      'await insertContactMessage(app.db, { name });',
      'await app.db.transaction(async (tx) => storeFile(tx, file, bytes));',
      'const m = /^Bearer (\\S+)$/.exec(header);',
      'const d = DATE.exec(text);',
      "throw new Error('Select a sector first');",
      "const label = 'Update failed';",
    ].join('\n');
    expect(sqlFindings('x.ts', text)).toEqual([]);
  });
});
