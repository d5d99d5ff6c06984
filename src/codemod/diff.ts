import { structuredPatch } from 'diff';

const C_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\b': '\\b',
  '\f': '\\f',
  '\v': '\\v',
  '\x07': '\\a',
};

/** A path as `git diff` prints it: C-quoted (octal UTF-8 bytes) when it holds quotes, backslashes, control or non-ASCII characters. */
export function gitQuotePath(path: string): string {
  if (!/["\\\x00-\x1f\x7f-\uffff]/.test(path)) return path;
  let out = '"';
  for (const ch of path) {
    const quoted = C_ESCAPES[ch];
    if (quoted) out += quoted;
    else if (ch < ' ' || ch > '~') {
      for (const byte of Buffer.from(ch, 'utf8')) out += `\\${byte.toString(8).padStart(3, '0')}`;
    } else out += ch;
  }
  return `${out}"`;
}

const range = (start: number, lines: number) => (lines === 1 ? `${start}` : `${start},${lines}`);

/**
 * A unified diff of one file as `git diff` prints it (`a/` and `b/` prefixes, paths relative to
 * the folder `git apply` runs in), or '' when the texts are equal. CRLF lines keep their `\r`,
 * a missing final newline gets git's `\ No newline at end of file`.
 */
export function gitPatch(rel: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  const { hunks } = structuredPatch(rel, rel, before, after, '', '', { context });
  if (hunks.length === 0) return '';
  const a = gitQuotePath(`a/${rel}`);
  const b = gitQuotePath(`b/${rel}`);
  // git ends `---`/`+++` names holding a space with a tab, so that trailing spaces stay visible.
  const tab = rel.includes(' ') && !a.startsWith('"') ? '\t' : '';
  const out = [`diff --git ${a} ${b}\n--- ${a}${tab}\n+++ ${b}${tab}\n`];
  for (const hunk of hunks) {
    out.push(`@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@\n`);
    out.push(`${hunk.lines.join('\n')}\n`);
  }
  return out.join('');
}
