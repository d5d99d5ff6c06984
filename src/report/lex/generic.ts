import type { SourceContext } from '../finding.js';
import type { ContextMap } from './context-map.js';

/**
 * A light lexer driven by a syntax description: it knows comments and string literals, nothing
 * else. It tells code from strings from comments well enough to label findings; it never fails,
 * and an unterminated single-line quote (an apostrophe in a Rust lifetime, a shell word) counts
 * as code rather than swallowing the rest of the file.
 */
export interface QuoteRule {
  readonly open: string;
  readonly close: string;
  /** How the closing quote is escaped inside: `\"`, `''` (SQL), or not at all. */
  readonly escape: 'backslash' | 'doubled' | 'none';
  /** False: the literal must close on its line, else the quote is not a literal opener. */
  readonly multiline: boolean;
  /** Strings are `string`; SQL's quoted identifiers are `code`. */
  readonly context: SourceContext;
  /** JS template literals: `${` opens code up to the matching `}`. */
  readonly interpolation?: boolean;
  /** A character literal: one character or an escape (`'x'`, `'\\n'`), so a Rust lifetime `'a` is code. */
  readonly charLiteral?: boolean;
}

export interface LineComment {
  readonly open: string;
  /** Only at the start of the text or after whitespace (`#` in shell and YAML). */
  readonly afterSpace?: boolean;
}

export interface BlockComment {
  readonly open: string;
  readonly close: string;
  /** Opener and closer only at the start of a line (Ruby's `=begin` / `=end`). */
  readonly lineStart?: boolean;
}

export interface Syntax {
  readonly name: string;
  /** Context of text that is neither string nor comment: `code`, or `string` for data files (YAML, .env). */
  readonly base: SourceContext;
  readonly lineComments: readonly LineComment[];
  readonly blockComments: readonly BlockComment[];
  /** Checked in order: put `"""` before `"`. */
  readonly quotes: readonly QuoteRule[];
  /** JS: a `/` where an expression starts opens a regular expression literal (labelled `string`). */
  readonly regexLiterals?: boolean;
  /** Ruby: `:name` is a symbol literal (labelled `string`). */
  readonly symbols?: boolean;
}

const NEWLINE = 10;
const BACKSLASH = 92;

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
const isIdent = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;

const REGEX_AFTER = new Set('(,=:[!&|?{};+-*%<>~^'.split('').map((c) => c.charCodeAt(0)));
const REGEX_KEYWORDS = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'void',
  'yield',
  'await',
  'delete',
  'new',
  'instanceof',
]);

/** First characters of every opener, so most characters cost one set lookup. */
const starters = new WeakMap<Syntax, Set<number>>();
function startersOf(syntax: Syntax): Set<number> {
  let set = starters.get(syntax);
  if (!set) {
    set = new Set<number>();
    for (const c of syntax.lineComments) set.add(c.open.charCodeAt(0));
    for (const c of syntax.blockComments) set.add(c.open.charCodeAt(0));
    for (const q of syntax.quotes) set.add(q.open.charCodeAt(0));
    if (syntax.regexLiterals) set.add('/'.charCodeAt(0));
    if (syntax.symbols) set.add(':'.charCodeAt(0));
    set.add('{'.charCodeAt(0));
    set.add('}'.charCodeAt(0));
    starters.set(syntax, set);
  }
  return set;
}

const lineEnd = (text: string, from: number, to: number) => {
  const nl = text.indexOf('\n', from);
  return nl === -1 || nl > to ? to : nl;
};

/**
 * Labels `text[from, to)` into `map`. With `stopAtBrace`, stops at the `}` that closes an
 * interpolation (JS `${…}`) and returns its offset; otherwise returns `to`.
 */
export function lexRange(syntax: Syntax, text: string, from: number, to: number, map: ContextMap, stopAtBrace = false): number {
  const first = startersOf(syntax);
  const base = syntax.base;
  let depth = 0;
  let i = from;
  const unclosedUntil = new Map<QuoteRule, number>();
  map.set(from, base);
  outer: while (i < to) {
    const c = text.charCodeAt(i);
    if (!first.has(c)) {
      i++;
      continue;
    }
    if (c === 123 /* { */) {
      depth++;
      i++;
      continue;
    }
    if (c === 125 /* } */) {
      if (stopAtBrace && depth === 0) return i;
      depth--;
      i++;
      continue;
    }
    for (const lc of syntax.lineComments) {
      if (text.startsWith(lc.open, i) && (!lc.afterSpace || i === 0 || isSpace(text.charCodeAt(i - 1)))) {
        const end = lineEnd(text, i, to);
        map.set(i, 'comment');
        map.set(end, base);
        i = end;
        continue outer;
      }
    }
    for (const bc of syntax.blockComments) {
      if (text.startsWith(bc.open, i) && (!bc.lineStart || i === 0 || text.charCodeAt(i - 1) === NEWLINE)) {
        let close = -1;
        let from2 = i + bc.open.length;
        for (;;) {
          close = text.indexOf(bc.close, from2);
          if (close === -1 || close >= to) break;
          if (!bc.lineStart || text.charCodeAt(close - 1) === NEWLINE) break;
          from2 = close + 1;
        }
        const end = close === -1 || close >= to ? to : bc.lineStart ? lineEnd(text, close, to) : close + bc.close.length;
        map.set(i, 'comment');
        map.set(end, base);
        i = end;
        continue outer;
      }
    }
    for (const q of syntax.quotes) {
      if (text.startsWith(q.open, i)) {
        // A quote already known to have no closer on this line is code at once: linear time on long
        // minified lines full of stray apostrophes.
        if (i < (unclosedUntil.get(q) ?? -1)) break;
        const end = scanQuote(syntax, q, text, i, to, map);
        if (end === -1) {
          unclosedUntil.set(q, lineEnd(text, i + q.open.length, to));
          break; // not a literal after all: the quote is code
        }
        i = end;
        map.set(i, base);
        continue outer;
      }
    }
    if (syntax.regexLiterals && c === 47 /* / */) {
      const end = scanRegex(text, i, to);
      if (end !== -1) {
        map.set(i, 'string');
        map.set(end, base);
        i = end;
        continue;
      }
    }
    if (syntax.symbols && c === 58 /* : */) {
      const next = text.charCodeAt(i + 1);
      const prev = i > 0 ? text.charCodeAt(i - 1) : 32;
      if (((next >= 97 && next <= 122) || (next >= 65 && next <= 90) || next === 95) && !isIdent(prev) && prev !== 58) {
        let end = i + 1;
        while (end < to && isIdent(text.charCodeAt(end))) end++;
        if (text.charCodeAt(end) !== 58) {
          map.set(i, 'string');
          map.set(end, base);
          i = end;
          continue;
        }
      }
    }
    i++;
  }
  return to;
}

/** Labels one literal starting at `start`; returns the offset after it, or -1 when it is not one. */
function scanQuote(syntax: Syntax, q: QuoteRule, text: string, start: number, to: number, map: ContextMap): number {
  const closeCode = q.close.charCodeAt(0);
  let i = start + q.open.length;
  // A single-line literal must close on its line; check before labelling anything.
  if (!q.multiline) {
    let j = i;
    let closed = false;
    while (j < to) {
      const c = text.charCodeAt(j);
      if (c === NEWLINE) break;
      if (c === BACKSLASH && q.escape === 'backslash') j += 2;
      else if (c === closeCode && text.startsWith(q.close, j)) {
        if (q.escape === 'doubled' && text.startsWith(q.close, j + q.close.length)) j += 2 * q.close.length;
        else {
          closed = true;
          break;
        }
      } else j++;
    }
    if (!closed) return -1;
    if (q.charLiteral) {
      const length = j - i;
      const single = length === 1 || (length === 2 && text.codePointAt(i) !== text.charCodeAt(i));
      if (!single && text.charCodeAt(i) !== BACKSLASH) return -1;
    }
  }
  map.set(start, q.context);
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH && q.escape === 'backslash') {
      i += 2;
      continue;
    }
    if (q.interpolation && c === 36 /* $ */ && text.charCodeAt(i + 1) === 123 /* { */) {
      map.set(i, 'code');
      const close = lexRange(syntax, text, i + 2, to, map, true);
      if (close >= to) return to;
      map.set(close + 1, q.context);
      i = close + 1;
      continue;
    }
    if (c === closeCode && text.startsWith(q.close, i)) {
      if (q.escape === 'doubled' && text.startsWith(q.close, i + q.close.length)) {
        i += 2 * q.close.length;
        continue;
      }
      return i + q.close.length;
    }
    i++;
  }
  return to;
}

/** A JS regular expression literal at `start` (where an expression may begin), or -1. */
function scanRegex(text: string, start: number, to: number): number {
  const next = text.charCodeAt(start + 1);
  if (next === 47 || next === 42) return -1; // `//` and `/*` are comments, handled before
  let p = start - 1;
  while (p >= 0 && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p--;
  if (p >= 0 && text.charCodeAt(p) !== NEWLINE) {
    const prev = text.charCodeAt(p);
    if (isIdent(prev)) {
      let w = p;
      while (w > 0 && isIdent(text.charCodeAt(w - 1))) w--;
      if (!REGEX_KEYWORDS.has(text.slice(w, p + 1))) return -1;
    } else if (!REGEX_AFTER.has(prev)) return -1;
  }
  let i = start + 1;
  let inClass = false;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) return -1;
    if (c === BACKSLASH) i += 2;
    else {
      if (c === 91 /* [ */) inClass = true;
      else if (c === 93 /* ] */) inClass = false;
      else if (c === 47 && !inClass) {
        i++;
        while (i < to && isIdent(text.charCodeAt(i))) i++;
        return i;
      }
      i++;
    }
  }
  return -1;
}
