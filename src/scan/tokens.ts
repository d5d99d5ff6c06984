/**
 * Whole-token search for a fixed set of identifier-like tokens (slugs, `long_name`): a token
 * matches only when the characters on both sides are not identifier characters
 * (`[A-Za-z0-9_$]`), so `early_voting` never matches inside `early_voting_starts`.
 *
 * Every table token contains `_`, so the scan jumps from underscore to underscore with
 * `indexOf` (a fast native search), widens each hit to the surrounding word, and looks the word
 * up in a set. Files without an underscore cost one `indexOf`.
 */
export interface TokenHit {
  readonly token: string;
  /** Offset of the first character in the text (UTF-16 code units). */
  readonly index: number;
}

export interface TokenMatcher {
  readonly tokens: ReadonlySet<string>;
  /** True when the text holds at least one whole-token occurrence. */
  test(text: string): boolean;
  /** Every whole-token occurrence, in text order. */
  find(text: string): TokenHit[];
  /**
   * `test` on UTF-8 bytes, before decoding: the tokens and the word characters are ASCII, so the
   * answer is the same as on the decoded text, and a file that holds no token is never decoded.
   */
  testBytes(bytes: Uint8Array): boolean;
}

enum Char {
  Dollar = 36,
  Zero = 48,
  Nine = 57,
  UpperA = 65,
  UpperZ = 90,
  Underscore = 95,
  LowerA = 97,
  LowerZ = 122,
}

/** `[A-Za-z0-9_$]`: characters that continue an identifier or a slug. */
export function isWordChar(code: number): boolean {
  return (
    (code >= Char.LowerA && code <= Char.LowerZ) ||
    (code >= Char.UpperA && code <= Char.UpperZ) ||
    (code >= Char.Zero && code <= Char.Nine) ||
    code === Char.Underscore ||
    code === Char.Dollar
  );
}

export function createTokenMatcher(tokens: Iterable<string>): TokenMatcher {
  const set = new Set<string>();
  let maxLength = 0;
  let minLength = Number.POSITIVE_INFINITY;
  for (const token of tokens) {
    if (!token.includes('_')) throw new Error(`token "${token}" has no underscore; the matcher needs one`);
    if (!/^[\x00-\x7f]*$/.test(token)) throw new Error(`token "${token}" is not ASCII; the matcher needs ASCII`);
    set.add(token);
    maxLength = Math.max(maxLength, token.length);
    minLength = Math.min(minLength, token.length);
  }

  /** Calls `onHit` for each occurrence; stops when it returns true. */
  const scan = (text: string, onHit: (token: string, index: number) => boolean | undefined): void => {
    let at = text.indexOf('_');
    while (at !== -1) {
      let start = at;
      while (start > 0 && isWordChar(text.charCodeAt(start - 1))) start--;
      let end = at + 1;
      while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
      if (end - start <= maxLength) {
        const word = text.slice(start, end);
        if (set.has(word) && onHit(word, start)) return;
      }
      at = text.indexOf('_', end);
    }
  };

  return {
    tokens: set,
    test(text) {
      let found = false;
      scan(text, () => {
        found = true;
        return true;
      });
      return found;
    },
    find(text) {
      const hits: TokenHit[] = [];
      scan(text, (token, index) => {
        hits.push({ token, index });
        return false;
      });
      return hits;
    },
    testBytes(bytes) {
      const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const length = buffer.length;
      let at = buffer.indexOf(Char.Underscore);
      while (at !== -1) {
        let start = at;
        while (start > 0 && isWordChar(buffer[start - 1] as number)) start--;
        let end = at + 1;
        while (end < length && isWordChar(buffer[end] as number)) end++;
        const size = end - start;
        if (size <= maxLength && size >= minLength && set.has(buffer.toString('latin1', start, end))) return true;
        at = end < length ? buffer.indexOf(Char.Underscore, end) : -1;
      }
      return false;
    },
  };
}
