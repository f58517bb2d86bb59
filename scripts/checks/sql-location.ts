import ts from 'typescript';

/** Where the server's SQL may be written (docs/decisions/113-one-data-layer.md). */
export const SERVER_SOURCES = /^apps\/server\/src\/.*\.ts$/;

/** Files whose name ends so hold the data access of their folder: SQL belongs there. */
export const REPOSITORY_FILE = /repository\.ts$/;

/**
 * The database's own infrastructure, which speaks SQL because it is the layer beneath the builder:
 * the client (transactions), the migration runner (advisory lock, scripts) and the DDL generated from
 * the sector declarations.
 */
export const DB_INFRASTRUCTURE_FILES = [
  'apps/server/src/db/client.ts',
  'apps/server/src/db/migrate.ts',
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

/** The SQL written in one source text: `sql` templates and helpers, SQL-looking literals, raw query calls. */
export function sqlFindings(file: string, text: string): SqlFinding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const findings: SqlFinding[] = [];
  const add = (node: ts.Node, what: string) =>
    findings.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what });
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      add(node, 'a sql`…` template');
      return; // its text is the same finding
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.expression.getText(source) === 'sql'
    ) {
      add(node, `a call of sql.${node.expression.name.text}(…)`);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['query', 'exec'].includes(node.expression.name.text) &&
      isLiteral(node.arguments[0])
    ) {
      add(node, `a call of .${node.expression.name.text}() with literal text`);
      return; // its literal is the same finding
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
