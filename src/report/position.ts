/**
 * Offsets (UTF-16 code units, as JS strings index) to 1-based lines and columns. Columns count
 * Unicode code points, so a character outside the BMP (an emoji) is one column, as editors show it;
 * a BOM at the start of the file is not a column.
 */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    let at = text.indexOf('\n');
    while (at !== -1) {
      this.starts.push(at + 1);
      at = text.indexOf('\n', at + 1);
    }
  }

  /** 0-based line of an offset. */
  lineOf(offset: number): number {
    return lastAtOrBefore(this.starts, offset);
  }

  lineStart(line: number): number {
    return this.starts[line] as number;
  }

  /** The text of a 0-based line, without its line break (`\n` or `\r\n`). */
  lineText(line: number): string {
    const start = this.starts[line] as number;
    const next = this.starts[line + 1];
    let end = next === undefined ? this.text.length : next - 1;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return this.text.slice(start === 0 && this.text.charCodeAt(0) === 0xfeff ? 1 : start, end);
  }

  /** 1-based line and column (in code points) of an offset. */
  position(offset: number): { line: number; column: number } {
    const line = this.lineOf(offset);
    let start = this.starts[line] as number;
    if (start === 0 && this.text.charCodeAt(0) === 0xfeff) start = 1;
    return { line: line + 1, column: codePoints(this.text, start, offset) + 1 };
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
