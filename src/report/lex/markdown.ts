import type { ContextMap } from './context-map.js';

/** Lexes a range of text in some language (used for fenced code blocks). */
export type RangeLexer = (text: string, from: number, to: number, map: ContextMap) => void;

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`{]*)/;

/**
 * Markdown (and MDX): prose is documentation, labelled `comment`; inline code spans and fenced
 * code blocks are `code`, and a fenced block whose info string names a known language is lexed in
 * that language (so a string in a ```python block is a `string`). `<!-- -->` is a comment.
 */
export function lexMarkdown(
  text: string,
  from: number,
  to: number,
  map: ContextMap,
  lexerFor: (lang: string) => RangeLexer,
): void {
  map.set(from, 'comment');
  const spans: SpanState = { paragraphLimit: -1, noCloser: new Map() };
  let lineStart = from;
  while (lineStart < to) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 || nl >= to ? to : nl;
    const line = text.slice(lineStart, lineEnd);
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] as string;
      const contentStart = Math.min(to, lineEnd + 1);
      // The closing fence: same character, at least as long, nothing else on the line.
      const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*\\r?$`, 'gm');
      closing.lastIndex = contentStart;
      const found = closing.exec(text);
      const m = found && found.index < to ? found : null;
      const contentEnd = m ? m.index : to;
      const blockEnd = m ? Math.min(to, contentEnd + m[0].length) : to;
      map.set(lineStart, 'code');
      lexerFor((fence[2] ?? '').toLowerCase())(text, contentStart, contentEnd, map);
      map.set(contentEnd, 'code');
      map.set(blockEnd, 'comment');
      lineStart = blockEnd + 1;
      continue;
    }
    lineStart = lexInline(text, lineStart, lineEnd, to, map, spans) + 1;
  }
}

/** Code-span search state kept across the lines of a paragraph, so that stray backticks cost linear time. */
interface SpanState {
  /** End of the paragraph the last search looked in. */
  paragraphLimit: number;
  /** Backtick run lengths with no closer before `paragraphLimit`. */
  readonly noCloser: Map<number, number>;
}

/**
 * Code spans and HTML comments in one line of prose. A code span or comment may run on to later
 * lines: returns the end of the line where the scan stopped.
 */
function lexInline(text: string, from: number, firstLineEnd: number, to: number, map: ContextMap, spans: SpanState): number {
  let i = from;
  let lineEnd = firstLineEnd;
  const endOfLineAt = (at: number) => {
    const nl = text.indexOf('\n', at);
    return nl === -1 || nl >= to ? to : nl;
  };
  while (i < lineEnd) {
    const c = text.charCodeAt(i);
    if (c === 96 /* ` */) {
      let run = i;
      while (run < to && text.charCodeAt(run) === 96) run++;
      const ticks = text.slice(i, run);
      if (run < spans.paragraphLimit) {
        // Same paragraph as a run of this length that found no closer: none will.
        if ((spans.noCloser.get(ticks.length) ?? -1) >= run) {
          i = run;
          continue;
        }
      } else {
        const end = text.indexOf('\n\n', run);
        spans.paragraphLimit = end === -1 || end > to ? to : end;
        spans.noCloser.clear();
      }
      const limit = spans.paragraphLimit;
      let close = text.indexOf(ticks, run);
      while (close !== -1 && close < limit && text.charCodeAt(close + ticks.length) === 96) {
        let after = close;
        while (text.charCodeAt(after) === 96) after++;
        close = text.indexOf(ticks, after);
      }
      if (close !== -1 && close < limit) {
        map.set(i, 'code');
        map.set(close + ticks.length, 'comment');
        i = close + ticks.length;
        if (i > lineEnd) lineEnd = endOfLineAt(i);
        continue;
      }
      spans.noCloser.set(ticks.length, limit);
      i = run;
      continue;
    }
    if (c === 60 /* < */ && text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      i = end === -1 || end > to ? to : end + 3;
      if (i > lineEnd) lineEnd = endOfLineAt(i);
      continue;
    }
    i++;
  }
  return lineEnd;
}
