import type { ts as TsNamespace } from 'ts-morph';
import { LineIndex } from '../findings/position.js';
import type { VueVirtual } from '../vue/virtual.js';
import { applyEdits } from './edits.js';
import type { ProgramFacts } from './program/facts.js';
import { type ScriptContext, transformScript } from './script.js';
import type { Change, Edit, Marker, TransformResult } from './types.js';
import { scriptKindOfLang } from './typescript.js';

/**
 * A Vue single-file component decided as one script: its virtual script (script blocks and the
 * template's expressions in their scopes, `vueVirtual`) goes through the same sites → decide →
 * apply as any script, and every edit is mapped back to the `.vue` file. Only spans copied verbatim
 * from the file are ever edited; a marker about the template is reported, never written into it
 * (a comment between elements can change what renders). A rewrite that would land in generated
 * text leaves the file untouched with an error.
 */
export function transformVueVirtual(
  text: string,
  virtual: VueVirtual,
  program: { sourceFile: TsNamespace.SourceFile; facts: ProgramFacts },
  ctx: Omit<ScriptContext, 'program' | 'within'>,
): TransformResult {
  const ts = ctx.ts;
  const r = transformScript(virtual.code, program.sourceFile.fileName, scriptKindOfLang(ts, virtual.lang), { ...ctx, program });
  const unchanged = (error?: string, markers: readonly Marker[] = []): TransformResult => ({
    output: text,
    changed: false,
    edits: [],
    changes: [],
    markers,
    ignored: r.ignored,
    ...(error ? { error } : {}),
  });
  const lines = new LineIndex(text);
  const inTemplate = (at: number) => virtual.templateSegments.some((s) => at >= s.virtualStart && at < s.virtualStart + s.length);
  const place = (start: number, end: number) => {
    const from = lines.position(start);
    const to = lines.position(end);
    return { start, end, line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
  };

  const markers: Marker[] = [];
  for (const m of r.markers) {
    const at = virtual.toSource(m.start, m.end);
    // A marker on generated text (a `this.` the virtual script adds) is about nothing the file holds.
    if (!at) continue;
    const template = inTemplate(m.start);
    markers.push({ ...m, ...place(at.start, at.end), ...(template ? { added: false, present: false } : {}) });
  }
  // The error's positions are the virtual script's, which mean nothing in the file: its words only.
  if (r.error)
    return unchanged(r.error.replace(/\d+:\d+: /, '').replace('the rewritten file', 'the rewritten component'), markers);

  const edits: Edit[] = [];
  for (const e of r.edits) {
    const at = virtual.toSource(e.start, e.end);
    const insertion = e.start === e.end;
    if (insertion) {
      // Marker comments go into the script only.
      if (at && !inTemplate(e.start)) edits.push({ start: at.start, end: at.end, text: e.text });
      continue;
    }
    if (!at) return unchanged('a rewrite falls on code the template does not spell (generated); left untouched', markers);
    edits.push({ start: at.start, end: at.end, text: e.text });
  }
  const changes: Change[] = [];
  for (const c of r.changes) {
    const at = virtual.toSource(c.start, c.end);
    if (at) changes.push({ ...c, ...place(at.start, at.end) });
  }
  edits.sort((a, b) => a.start - b.start);
  changes.sort((a, b) => a.start - b.start);
  const output = applyEdits(text, edits);
  markers.sort((a, b) => a.line - b.line || a.column - b.column);
  return { output, changed: output !== text, edits, changes, markers, ignored: r.ignored };
}
