/**
 * A file name as text for a terminal or a log: control characters (a newline that would forge a
 * report line, an escape sequence that would drive the terminal) and lone surrogates are shown as
 * escapes (`\n`, `\x1b`, `\u{d800}`); a backslash is doubled only where it starts such an escape.
 * Names with none print as they are.
 */
export function shownName(name: string): string {
  if (!/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/.test(name)) return name;
  let out = '';
  for (const ch of name) {
    const c = ch.codePointAt(0) as number;
    if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (c === 0x2028 || c === 0x2029 || (c >= 0xd800 && c <= 0xdfff)) out += `\\u{${c.toString(16)}}`;
    else out += ch;
  }
  return out;
}
