import { resolve } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { LineIndex } from '../findings/position.js';
import type { RuleRef } from '../findings/record.js';
import { loadMappings } from '../mapping/load.js';
import type { Mappings } from '../mapping/mappings.js';
import { analyzeRoles } from '../roles/analysis.js';
import { registerVirtualFile } from '../roles/evidence.js';
import { inferredProgram } from '../roles/inferred.js';
import { kindOf } from '../rules/registry.js';
import { hasCivicContext } from '../scan/civic-context.js';
import { word } from '../vocabulary/messages.js';
import { type Note, note } from '../vocabulary/notes.js';
import { type VueVirtual, vueVirtual } from '../vue/virtual.js';
import { severityOf } from './apply.js';
import { parseErrors } from './ast.js';
import { applyEdits, shiftEdits } from './edits.js';
import { type CodemodPlan, planFor } from './plan.js';
import { findCivicMembers, renameLocations } from './program/civic-types.js';
import { type ProgramFacts, programFacts } from './program/facts.js';
import { transformScript } from './script.js';
import type { Change, Edit, Marker, TransformOptions, TransformResult } from './types.js';
import { scriptKindOfLang, type Ts, typescript } from './typescript.js';
import { vueScriptBlocks } from './vue.js';
import { transformVueVirtual } from './vue-transform.js';

/** How a file is parsed: JS files as JSX (React code often puts JSX in `.js`), TS as TS, `.tsx` as TSX. */
function scriptKindOf(ts: Ts, fileName: string): TsNamespace.ScriptKind | undefined {
  const dot = fileName.lastIndexOf('.');
  switch (dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase()) {
    case 'ts':
    case 'mts':
    case 'cts':
      return ts.ScriptKind.TS;
    case 'tsx':
      return ts.ScriptKind.TSX;
    case 'js':
    case 'jsx':
    case 'mjs':
    case 'cjs':
      return ts.ScriptKind.JSX;
    default:
      return undefined;
  }
}

/**
 * Rewrites the V1 references of one file's text: span edits on the original text (formatting,
 * comments, quotes, line endings and BOM survive), markers where a person must decide. Never
 * throws on bad code: a file that does not parse, or whose result would not, comes back
 * unchanged with `error` set. `fileName` picks the parser (`.ts`, `.tsx`, `.js`, `.vue`…).
 */
export function transformSource(text: string, fileName: string, options: TransformOptions = {}): TransformResult {
  const ctx = contextOf(text, options);
  const { ts, plan } = ctx;

  if (fileName.toLowerCase().endsWith('.vue')) {
    const virtual = vueVirtual(text);
    const alone =
      virtual &&
      singleFileProgram(virtual.code, `${fileName}.${virtual.lang}`, plan.mappings, (sf) =>
        registerComponent(sf, fileName, text, virtual),
      );
    // A script that does not parse is said block by block below, at its place in the file.
    if (virtual && alone && parseErrors(alone.sourceFile).length === 0) return transformVue(text, virtual, alone, ctx);
    const edits: Edit[] = [];
    const changes: Change[] = [];
    const markers: Marker[] = [];
    const errors: string[] = [];
    let ignored = 0;
    const lines = new LineIndex(text);
    const blocks = vueScriptBlocks(text);
    for (const block of blocks) {
      const kind = scriptKindOfLang(ts, block.lang);
      const blockName = `${fileName}.${block.lang}`;
      const r = transformScript(block.content, blockName, kind, {
        ...ctx,
        within: { lines, offset: block.start },
        program: singleFileProgram(block.content, blockName, plan.mappings),
      });
      if (r.error) errors.push(`<script> at line ${lines.lineOf(block.start) + 1}: ${r.error}`);
      ignored += r.ignored;
      edits.push(...shiftEdits(r.edits, block.start));
      changes.push(...r.changes);
      markers.push(...r.markers);
    }
    const inScript = (at: number) => blocks.some((b) => at >= b.start && at < b.start + b.content.length);
    markers.push(...outsideCodeMarkers(text, inScript, lines, plan, ctx.civic));
    markers.sort((a, b) => a.line - b.line || a.column - b.column);
    if (errors.length > 0)
      return { output: text, changed: false, edits: [], changes: [], markers, ignored, error: errors.join('; ') };
    const output = applyEdits(text, edits);
    return { output, changed: output !== text, edits, changes, markers, ignored };
  }

  const kind = scriptKindOf(ts, fileName);
  if (kind === undefined) {
    return {
      output: text,
      changed: false,
      edits: [],
      changes: [],
      markers: [],
      ignored: 0,
      error: `not a TS/JS/Vue file: ${fileName}`,
    };
  }
  // The file alone is a program: its roles come from what it shows.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const alone = singleFileProgram(bom ? text.slice(1) : text, fileName, plan.mappings);
  return transformProgramFile(text, fileName, alone.sourceFile, alone.facts, options) as TransformResult;
}

/** One script as a program of its own (an inferred program of one file), with the roles the file shows. */
function singleFileProgram(
  text: string,
  fileName: string,
  mappings: Mappings,
  /** Told of the file's parse before anything is decided (a Vue component's virtual script says where it stands). */
  parsed?: (sourceFile: TsNamespace.SourceFile) => void,
): { sourceFile: TsNamespace.SourceFile; facts: ProgramFacts } {
  const view = inferredProgram(new Map([[fileName, text]]));
  const sourceFile = view.files.get(resolve(fileName)) as TsNamespace.SourceFile;
  parsed?.(sourceFile);
  const renames = renameLocations(view, findCivicMembers(view, planFor(mappings))).get(resolve(fileName)) ?? [];
  return { sourceFile, facts: programFacts(view, sourceFile, renames, analyzeRoles(view, mappings, [sourceFile])) };
}

/**
 * Program mode: one file of the program, analysed on the program's own parse with what the
 * program says about it. The program reads files without their BOM: a BOM in `text` is kept, and
 * offsets and positions are those of `text`. Undefined when the program's text is not this text
 * (the file changed since the program read it): the caller then reads the file on its own.
 */
export function transformProgramFile(
  text: string,
  fileName: string,
  sourceFile: TsNamespace.SourceFile,
  facts: ProgramFacts,
  options: TransformOptions = {},
): TransformResult | undefined {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (sourceFile.text !== (bom ? text.slice(1) : text)) return undefined;
  const ctx = contextOf(text, options);
  const kind = scriptKindOf(ctx.ts, fileName) ?? ctx.ts.ScriptKind.TS;
  const r = transformScript(sourceFile.text, fileName, kind, {
    ...ctx,
    program: { sourceFile, facts },
    ...(bom ? { within: { lines: new LineIndex(text), offset: bom } } : {}),
  });
  if (!bom) return { ...r, changed: r.output !== text };
  const output = r.output === sourceFile.text ? text : `\uFEFF${r.output}`;
  return { ...r, output, edits: shiftEdits(r.edits, bom), changed: output !== text };
}

/**
 * Says that a virtual script (`sourceFile`) stands for a Vue component (`path`, its text `text`):
 * evidence then names the component at the line and column of what the script copies from it, or,
 * for generated code (a `this.`, a template's scaffolding), of the next piece copied.
 */
export function registerComponent(sourceFile: TsNamespace.SourceFile, path: string, text: string, virtual: VueVirtual): void {
  const lines = new LineIndex(text);
  registerVirtualFile(sourceFile, path, (pos) => {
    const next = virtual.segments.find((s) => s.virtualStart + s.length > pos) ?? virtual.segments.at(-1);
    const at = virtual.toSource(pos, pos)?.start ?? next?.sourceStart ?? 0;
    return lines.position(at);
  });
}

/** What deciding a file's scripts needs besides the scripts: the table's plan, and the options as the run gave them. */
function contextOf(text: string, options: TransformOptions) {
  const plan = planFor(options.mappings ?? loadMappings());
  const longName = options.longName ?? 'auto';
  const civic = longName === 'always' || (longName === 'auto' && hasCivicContext(text, plan.mappings));
  return { ts: typescript(), plan, civic, longName, markers: options.markers ?? true, verify: options.decisionsOnly !== true };
}

/**
 * Program mode for a Vue component: decided as its virtual script (`sourceFile`, the program's
 * parse of it) with what the program says about it. Undefined when the program's virtual script is
 * not this text's (the file changed since the program read it) or does not parse: the caller then
 * reads the file on its own.
 */
export function transformProgramVue(
  text: string,
  sourceFile: TsNamespace.SourceFile,
  facts: ProgramFacts,
  options: TransformOptions = {},
  /** The virtual script of `text` when the caller has it already (the program built it from the same text). */
  known?: VueVirtual,
): TransformResult | undefined {
  const virtual = known ?? vueVirtual(text);
  if (virtual?.code !== sourceFile.text || parseErrors(sourceFile).length > 0) return undefined;
  return transformVue(text, virtual, { sourceFile, facts }, contextOf(text, options));
}

/**
 * A Vue file decided as one virtual script (`transformVueVirtual`), then the V1 references outside
 * any code (the template's text and static attributes) reported for a person. The rewritten file
 * must still be a component the compiler parses.
 */
export function transformVue(
  text: string,
  virtual: VueVirtual,
  program: { sourceFile: TsNamespace.SourceFile; facts: ProgramFacts },
  ctx: { ts: Ts; plan: CodemodPlan; civic: boolean; longName: 'auto' | 'always' | 'never'; markers: boolean },
): TransformResult {
  const r = transformVueVirtual(text, virtual, program, ctx);
  const lines = new LineIndex(text);
  const code = virtual.segments.map((s) => [s.sourceStart, s.sourceStart + s.length] as const);
  const inCode = (at: number) => code.some(([start, end]) => at >= start && at < end);
  const markers = [...r.markers, ...outsideCodeMarkers(text, inCode, lines, ctx.plan, ctx.civic)];
  markers.sort((a, b) => a.line - b.line || a.column - b.column);
  if (r.changed && !vueVirtual(r.output))
    return {
      ...r,
      output: text,
      changed: false,
      edits: [],
      changes: [],
      markers,
      error: 'the rewritten component would not parse; left untouched',
    };
  return { ...r, markers };
}

/**
 * V1 references in a Vue file outside its code (`inCode`: the `<script>` blocks, and the
 * template's expressions when the file was decided as a virtual script): the template's text and
 * static attributes, reported for a person (never inserted: a comment between elements can change
 * what renders).
 */
function outsideCodeMarkers(
  text: string,
  inCode: (at: number) => boolean,
  lines: LineIndex,
  plan: CodemodPlan,
  civic: boolean,
): Marker[] {
  const m = plan.mappings;
  const markers: Marker[] = [];
  const seen = new Set<string>();
  for (const hit of plan.stringTokens.find(text)) {
    if (inCode(hit.index)) continue;
    const rule = m.byV1.get(hit.token);
    const property = plan.fieldProperties.get(hit.token);
    const action = rule ? kindOf(rule).codemod(rule, 'template', m) : undefined;
    const found: { note: Note; rule: RuleRef } | undefined =
      rule && action?.kind === 'mark'
        ? { note: action.note, rule: { kind: rule.kind, v1: rule.v1 } }
        : !rule && property && civic
          ? {
              note: note('property-elsewhere', { v1: property.v1, v2: property.v2, place: 'template' }),
              rule: { kind: 'property', v1: property.v1 },
            }
          : undefined;
    if (!found) continue;
    const { cause, message } = word(found.note);
    const at = hit.index;
    const start = lines.position(at);
    const key = `${start.line}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const end = lines.position(at + hit.token.length);
    markers.push({
      cause,
      start: at,
      end: at + hit.token.length,
      code: found.note.code,
      severity: severityOf(found.note),
      params: found.note.params,
      rule: found.rule,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      token: hit.token,
      message,
      added: false,
      present: false,
    });
  }
  return markers;
}
