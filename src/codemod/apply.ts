import type { Severity } from '../findings/record.js';
import { evidenceOf } from '../roles/evidence.js';
import { word } from '../vocabulary/messages.js';
import type { Note } from '../vocabulary/notes.js';
import type { Decision } from './decide.js';
import { applyEdits, sortEdits } from './edits.js';
import { type Anchor, commentLinesAbove, findAnchor, markerComment, markerEdit, markerSubject } from './markers.js';
import type { Source } from './source.js';
import type { Change, Edit, Marker } from './types.js';

export interface Applied {
  readonly output: string;
  /** Sorted, non-overlapping: the rewrites and the marker insertions. */
  readonly edits: readonly Edit[];
  readonly changes: readonly Change[];
  readonly markers: readonly Marker[];
  /** Decisions dropped by `civic-migrate-ignore` comments. */
  readonly ignored: number;
}

/**
 * Turns decisions into span edits on the original text and applies them once: rewrites as they
 * are, notes as marker comment lines above their statement (one insertion per line, never a
 * marker already there). Decisions on lines a `civic-migrate-ignore` comment covers are dropped.
 * Overlapping edits are a bug in the decisions and throw.
 */
export function applyDecisions(
  source: Source,
  decisions: readonly Decision[],
  options: { markers: boolean; ignoredLines: ReadonlySet<number> },
): Applied {
  const { text } = source;
  const edits: Edit[] = [];
  const changes: Change[] = [];
  const markers: Marker[] = [];
  const ignored = (d: Decision) =>
    options.ignoredLines.size > 0 && options.ignoredLines.has(source.lines.lineOf(source.start(d.node)));
  const place = (start: number, end: number) => {
    const from = source.position(start);
    const to = source.position(end);
    const base = source.offset;
    return { start: base + start, end: base + end, line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
  };
  let ignoredCount = 0;

  const byAnchor = new Map<number, { anchor: Anchor; messages: string[] }>();
  const seenAt = new Set<string>();
  /** Per anchor, the subjects of the markers already above it. */
  const present = new Map<number, ReadonlySet<string | undefined>>();
  /** Anchor+message pairs whose comment stands in the result. */
  const written = new Set<string>();
  for (const d of decisions) {
    if (ignored(d)) {
      ignoredCount++;
      continue;
    }
    const evidence = d.why?.[0] ? { evidence: evidenceOf(d.why[0]) } : {};
    if (d.kind === 'rewrite') {
      edits.push({ start: d.start, end: d.end, text: d.text });
      // `from` may be a slice of the file's text: copy it, or each record would keep the whole text alive.
      changes.push({
        kind: d.change,
        code: `${d.change}-rewritten`,
        severity: 'warning',
        rule: d.rule,
        params: { from: detach(d.from), to: detach(d.to) },
        ...place(d.start, d.start + d.from.length),
        from: detach(d.from),
        to: detach(d.to),
        ...evidence,
      });
      continue;
    }
    const { cause, message } = word(d.note);
    if (d.quiet) {
      markers.push({
        cause,
        code: d.note.code,
        severity: 'info',
        rule: d.rule,
        params: d.note.params,
        ...place(d.at, d.at + d.token.length),
        token: detach(d.token),
        message,
        added: false,
        present: false,
        confidence: 'low',
        ...evidence,
      });
      continue;
    }
    const anchor = findAnchor(source, d.node);
    // One comment line per message above a line: other places it covers are listed, not written again.
    const key = `${anchor?.pos ?? -1}\u0000${message}`;
    const covered = seenAt.has(key);
    seenAt.add(key);
    let there = false;
    if (anchor && !covered) {
      const above = present.get(anchor.pos) ?? new Set(commentLinesAbove(source, anchor.pos).map(markerSubject));
      present.set(anchor.pos, above);
      there = above.has(markerSubject(markerComment(message, anchor.jsx)));
    }
    const added = options.markers && anchor !== undefined && !there && !covered;
    markers.push({
      cause,
      code: d.note.code,
      severity: severityOf(d.note),
      rule: d.rule,
      params: d.note.params,
      ...place(d.at, d.at + d.token.length),
      token: detach(d.token),
      message,
      added,
      present: added || there || (covered && written.has(key)),
      ...evidence,
    });
    if (added || there) written.add(key);
    if (added && anchor) {
      const group = byAnchor.get(anchor.pos) ?? { anchor, messages: [] };
      group.messages.push(message);
      byAnchor.set(anchor.pos, group);
    }
  }
  for (const { anchor, messages } of byAnchor.values()) edits.push(markerEdit(text, anchor, messages));

  const sorted = sortEdits(edits);
  const byPosition = <T extends { line: number; column: number }>(x: T, y: T) => x.line - y.line || x.column - y.column;
  return {
    output: applyEdits(text, sorted),
    edits: sorted,
    changes: changes.sort(byPosition),
    markers: markers.sort(byPosition),
    ignored: ignoredCount,
  };
}

/** A copy of a short string that shares no memory with the text it was sliced from. */
const detach = (s: string) => ` ${s}`.slice(1);

/** A note a person must act on is an error; a rewrite the table only warns about, a warning. */
export const severityOf = (note: Note): Severity => (note.code === 'rule-warning' ? 'warning' : 'error');
