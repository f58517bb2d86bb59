import ts from 'typescript';

/**
 * Casts of an API answer on the web. The typed client (apps/web/src/lib/api-client.ts) gives every answer
 * the type its contract route declares, so `answer as Something` elsewhere would type it a second time,
 * by hand, and silently disagree with the contract when the route changes.
 */

/** Calls whose result is an API answer (or a Response to read one from). */
const CLIENT_CALLS = new Set(['apiRequest', 'apiFetch', 'apiUpload', 'fetch']);
/** Methods that read an answer's body. */
const BODY_READERS = new Set(['json', 'text']);

/** Where an answer is read into a type: the typed client itself. */
export const ANSWER_TYPING_FILES = new Set([
  'apps/web/src/lib/api-client.ts',
  'apps/web/src/lib/api-upload.ts',
]);

function unwrap(node: ts.Expression): ts.Expression {
  let e = node;
  for (;;) {
    if (
      ts.isParenthesizedExpression(e) ||
      ts.isAwaitExpression(e) ||
      ts.isNonNullExpression(e) ||
      ts.isAsExpression(e)
    ) {
      e = e.expression;
    } else if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
      e = e.expression; // `(await apiRequest(r)).data as X` casts the answer too
    } else {
      return e;
    }
  }
}

function calleeName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

/** Does this expression hold an answer: a client call, a body read, JSON parsed from one, or a name bound to one? */
function isAnswer(node: ts.Expression, answers: Set<string>): boolean {
  const e = unwrap(node);
  if (ts.isIdentifier(e)) return answers.has(e.text);
  if (!ts.isCallExpression(e)) return false;
  const name = calleeName(e);
  if (name === null) return false;
  if (CLIENT_CALLS.has(name) && ts.isIdentifier(e.expression)) return true;
  if (BODY_READERS.has(name) && ts.isPropertyAccessExpression(e.expression)) return true;
  if (name === 'parse' && e.expression.getText() === 'JSON.parse') {
    // JSON read from an answer's text (not from storage or a token's claims)
    const arg = e.arguments[0];
    return arg !== undefined && (/\bresponseText\b/.test(arg.getText()) || isAnswer(arg, answers));
  }
  // `.then((r) => …)` on an answer: r is the answer
  if (name === 'then' && ts.isPropertyAccessExpression(e.expression))
    return isAnswer(e.expression.expression, answers);
  return false;
}

/** The casts of an API answer in one source file, as "file:line: text". */
export function answerCasts(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const answers = new Set<string>();
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // Names that hold an answer: `const x = await apiRequest(…)`, `let body = JSON.parse(…)`, `.then((r) =>`.
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (isAnswer(node.initializer, answers)) answers.add(node.name.text);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      if (ts.isIdentifier(node.left) && isAnswer(node.right, answers)) answers.add(node.left.text);
    }
    if (
      ts.isCallExpression(node) &&
      calleeName(node) === 'then' &&
      ts.isPropertyAccessExpression(node.expression)
    ) {
      const fn = node.arguments[0];
      const param =
        fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) ? fn.parameters[0] : undefined;
      if (param && ts.isIdentifier(param.name) && isAnswer(node.expression.expression, answers)) {
        answers.add(param.name.text);
      }
    }
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const isConst = ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === 'const';
      // `x as unknown as T` is reported once, whole.
      const outermost = !ts.isAsExpression(node.parent);
      if (!isConst && outermost && isAnswer(node.expression, answers)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push(`${file}:${line}: ${node.getText(source).replace(/\s+/g, ' ').slice(0, 120)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
