import type { ts as TsNamespace } from 'ts-morph';
import type { Ts } from '../../src/codemod/typescript.js';

/** The outermost node of a file written exactly as `text` (the `nth` such node, in source order); throws when there is none. */
export function nodeByText(ts: Ts, sf: TsNamespace.SourceFile, text: string, nth = 0): TsNamespace.Node {
  const out: TsNamespace.Node[] = [];
  const visit = (n: TsNamespace.Node) => {
    if (n.getText(sf) === text) out.push(n);
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  const found = out[nth];
  if (!found) throw new Error(`no ${JSON.stringify(text)} (#${nth}) in ${sf.fileName}`);
  return found;
}
