import type { Edit } from './types.js';

/** Sorts edits by position (insertions before replacements at the same offset) and rejects overlaps. */
export function sortEdits(edits: readonly Edit[]): Edit[] {
  const sorted = edits
    .map((edit, order) => ({ edit, order }))
    .sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end || a.order - b.order)
    .map((e) => e.edit);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as Edit;
    const cur = sorted[i] as Edit;
    if (cur.start < prev.end) {
      throw new Error(`overlapping edits [${prev.start}, ${prev.end}) and [${cur.start}, ${cur.end})`);
    }
  }
  return sorted;
}

/** Applies sorted, non-overlapping edits to the original text in one pass. */
export function applyEdits(text: string, sorted: readonly Edit[]): string {
  if (sorted.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const edit of sorted) {
    parts.push(text.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Moves edits made on a slice of a file (a Vue `<script>` block) to the file's offsets. */
export function shiftEdits(edits: readonly Edit[], offset: number): Edit[] {
  return edits.map((e) => ({ start: e.start + offset, end: e.end + offset, text: e.text }));
}
