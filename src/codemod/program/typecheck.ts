import { resolve } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import type { ProgramContext } from './project.js';

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
 * program (in memory), and every error the migrated program has in the files that changed, or
 * that import them (directly or through others), and that the original program did not have, is
 * returned. The original program is checked only for files that have errors after.
 */
export function introducedTypeErrors(ctx: ProgramContext, all: ReadonlyMap<string, string>): IntroducedTypeError[] {
  // Files the program does not hold (a Vue component, a file its config leaves out) are not type-checked.
  const migrated = new Map([...all].filter(([path]) => ctx.files.has(path)));
  if (migrated.size === 0) return [];
  const { ts, project } = ctx;
  const before = ctx.program;

  // The files a change can break: the changed ones and, transitively, those that import them.
  const affected = new Set<string>();
  const queue = [...migrated.keys()];
  while (queue.length > 0) {
    const path = queue.pop() as string;
    if (affected.has(path)) continue;
    affected.add(path);
    const sf = project.getSourceFile(path);
    for (const importer of sf?.getReferencingSourceFiles() ?? []) {
      const p = resolve(importer.getFilePath());
      if (ctx.files.has(p) && !affected.has(p)) queue.push(p);
    }
  }

  for (const [path, text] of migrated) project.getSourceFileOrThrow(path).replaceWithText(text);
  const after = project.getProgram().compilerObject;

  const errorsOf = (program: TsNamespace.Program, path: string) => {
    const sf = program.getSourceFile(path);
    if (!sf) return [];
    return [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].filter(
      (d) => d.category === ts.DiagnosticCategory.Error,
    );
  };
  const keyOf = (d: TsNamespace.Diagnostic) => `${d.code}\u0000${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;

  const introduced: IntroducedTypeError[] = [];
  for (const path of [...affected].sort()) {
    const now = errorsOf(after, path);
    if (now.length === 0) continue;
    // The same error (code and words) as before is not the migration's: count them, by kind.
    const old = new Map<string, number>();
    for (const d of errorsOf(before, path)) old.set(keyOf(d), (old.get(keyOf(d)) ?? 0) + 1);
    for (const d of now) {
      const key = keyOf(d);
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
        message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
      });
    }
  }
  return introduced;
}
