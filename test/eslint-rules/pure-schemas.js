/**
 * A module-level zod schema is built when its module loads, whether or not the importer uses it; a handler that
 * needs one schema of shared/employees.ts would build all of them on every cold start. Marked pure, esbuild (and
 * Vite) leave out the ones a bundle does not use. The fix writes the mark.
 */
const pureMark = /[#@]__PURE__/;

function chainRoot(node) {
  let current = node;
  for (;;) {
    if (current.type === 'CallExpression') current = current.callee;
    else if (current.type === 'MemberExpression') current = current.object;
    else if (current.type === 'TSAsExpression' || current.type === 'TSSatisfiesExpression') current = current.expression;
    else return current;
  }
}

function isSchemaBuild(init) {
  if (init?.type !== 'CallExpression') return false;
  const root = chainRoot(init);
  return root.type === 'Identifier' && (root.name === 'z' || /(Schema|Record)$/.test(root.name));
}

export const pureSchemas = {
  meta: {
    type: 'problem',
    fixable: 'code',
    messages: { unmarked: 'Mark the module-level schema `/* @__PURE__ */`, so bundles that do not use it leave it out.' },
    schema: [],
  },
  create(context) {
    const sourceCode = context.sourceCode;
    return {
      'Program > VariableDeclaration > VariableDeclarator, Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator'(declarator) {
        const init = declarator.init;
        if (!isSchemaBuild(init)) return;
        const before = sourceCode.getCommentsBefore(init);
        if (before.some((comment) => pureMark.test(comment.value))) return;
        context.report({ node: init, messageId: 'unmarked', fix: (fixer) => fixer.insertTextBefore(init, '/* @__PURE__ */ ') });
      },
    };
  },
};

export default { rules: { 'pure-schemas': pureSchemas } };
