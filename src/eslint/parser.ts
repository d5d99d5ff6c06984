/**
 * The parser `configs.recommended` gives TypeScript files, so that a project with nothing but
 * `eslint` and this plugin lints them (ESLint's own parser reads only JavaScript).
 *
 * - Where `@typescript-eslint/parser` is installed (resolved from the working folder), every call
 *   goes to it with the same options: a project that has typescript-eslint sees no difference,
 *   whichever of the two configs comes last.
 * - Elsewhere, a text-only parse: a program with no statements, only the file's comments (so
 *   `eslint-disable` comments work) and its extent. The `no-v1` rule reads the text, not the tree,
 *   so it loses nothing; other rules see an empty program, where without this parser ESLint would
 *   have reported a parsing error and linted nothing. A file TypeScript cannot parse is a parsing
 *   error here too.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Linter } from 'eslint';
import type { ts as TsNamespace } from 'ts-morph';
import { typescript } from '../codemod/typescript.js';

interface EstreeParser {
  parseForESLint(text: string, options?: Record<string, unknown>): { ast: unknown };
}

/** `@typescript-eslint/parser` where the project has it, by folder (looked up once). */
const installed = new Map<string, EstreeParser | null>();
function installedParser(folder: string): EstreeParser | null {
  let parser = installed.get(folder);
  if (parser === undefined) {
    try {
      parser = createRequire(join(folder, 'eslint.config.js'))('@typescript-eslint/parser') as EstreeParser;
    } catch {
      parser = null;
    }
    installed.set(folder, parser);
  }
  return parser;
}

interface Position {
  readonly line: number;
  readonly column: number;
}
interface EstreeComment {
  readonly type: 'Line' | 'Block';
  readonly value: string;
  readonly range: [number, number];
  readonly loc: { readonly start: Position; readonly end: Position };
}

/** A program of no statements with the text's comments, or a thrown parsing error as ESLint expects it. */
export function textProgram(text: string, filePath: string) {
  const ts = typescript();
  const kind = /\.[cm]?[jt]sx$/i.test(filePath) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(filePath || 'file.ts', text, ts.ScriptTarget.Latest, false, kind);
  const at = (offset: number): Position => {
    const { line, character } = file.getLineAndCharacterOfPosition(offset);
    return { line: line + 1, column: character };
  };
  const problem = (file as unknown as { parseDiagnostics?: readonly { start?: number; messageText: unknown }[] })
    .parseDiagnostics?.[0];
  if (problem) {
    const where = at(problem.start ?? 0);
    // ESLint reports an error with these fields as "Parsing error: …" at that place.
    throw Object.assign(new SyntaxError(ts.flattenDiagnosticMessageText(problem.messageText as string, '\n')), {
      lineNumber: where.line,
      column: where.column + 1,
      index: problem.start ?? 0,
    });
  }
  const comments: EstreeComment[] = [];
  const seen = new Set<number>();
  const collect = (pos: number) =>
    ts.forEachLeadingCommentRange(text, pos, (start, end, commentKind) => {
      if (seen.has(start)) return;
      seen.add(start);
      const line = commentKind === ts.SyntaxKind.SingleLineCommentTrivia;
      comments.push({
        type: line ? 'Line' : 'Block',
        value: text.slice(start + 2, line ? end : end - 2),
        range: [start, end],
        loc: { start: at(start), end: at(end) },
      });
    });
  const visit = (node: TsNamespace.Node): void => {
    // JSX text is text: what looks like a comment in it is not one.
    if (node.kind === ts.SyntaxKind.JsxText) return;
    collect(node.pos);
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  comments.sort((a, b) => a.range[0] - b.range[0]);
  return {
    type: 'Program' as const,
    sourceType: 'module' as const,
    body: [],
    comments,
    tokens: [],
    range: [0, text.length] as [number, number],
    loc: { start: { line: 1, column: 0 }, end: at(text.length) },
  };
}

export const typescriptParser: Linter.Parser = {
  meta: { name: 'civic-migrate/typescript' },
  parseForESLint(text: string, options?: Linter.ParserOptions & { filePath?: string }) {
    const delegate = installedParser(process.cwd());
    if (delegate) return delegate.parseForESLint(text, options as Record<string, unknown>) as never;
    return { ast: textProgram(text, options?.filePath ?? '') as never };
  },
};
