import type { ts as TsNamespace } from 'ts-morph';
import { loadMappings } from '../mapping/load.js';
import { kindOf } from '../rules/registry.js';
import { hasCivicContext } from '../scan/civic-context.js';
import { applyEdits, shiftEdits } from './edits.js';
import { type MarkerNote, propertyInStringNote, word } from './messages.js';
import { type CodemodPlan, planFor } from './plan.js';
import { type ScriptResult, transformScript } from './script.js';
import type { Change, Edit, Marker, TransformOptions, TransformResult } from './types.js';
import { type Ts, typescript } from './typescript.js';
import { vueScriptBlocks, vueTemplateRange } from './vue.js';

/** File extensions the codemod reads (without the dot). `.d.ts` files are `.ts` files. */
export const CODEMOD_EXTENSIONS: readonly string[] = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs', 'vue'];

/** How a file is parsed: JS files as JSX (React code often puts JSX in `.js`), TS as TS, `.tsx` as TSX. */
export function scriptKindOf(ts: Ts, fileName: string): TsNamespace.ScriptKind | undefined {
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
  const ts = typescript();
  const plan = planFor(options.mappings ?? loadMappings());
  const longName = options.longName ?? 'auto';
  const civic = longName === 'always' || (longName === 'auto' && hasCivicContext(text, plan.mappings));
  const ctx = { ts, plan, civic, markers: options.markers ?? true };

  if (fileName.toLowerCase().endsWith('.vue')) {
    const edits: Edit[] = [];
    const changes: Change[] = [];
    const markers: Marker[] = [];
    const errors: string[] = [];
    for (const block of vueScriptBlocks(text)) {
      const kind =
        block.lang === 'ts'
          ? ts.ScriptKind.TS
          : block.lang === 'tsx'
            ? ts.ScriptKind.TSX
            : block.lang === 'jsx'
              ? ts.ScriptKind.JSX
              : ts.ScriptKind.JS;
      const r = transformScript(block.content, `${fileName}.${block.lang}`, kind, ctx);
      const before = text.slice(0, block.start);
      const lineOffset = before.split('\n').length - 1;
      const columnOffset = block.start - (before.lastIndexOf('\n') + 1);
      const move = <T extends { line: number; column: number }>(x: T): T => ({
        ...x,
        line: x.line + lineOffset,
        column: x.line === 1 ? x.column + columnOffset : x.column,
      });
      if (r.error) errors.push(`<script> at line ${lineOffset + 1}: ${r.error}`);
      edits.push(...shiftEdits(r.edits, block.start));
      changes.push(...r.changes.map(move));
      markers.push(...r.markers.map(move));
    }
    markers.push(...templateMarkers(text, plan, civic));
    markers.sort((a, b) => a.line - b.line || a.column - b.column);
    if (errors.length > 0) return { output: text, changed: false, edits: [], changes: [], markers, error: errors.join('; ') };
    const output = applyEdits(text, edits);
    return { output, changed: output !== text, edits, changes, markers };
  }

  const kind = scriptKindOf(ts, fileName);
  if (kind === undefined) {
    return { output: text, changed: false, edits: [], changes: [], markers: [], error: `not a TS/JS/Vue file: ${fileName}` };
  }
  const r: ScriptResult = transformScript(text, fileName, kind, ctx);
  return { ...r, changed: r.output !== text };
}

/**
 * V1 references in a Vue `<template>`: the codemod rewrites `<script>` blocks only, so each is
 * reported for a person (never inserted: a comment between elements can change what renders).
 */
function templateMarkers(text: string, plan: CodemodPlan, civic: boolean): Marker[] {
  const range = vueTemplateRange(text);
  if (!range) return [];
  const m = plan.mappings;
  const markers: Marker[] = [];
  const seen = new Set<string>();
  for (const hit of plan.stringTokens.find(text.slice(range[0], range[1]))) {
    const rule = m.byV1.get(hit.token);
    const property = plan.fieldProperties.get(hit.token);
    const action = rule ? kindOf(rule).codemod(rule, 'template') : undefined;
    const note: MarkerNote | undefined =
      action?.kind === 'mark'
        ? word(action.note)
        : !rule && property && civic
          ? propertyInStringNote(property, 'template')
          : undefined;
    if (!note) continue;
    const at = range[0] + hit.index;
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    const key = `${line}\u0000${note.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const column = at - (before.lastIndexOf('\n') + 1) + 1 - (line === 1 && text.charCodeAt(0) === 0xfeff ? 1 : 0);
    markers.push({ cause: note.cause, line, column, message: note.message, added: false, present: false });
  }
  return markers;
}
