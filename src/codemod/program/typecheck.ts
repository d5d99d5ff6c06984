import { resolve } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { VIRTUAL_SCRIPT } from '../../vue/virtual.js';
import type { Edit } from '../types.js';
import type { ProgramContext } from './project.js';

/** A migrated file: its new text and the edits that made it (sorted, on the original text). */
export interface Migrated {
  readonly text: string;
  readonly edits: readonly Edit[];
}

/** An offset of the migrated text, as an offset of the original one (inside an edit: the edit's start). */
function originalOffset(edits: readonly Edit[], offset: number): number {
  let shift = 0;
  for (const e of edits) {
    const newStart = e.start + shift;
    if (offset < newStart) break;
    const newEnd = newStart + e.text.length;
    if (offset < newEnd) return e.start;
    shift += e.text.length - (e.end - e.start);
  }
  return offset - shift;
}

/** The compiler's first line, cut to a readable length (its chains of "Type … is not assignable…" can run to pages). */
function headline(message: string): string {
  const first = message.split('\n', 1)[0] as string;
  return first.length > 300 ? `${first.slice(0, 297)}…` : first;
}

/**
 * Whether edits of a file change what other files see of it: an edit outside every function body
 * (a declaration's member or type, a module-level object). Marker comments change nothing.
 */
function declarationsChange(ctx: ProgramContext, path: string, edits: readonly Edit[]): boolean {
  const { ts } = ctx;
  const sf = ctx.files.get(path);
  if (!sf) return true;
  const token = (pos: number) =>
    (ts as unknown as { getTokenAtPosition(sf: TsNamespace.SourceFile, pos: number): TsNamespace.Node }).getTokenAtPosition(
      sf,
      pos,
    );
  return edits.some((e) => {
    if (e.start === e.end && /^\s*(\/\/|\/\*|\{\/\*)/.test(e.text)) return false;
    let inBody: TsNamespace.Node | undefined;
    for (let n: TsNamespace.Node | undefined = token(e.start); n && !ts.isSourceFile(n); n = n.parent) {
      const body = (n as { body?: TsNamespace.Node }).body;
      if (!ts.isFunctionLike(n) || !body || e.start < body.getStart(sf) || e.end > body.end) continue;
      // Inside a nested function (a callback) or one whose return type is written: nothing outside sees it.
      if (inBody || (n as TsNamespace.SignatureDeclaration).type) return false;
      inBody = n;
    }
    // Inside a module-level function whose return type is inferred: that type may be another file's.
    return true;
  });
}

/** A type error the migration introduces: in the migrated program, not in the original one. */
export interface IntroducedTypeError {
  /** Absolute path of the file the error is in. */
  readonly path: string;
  /** 1-based line and column in the migrated file. */
  readonly line: number;
  readonly column: number;
  /** TypeScript's error code (`2339` for "Property … does not exist"). */
  readonly code: number;
  readonly message: string;
}

/**
 * Type-checks the migration before it is written: the migrated texts replace the originals in the
 * program (in memory), and every error the migrated program has, and the original did not, in the
 * files the edits can affect is returned: the files that changed; the importers of a file whose
 * declarations changed (an edit outside every function body: an interface's member, a type, an
 * exported object), and through re-exports theirs. An edit inside a function body changes no
 * type another file sees. The original program is checked only for files that have errors after.
 */
export function introducedTypeErrors(ctx: ProgramContext, all: ReadonlyMap<string, Migrated>): IntroducedTypeError[] {
  // Files the program does not hold (a file its config leaves out) are not type-checked, nor Vue components
  // (their virtual scripts are the program's, their migrated texts are not).
  const migrated = new Map([...all].filter(([path]) => ctx.files.has(path)));
  if (migrated.size === 0) return [];
  const { ts, project } = ctx;
  const before = ctx.program;

  // The files a change can break: the changed ones, and the importers of the declarations that changed.
  const affected = new Set<string>(migrated.keys());
  const queue = [...migrated].filter(([path, m]) => declarationsChange(ctx, path, m.edits)).map(([path]) => path);
  const followed = new Set<string>(queue);
  while (queue.length > 0) {
    const path = queue.pop() as string;
    for (const importer of project.getSourceFile(path)?.getReferencingSourceFiles() ?? []) {
      const p = resolve(importer.getFilePath());
      if (!ctx.files.has(p) || VIRTUAL_SCRIPT.test(p)) continue;
      affected.add(p);
      // A module that re-exports passes the changed declarations on to its own importers.
      if (
        !followed.has(p) &&
        importer.getExportDeclarations().some((d) => d.getModuleSpecifierSourceFile()?.getFilePath() === path)
      ) {
        followed.add(p);
        queue.push(p);
      }
    }
  }

  for (const [path, { text }] of migrated) project.getSourceFileOrThrow(path).replaceWithText(text);
  const after = project.getProgram().compilerObject;

  const errorsOf = (program: TsNamespace.Program, path: string) => {
    const sf = program.getSourceFile(path);
    if (!sf) return [];
    return [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].filter(
      (d) => d.category === ts.DiagnosticCategory.Error,
    );
  };
  /**
   * An error is the same before and after when it has the same code at the same place of the
   * original text (a migrated file's positions are mapped back through its edits). Messages are
   * not compared: two programs may print the same union's members in another order.
   */
  const keyOf = (d: TsNamespace.Diagnostic, edits?: readonly Edit[]) =>
    `${d.code}@${edits ? originalOffset(edits, d.start ?? 0) : (d.start ?? 0)}`;

  const introduced: IntroducedTypeError[] = [];
  for (const path of [...affected].sort()) {
    const now = errorsOf(after, path);
    if (now.length === 0) continue;
    // The same error (code and words) as before is not the migration's: count them, by kind.
    const old = new Map<string, number>();
    for (const d of errorsOf(before, path)) old.set(keyOf(d), (old.get(keyOf(d)) ?? 0) + 1);
    const edits = migrated.get(path)?.edits;
    for (const d of now) {
      const key = keyOf(d, edits);
      const left = old.get(key) ?? 0;
      if (left > 0) {
        old.set(key, left - 1);
        continue;
      }
      const { line, character } = d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0) : { line: 0, character: 0 };
      introduced.push({
        path,
        line: line + 1,
        column: character + 1,
        code: d.code,
        message: headline(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      });
    }
  }
  return introduced;
}
