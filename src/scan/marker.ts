/**
 * The one greppable prefix of every marker the codemod leaves for a person, e.g.
 * `// civic-migrate: \`registration_submission_email\` is gone in V2: …`.
 */
export const MARKER_PREFIX = 'civic-migrate:';
