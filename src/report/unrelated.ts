/**
 * DOMAIN.md §6: an exact slug string can be used for something else, e.g. `'early_voting'` as a
 * member of an unrelated union type (`'registration' | 'early_voting' | 'election_day'`). The
 * codemod sees this in the syntax tree (a literal whose siblings are strings but no slugs); the
 * report does the textual equivalent for the two shapes that show it on their face: a union of
 * string literals (`|`) and an array of string literals (`[…, …]`).
 */

const QUOTES = new Set([34, 39, 96]); // " ' `
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

interface Literal {
  readonly start: number;
  readonly end: number;
  readonly value: string;
}

/** The simple literal (no escapes, no `${`) whose closing quote is at `close`, read backwards. */
function literalEndingAt(text: string, close: number): Literal | undefined {
  const q = text.charCodeAt(close);
  if (!QUOTES.has(q)) return undefined;
  const open = text.lastIndexOf(String.fromCharCode(q), close - 1);
  if (open === -1 || close - open > 200) return undefined;
  const value = text.slice(open + 1, close);
  if (/[\\\n]|\$\{/.test(value)) return undefined;
  return { start: open, end: close + 1, value };
}

/** The simple literal whose opening quote is at `open`. */
function literalStartingAt(text: string, open: number): Literal | undefined {
  const q = text.charCodeAt(open);
  if (!QUOTES.has(q)) return undefined;
  const close = text.indexOf(String.fromCharCode(q), open + 1);
  if (close === -1 || close - open > 200) return undefined;
  const value = text.slice(open + 1, close);
  if (/[\\\n]|\$\{/.test(value)) return undefined;
  return { start: open, end: close + 1, value };
}

const skipBack = (text: string, i: number) => {
  while (i >= 0 && isSpace(text.charCodeAt(i))) i--;
  return i;
};
const skipForward = (text: string, i: number) => {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
};

/**
 * The other literals of the union or array literal the string at `[start, end)` (quotes included)
 * stands in, or undefined when it stands in neither. At most `limit` on each side.
 */
function listSiblings(text: string, start: number, end: number, limit = 50): string[] | undefined {
  const siblings: string[] = [];
  let separator: number | undefined;
  // Leftwards.
  let at = skipBack(text, start - 1);
  let leftBound = at;
  for (let n = 0; n < limit; n++) {
    const c = text.charCodeAt(at);
    if ((c !== 124 && c !== 44) || (separator !== undefined && c !== separator)) break;
    separator = c;
    const lit = literalEndingAt(text, skipBack(text, at - 1));
    if (!lit) return undefined;
    siblings.push(lit.value);
    at = skipBack(text, lit.start - 1);
    leftBound = at;
  }
  // Rightwards.
  at = skipForward(text, end);
  let rightBound = at;
  for (let n = 0; n < limit; n++) {
    const c = text.charCodeAt(at);
    if ((c !== 124 && c !== 44) || (separator !== undefined && c !== separator)) break;
    separator = c;
    const lit = literalStartingAt(text, skipForward(text, at + 1));
    if (!lit) return undefined;
    siblings.push(lit.value);
    at = skipForward(text, lit.end);
    rightBound = at;
  }
  if (separator === undefined) return undefined;
  // A comma list counts only as a whole array literal: `[` before it and `]` (or `,]`) after it.
  if (separator === 44 && (text.charCodeAt(leftBound) !== 91 || text.charCodeAt(rightBound) !== 93)) return undefined;
  return siblings;
}

/**
 * True when the string literal that is exactly `token`, at `index`, stands in a union or array of
 * string literals none of which is a known slug: then it is not about the API.
 */
export function isUnrelatedLiteral(text: string, index: number, token: string, knownSlugs: (s: string) => boolean): boolean {
  const open = index - 1;
  const close = index + token.length;
  const q = text.charCodeAt(open);
  if (!QUOTES.has(q) || text.charCodeAt(close) !== q) return false;
  const siblings = listSiblings(text, open, close + 1);
  return siblings !== undefined && siblings.length > 0 && !siblings.some(knownSlugs);
}
