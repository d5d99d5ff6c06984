import { codePoints, type LineIndex } from '../findings/position.js';
import type { Excerpt } from './finding.js';

/** Lines longer than this (minified code) are cut around the token in excerpts. */
const EXCERPT_MAX = 200;
const EXCERPT_SIDE = 80;

/**
 * The line, or a window of it around the token when the line is long (minified code), with the
 * token's 1-based column (in code points) in that text. `at` and `length` are in UTF-16 units.
 */
export function lineExcerpt(lines: LineIndex, line: number, index: number, length: number): Excerpt {
  const start = lines.lineStart(line);
  const end = lines.lineEnd(line);
  if (end - start <= EXCERPT_MAX) return excerpt(lines.slice(start, end), index - start, length);
  // A long line (minified code): only the window around the token is copied.
  const lowAt = (i: number) => {
    const c = lines.slice(i, i + 1).charCodeAt(0);
    return c >= 0xdc00 && c <= 0xdfff;
  };
  let from = Math.max(start, index - EXCERPT_SIDE);
  let to = Math.min(end, index + length + EXCERPT_SIDE);
  if (from > start && lowAt(from)) from--;
  if (to < end && lowAt(to)) to++;
  const head = from > start ? '…' : '';
  const text = head + lines.slice(from, to) + (to < end ? '…' : '');
  return { text, column: head.length + codePoints(lines.slice(from, index), 0, index - from) + 1 };
}

export function excerpt(line: string, at: number, length: number): Excerpt {
  if (line.length <= EXCERPT_MAX) return { text: line, column: codePoints(line, 0, at) + 1 };
  let from = Math.max(0, at - EXCERPT_SIDE);
  let to = Math.min(line.length, at + length + EXCERPT_SIDE);
  const low = (i: number) => {
    const c = line.charCodeAt(i);
    return c >= 0xdc00 && c <= 0xdfff;
  };
  if (from > 0 && low(from)) from--;
  if (to < line.length && low(to)) to++;
  const head = from > 0 ? '…' : '';
  const text = head + line.slice(from, to) + (to < line.length ? '…' : '');
  return { text, column: head.length + codePoints(line, from, at) + 1 };
}
