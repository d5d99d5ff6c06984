/** Output formats of `civic-migrate report` (kept apart from the reporters so the CLI can list them cheaply). */
export const REPORT_FORMATS = ['text', 'json', 'sarif', 'markdown', 'github', 'gitlab', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** `--fail-on` values: which findings make the exit code 1. */
export const FAIL_ON = ['manual', 'any', 'none'] as const;
