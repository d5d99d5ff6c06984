/**
 * One record for what every tool finds (the adapter's diagnostics, the codemod's changes and
 * markers, the report's findings): a code, a severity, the table row it comes from, the
 * parameters its message is worded from, and where it stands. Each tool words its codes in one
 * messages module (as zod words its issues) and adds what only it knows (the report's excerpt,
 * a marker's cause).
 */

export type Severity = 'error' | 'warning' | 'info';

/** The table row a finding comes from: a slug rule (by kind), a property rule, an endpoint, or a host. */
export interface RuleRef {
  /** `rename`, `consolidate`, … for slug rows; `property`, `endpoint` or `host` for the other sections. */
  readonly kind: string;
  /** The row's V1 name: a slug, a property (`long_name`), an endpoint template, a host. */
  readonly v1: string;
}

export interface FindingRecord<Code extends string = string, Params extends object = Readonly<Record<string, unknown>>> {
  readonly code: Code;
  /** `error`: a person must act; `warning`: the tool fixes it (or it needs a look); `info`: for the record. */
  readonly severity: Severity;
  /** The table row behind it; null for findings about the input itself (bad JSON, a skipped file). */
  readonly rule: RuleRef | null;
  readonly params: Params;
}

/**
 * Where a finding stands in a text file: on the token, 1-based line, columns in Unicode code
 * points (end exclusive); a BOM is not a column.
 */
export interface TextSpan {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** Where a finding stands in a JSON payload: a JSON path such as `$.state_information[12].value`. */
export interface JsonLocation {
  readonly path: string;
}

/** The rule kinds a finding can have, in the order reports list them. */
export const FINDING_KINDS = [
  'rename',
  'consolidate',
  'footnote',
  'delete',
  'property',
  'endpoint',
  'unknown-slug',
  'marker',
  'observed',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
