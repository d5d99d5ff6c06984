/**
 * Offsets (UTF-16 code units, as JS strings index) to 1-based lines and columns, for every tool.
 * Columns count Unicode code points, so a character outside the BMP (an emoji) is one column, as
 * editors show it; a BOM at the start of the text is not a column.
 *
 * Every query costs O(log n): a one-line minified file with thousands of findings must not cost
 * the square of its length.
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  /** Offsets of the second halves of surrogate pairs (each makes a column of two code units). */
  private readonly pairs: number[] = [];
  private readonly bom: boolean;

  constructor(private readonly text: string) {
    let at = text.indexOf('\n');
    while (at !== -1) {
      this.starts.push(at + 1);
      at = text.indexOf('\n', at + 1);
    }
    this.bom = text.charCodeAt(0) === 0xfeff;
    // Most code has no character outside the BMP: one regex pass says so.
    if (/[\ud800-\udbff][\udc00-\udfff]/.test(text)) {
      for (const m of text.matchAll(/[\ud800-\udbff][\udc00-\udfff]/g)) this.pairs.push((m.index as number) + 1);
    }
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** 0-based line of an offset. */
  lineOf(offset: number): number {
    return lastAtOrBefore(this.starts, offset);
  }

  /** Offset of the first character of a 0-based line (after the BOM on the first line). */
  lineStart(line: number): number {
    const start = this.starts[line] as number;
    return start === 0 && this.bom ? 1 : start;
  }

  /** Offset where the line holding `offset` starts. */
  lineStartAt(offset: number): number {
    return this.lineStart(this.lineOf(offset));
  }

  /** Where a 0-based line's text ends, before its line break (`\n` or `\r\n`). */
  lineEnd(line: number): number {
    const next = this.starts[line + 1];
    let end = next === undefined ? this.text.length : next - 1;
    if (end > (this.starts[line] as number) && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  /** The text of a 0-based line, without its line break. */
  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineEnd(line));
  }

  /** A part of the text. */
  slice(from: number, to: number): string {
    return this.text.slice(from, to);
  }

  /** Code points in `[from, to)`. */
  codePoints(from: number, to: number): number {
    if (this.pairs.length === 0 || to <= from) return to - from;
    // Second halves inside (from, to): each pair there counts once.
    const first = firstAbove(this.pairs, from);
    const last = firstAbove(this.pairs, to - 1);
    return to - from - (last - first);
  }

  /** 1-based line and column (in code points) of an offset. */
  position(offset: number): { line: number; column: number } {
    const line = this.lineOf(offset);
    return { line: line + 1, column: this.codePoints(this.lineStart(line), offset) + 1 };
  }
}

/** Code points in `text[from, to)`: UTF-16 units minus the second half of each surrogate pair. */
export function codePoints(text: string, from: number, to: number): number {
  let count = to - from;
  for (let i = from + 1; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) {
      const prev = text.charCodeAt(i - 1);
      if (prev >= 0xd800 && prev <= 0xdbff) count--;
    }
  }
  return count;
}

/** The index of the last element of `sorted` (ascending, first element ≤ any `value` asked) that is ≤ `value`. */
export function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((sorted[mid] as number) <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The index of the first element of `sorted` greater than `value` (its length when none is). */
function firstAbove(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
