/**
 * The one greppable prefix of every marker the codemod leaves for a person, e.g.
 * `// civic-migrate: \`registration_submission_email\` is gone in V2: …`.
 */
export const MARKER_PREFIX = 'civic-migrate:';

/**
 * A comment holding this word keeps the tools off its line (the codemod neither rewrites nor
 * marks it); `civic-migrate-ignore-next-line` does the same for the next line. For uses a person
 * has checked and keeps (an unrelated `'early_voting'`).
 */
export const IGNORE_DIRECTIVE = 'civic-migrate-ignore';
const NEXT_LINE = '-next-line';

/**
 * The lines that ignore comments keep the tools off: a directive's own line, or the line after it
 * for `civic-migrate-ignore-next-line`. Only directives inside comments count; lines are numbered
 * by `lineOf` (whatever base the caller uses).
 */
export function ignoredLines(
  text: string,
  inComment: (offset: number) => boolean,
  lineOf: (offset: number) => number,
): Set<number> {
  const lines = new Set<number>();
  for (let at = text.indexOf(IGNORE_DIRECTIVE); at !== -1; at = text.indexOf(IGNORE_DIRECTIVE, at + IGNORE_DIRECTIVE.length)) {
    if (!inComment(at)) continue;
    const line = lineOf(at);
    lines.add(text.startsWith(NEXT_LINE, at + IGNORE_DIRECTIVE.length) ? line + 1 : line);
  }
  return lines;
}
