/**
 * One record for what every tool finds (the adapter's diagnostics, the codemod's changes and
 * markers, the report's findings): a code, a severity, the table row it comes from, where it
 * stands, and the parameters its message is worded from. Each tool words its codes in one
 * messages module (as zod words its issues); the records themselves hold no prose of their own
 * beyond `message`, which is that module's rendering.
 */

export type Severity = 'error' | 'warning' | 'info';

/** The table row a finding comes from: a slug rule (by kind), a property rule, an endpoint, or a host. */
export interface RuleRef {
  /** `rename`, `consolidate`, … for slug rows; `property`, `endpoint` or `host` for the other sections. */
  readonly kind: string;
  /** The row's V1 name: a slug, a property (`long_name`), an endpoint template, a host. */
  readonly v1: string;
}

/** A place in a text file: 1-based line, and columns in code points on the token (end exclusive); a BOM is not a column. */
export interface TextLocation {
  /** Relative to the folder the tool ran in, `/`-separated; absent for a text given without a file. */
  readonly file?: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** A place in a JSON payload: a JSON path such as `$.state_information[12].value`. */
export interface JsonLocation {
  readonly path: string;
}

export type Location = TextLocation | JsonLocation;

export interface FindingRecord<Code extends string = string, Params extends object = Record<string, unknown>> {
  readonly code: Code;
  readonly severity: Severity;
  /** The table row behind it; null for findings about the input itself (bad JSON, a skipped file). */
  readonly rule: RuleRef | null;
  readonly location: Location;
  readonly params: Params;
}
