import type { ts as TsNamespace } from 'ts-morph';
import { type Analysis, containerOf, patternSource, receiverOf } from '../analysis.js';
import { compactText, isModuleLoad, skipOuter } from '../ast.js';
import type { NamePlace } from '../sites.js';

type Node = TsNamespace.Node;

/**
 * Code that names a module's exports, not API data: `ns.x` for `import * as ns`, `exports.x`,
 * `module.exports = {…}`, `const { x } = require('…')`. A slug-named export is the program's own
 * name, which the codemod leaves alone.
 */
export function isModuleSide(a: Analysis, node: Node, place: NamePlace): boolean {
  const { ts, sf } = a.source;
  if (place === 'access' || place === 'element') {
    const recv = receiverOf(a, node);
    if (!recv) return false;
    const e = skipOuter(ts, recv);
    if (ts.isIdentifier(e)) return a.sites.moduleObjects.has(e.text) || e.text === 'exports';
    return compactText(e, sf) === 'module.exports';
  }
  if (place === 'binding' || place === 'member') {
    const container = place === 'binding' ? node.parent?.parent : containerOf(a, node, place);
    if (container && ts.isObjectBindingPattern(container)) return isModuleLoad(ts, patternSource(a, container).expr);
    if (container && ts.isObjectLiteralExpression(container)) return isExportsAssignment(a, container);
  }
  if (place === 'shorthand') return node.parent?.parent ? isExportsAssignment(a, node.parent.parent) : false;
  return false;
}

function isExportsAssignment(a: Analysis, object: Node): boolean {
  const { ts, sf } = a.source;
  const p = object.parent;
  if (!p || !ts.isBinaryExpression(p) || p.right !== object || p.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return false;
  const target = compactText(p.left, sf);
  return target === 'module.exports' || target === 'exports';
}
