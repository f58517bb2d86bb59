import ts from 'typescript';

/** Where the server's SQL may be written (docs/decisions/113-one-data-layer.md). */
export const SERVER_SOURCES = /^apps\/server\/src\/.*\.ts$/;

/** Files whose name ends so hold the data access of their folder: SQL belongs there. */
export const REPOSITORY_FILE = /repository\.ts$/;

/**
 * The database's own infrastructure, which speaks SQL because it is the layer beneath the builder:
 * the client (transactions), the builder's PGlite dialect, PGlite's thread, the migration runner
 * (advisory lock, scripts) and the DDL generated from the sector declarations.
 */
export const DB_INFRASTRUCTURE_FILES = [
  'apps/server/src/db/client.ts',
  'apps/server/src/db/connection-dialect.ts',
  'apps/server/src/db/migrate.ts',
  'apps/server/src/db/pglite-worker.ts',
  'apps/server/src/db/sector-tables.ts',
];

const TEST_FILE = /(\.test\.ts$|(^|\/)test\/)/;

/** Whether the SQL check applies to this repository-relative file. */
export function sqlIsChecked(file: string): boolean {
  return (
    SERVER_SOURCES.test(file) &&
    !TEST_FILE.test(file) &&
    !REPOSITORY_FILE.test(file) &&
    !DB_INFRASTRUCTURE_FILES.includes(file)
  );
}

const SQL_START =
  /^\s*\(?\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP|COPY|TRUNCATE|BEGIN|COMMIT|ROLLBACK|LOCK|GRANT|REVOKE|VALUES|EXPLAIN|VACUUM|ANALYZE)(\s|;|$)/;

export interface SqlFinding {
  line: number;
  what: string;
}

const isLiteral = (node: ts.Node | undefined) =>
  node !== undefined &&
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node));

const literalText = (node: ts.Node): string | null => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  return null;
};

/** Kysely's calls that start a statement: whoever makes one writes SQL, through the builder. */
export const BUILDER_STATEMENTS = [
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'replaceInto',
  'selectNoFrom',
];

/** A receiver that is a database or a transaction by its name (`db`, `app.db`, `tx`, `client`…), for `.exec(`. */
const DATABASE_NAME = /(^|\.)(db|tx|trx|database|client|pool|pglite|raw)$/i;

/**
 * The SQL written in one source text: `sql` templates and helpers, SQL-looking literals, statements
 * started with Kysely's builder (`.selectFrom(`, `.insertInto(`… or the `.kysely` handle itself), and
 * raw `.query(` calls (and `.exec(` on a database or with literal text).
 */
export function sqlFindings(file: string, text: string): SqlFinding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const findings: SqlFinding[] = [];
  const reported = new Set<ts.Node>(); // `.kysely` handles already named by the statement they start
  const add = (node: ts.Node, what: string) =>
    findings.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what });
  const isKyselyHandle = (node: ts.Node) =>
    ts.isPropertyAccessExpression(node) && node.name.text === 'kysely';
  const visit = (node: ts.Node) => {
    const call = ts.isCallExpression(node) ? node : undefined;
    const method = call && ts.isPropertyAccessExpression(call.expression) ? call.expression : undefined;
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      add(node, 'a sql`…` template');
      return; // its text is the same finding
    } else if (method && method.expression.getText(source) === 'sql') {
      add(node, `a call of sql.${method.name.text}(…)`);
    } else if (method && ['query', 'exec'].includes(method.name.text) && isLiteral(call?.arguments[0])) {
      add(node, `a call of .${method.name.text}() with literal text`);
      return; // its literal is the same finding
    } else if (
      method &&
      (method.name.text === 'query' ||
        (method.name.text === 'exec' && DATABASE_NAME.test(method.expression.getText(source))))
    ) {
      add(node, `a call of .${method.name.text}()`);
    } else if (method && BUILDER_STATEMENTS.includes(method.name.text)) {
      add(node, `a builder statement .${method.name.text}(…)`);
      if (isKyselyHandle(method.expression)) reported.add(method.expression);
    } else if (isKyselyHandle(node) && !reported.has(node)) {
      add(node, 'the query builder (.kysely)');
    } else {
      const literal = literalText(node);
      if (literal !== null && SQL_START.test(literal)) {
        add(node, `SQL text "${literal.trim().slice(0, 40)}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}
