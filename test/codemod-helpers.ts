import { ts } from 'ts-morph';
import { vueScriptBlocks } from '../src/codemod/vue.js';

/** Syntax errors of a TS/JS file or of a Vue file's `<script>` blocks, as `line:col message` strings. */
export function syntaxErrors(text: string, fileName: string): string[] {
  if (fileName.endsWith('.vue')) {
    return vueScriptBlocks(text).flatMap((b) => syntaxErrors(b.content, `block.${b.lang}`));
  }
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1);
  const kind =
    ext === 'tsx'
      ? ts.ScriptKind.TSX
      : ['ts', 'mts', 'cts'].includes(ext)
        ? ts.ScriptKind.TS
        : ext === 'js' && fileName.startsWith('block.')
          ? ts.ScriptKind.JS
          : ts.ScriptKind.JSX;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const diagnostics = (sf as unknown as { parseDiagnostics: ts.DiagnosticWithLocation[] }).parseDiagnostics;
  return diagnostics.map((d) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(d.start);
    return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}
