import type { ts as TsNamespace } from 'ts-morph';
import type { LineIndex } from '../findings/position.js';
import { ignoredLines as findIgnoredLines, IGNORE_DIRECTIVE } from '../scan/marker.js';
import type { Analysis } from './analysis.js';
import { applyDecisions } from './apply.js';
import { describeParseError, isInComment, parseErrors } from './ast.js';
import { decide } from './decide.js';
import type { CodemodPlan } from './plan.js';
import type { ProgramFacts } from './program/facts.js';
import { collectSites } from './sites.js';
import { Source } from './source.js';
import type { Change, Edit, Marker } from './types.js';
import type { Ts } from './typescript.js';

export interface ScriptContext {
  readonly ts: Ts;
  readonly plan: CodemodPlan;
  /** The file shows Civic Data API use (or the caller says so): `long_name` is renamed. */
  readonly civic: boolean;
  /** Where `long_name` is renamed: by evidence (`auto`), everywhere, nowhere. */
  readonly longName?: 'auto' | 'always' | 'never';
  readonly markers: boolean;
  /** The script is a part of a larger file (a Vue `<script>` block): positions are reported in the file. */
  readonly within?: { readonly lines: LineIndex; readonly offset: number };
  /** The program's own parse of the script (a configured or inferred program, or the script alone), and what it says about it. */
  readonly program: { readonly sourceFile: TsNamespace.SourceFile; readonly facts: ProgramFacts };
  /** Parse the rewrite to prove it still parses (default true; the report, reading decisions only, skips it). */
  readonly verify?: boolean;
}

export interface ScriptResult {
  readonly output: string;
  readonly edits: readonly Edit[];
  readonly changes: readonly Change[];
  readonly markers: readonly Marker[];
  readonly ignored: number;
  readonly error?: string;
}

/** Parses a script for the codemod (JSDoc skipped: markers and rewrites never look into comments). */
function parseScript(ts: Ts, text: string, fileName: string, kind: TsNamespace.ScriptKind): TsNamespace.SourceFile {
  const options = { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
  return ts.createSourceFile(fileName, text, options, true, kind);
}

/**
 * Rewrites one script (a TS/JS file, or a Vue `<script>` block's content) in three steps: collect
 * the sites (syntax tree → data), decide each (the rule kind's policy and the named heuristics),
 * apply the decisions as span edits on the original text, once, and parse the result once to
 * prove it still parses. Cost is linear in the script's size.
 */
export function transformScript(text: string, fileName: string, kind: TsNamespace.ScriptKind, ctx: ScriptContext): ScriptResult {
  const { ts } = ctx;
  const sf = ctx.program.sourceFile;
  const errors = parseErrors(sf);
  if (errors.length > 0) {
    return {
      output: text,
      edits: [],
      changes: [],
      markers: [],
      ignored: 0,
      error: `syntax error at ${describeParseError(ts, sf, errors[0]!)}`,
    };
  }
  const source = new Source(ts, text, sf, ctx.within);
  const analysis: Analysis = {
    source,
    plan: ctx.plan,
    sites: collectSites(source, ctx.plan),
    civic: ctx.civic,
    longName: ctx.longName ?? 'auto',
    program: ctx.program.facts,
  };
  // Lines a person has checked: `// civic-migrate-ignore` on the line, `…-ignore-next-line` above it.
  const ignoredLines = text.includes(IGNORE_DIRECTIVE)
    ? findIgnoredLines(
        text,
        (at) => isInComment(ts, sf, at),
        (at) => source.lines.lineOf(at),
      )
    : new Set<number>();
  const applied = applyDecisions(source, decide(analysis), { markers: ctx.markers, ignoredLines });

  if (applied.output !== text && ctx.verify !== false) {
    const after = parseScript(ts, applied.output, fileName, kind);
    const afterErrors = parseErrors(after);
    if (afterErrors.length > 0) {
      return {
        output: text,
        edits: [],
        changes: [],
        markers: applied.markers,
        ignored: applied.ignored,
        error: `the rewritten file would not parse (${describeParseError(ts, after, afterErrors[0]!)}); left untouched`,
      };
    }
  }
  return applied;
}
