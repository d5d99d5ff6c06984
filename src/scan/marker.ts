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
