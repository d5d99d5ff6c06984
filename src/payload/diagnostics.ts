import { CivicMigrateError } from '../errors.js';

export type Severity = 'error' | 'warning' | 'info';

/**
 * Every diagnostic the adapter emits, with its default severity. `lossy`: the step loses information
 * that the other direction cannot give back; `strict` turns lossy steps and unknown fields into errors.
 */
export const DIAGNOSTICS = {
  // Upgrade (V1 → V2)
  'deleted-field': { severity: 'info', lossy: false, about: 'a deleted V1 field was dropped; downgrade gives its value back' },
  'deleted-value-lost': {
    severity: 'warning',
    lossy: true,
    about: 'a deleted V1 field was dropped with a value downgrade cannot give back',
  },
  'unset-option': {
    severity: 'warning',
    lossy: true,
    about: 'an unset V1 Boolean was folded into a Multi-select as "not selected"',
  },
  'notes-without-target': {
    severity: 'warning',
    lossy: true,
    about: 'V1 notes had none of their footnote target fields to move to',
  },
  'notes-moved': {
    severity: 'info',
    lossy: false,
    about: 'a V1 `*_notes` descriptor was dropped: its text lives in footnotes in V2',
  },
  'unset-boolean': { severity: 'info', lossy: false, about: 'a Boolean is unset (`text` is ""); `bool_value` is false' },
  'descriptor-synthesized': { severity: 'info', lossy: false, about: 'a field descriptor was built from the mapping table' },
  // Downgrade (V2 → V1)
  'deleted-field-derived': {
    severity: 'info',
    lossy: false,
    about: 'a field deleted in V2 was rebuilt for V1 from other V2 data',
  },
  'deleted-field-emptied': { severity: 'warning', lossy: false, about: 'a field deleted in V2 was given V1’s empty value' },
  'option-dropped': { severity: 'warning', lossy: true, about: 'a selected Multi-select option has no V1 Boolean' },
  'footnotes-dropped': { severity: 'warning', lossy: true, about: 'footnotes on a field V1 has no notes field for' },
  'footnotes-merged': {
    severity: 'info',
    lossy: false,
    about: 'different footnotes of several fields were joined into one V1 notes field',
  },
  'v2-only-field': { severity: 'info', lossy: false, about: 'a V2 field with no V1 counterpart was kept under its V2 slug' },
  'format-downgraded': { severity: 'info', lossy: false, about: 'a V2-only format was given as Markdown, V1’s text format' },
  'multiselect-from-text': {
    severity: 'info',
    lossy: false,
    about: 'a Multi-select without `multiselect_value`: options read from `text`',
  },
  'legacy-value': { severity: 'info', lossy: false, about: 'the early V2 draft’s `value` property was read' },
  'property-dropped': {
    severity: 'info',
    lossy: false,
    about: 'a property V1 items or records never had (a V2 draft’s `footnote`, your own) was left out of the V1 payload',
  },
  'format-unknown': {
    severity: 'warning',
    lossy: false,
    about: 'a V1 descriptor whose format nobody knows is listed as Markdown, V1’s text format',
  },
  'no-v1-overrides': { severity: 'info', lossy: false, about: 'V1 had no override endpoint: slugs were given their V1 names' },
  // Both directions
  'unknown-field': {
    severity: 'warning',
    lossy: false,
    about: 'a slug the mapping table does not know (or gives no V2 fate) was kept as it is',
  },
  'table-warning': {
    severity: 'warning',
    lossy: false,
    about: 'the mapping table flags this field (a contradiction or inference in SPEC)',
  },
  'boolean-conflict': { severity: 'warning', lossy: false, about: 'a Boolean’s `text` and its boolean property disagree' },
  'boolean-normalized': {
    severity: 'info',
    lossy: false,
    about: 'a Boolean `text` was given its canonical casing ("True"/"False")',
  },
  'boolean-unreadable': { severity: 'warning', lossy: false, about: 'a Boolean `text` is not "True", "False" or ""' },
  'unknown-format': { severity: 'warning', lossy: false, about: 'a `field_format` the table does not know; treated as Markdown' },
} as const satisfies Record<string, { severity: Severity; lossy: boolean; about: string }>;

export type DiagnosticCode = keyof typeof DIAGNOSTICS;

/** The `table-warning` text for V1 notes whose V2 footnote targets are the table's inference. */
export const inferredTargetsWarning = (rule: { readonly v1: string; readonly targets: readonly string[] }) =>
  `SPEC does not name the fields that took over "${rule.v1}": the footnote targets (${rule.targets.join(', ')}) are this table's inference`;

/** A finding: plain data; `formatDiagnostic` words it for people. */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  /** The slug concerned (as in the input, unless the message says otherwise). */
  readonly field?: string;
  /** JSON path into the input, e.g. `$.state_information[12]`. */
  readonly path?: string;
  readonly message: string;
}

/** True for diagnostics that `strict` turns into errors. */
export function isStrictError(code: DiagnosticCode): boolean {
  return DIAGNOSTICS[code].lossy || code === 'unknown-field';
}

/** Collects diagnostics for one call; applies `strict`. Kept in input order as they come. */
export class Diagnostics {
  private readonly found: Diagnostic[] = [];
  /** Each finding's place in the input: the first index in its path (whole-payload findings last). */
  private readonly order: number[] = [];
  private errors = false;
  constructor(private readonly strict: boolean) {}

  /** In input order; stable for findings at the same place. */
  get list(): Diagnostic[] {
    return this.found.slice();
  }

  get hasErrors(): boolean {
    return this.errors;
  }

  add(code: DiagnosticCode, field: string | undefined, path: string | undefined, message: string): void {
    const severity: Severity = this.strict && isStrictError(code) ? 'error' : DIAGNOSTICS[code].severity;
    if (severity === 'error') this.errors = true;
    // One literal per form (no properties added later: fewer object shapes).
    const d: Diagnostic =
      field === undefined
        ? path === undefined
          ? { code, severity, message }
          : { code, severity, message, path }
        : path === undefined
          ? { code, severity, message, field }
          : { code, severity, message, field, path };
    const place = placeOf(path);
    const { found, order } = this;
    // Insertion: after every finding at this place or before it, as a stable sort would put it.
    let at = order.length;
    found.push(d);
    order.push(place);
    while (at > 0 && (order[at - 1] as number) > place) {
      found[at] = found[at - 1] as Diagnostic;
      order[at] = order[at - 1] as number;
      at--;
    }
    found[at] = d;
    order[at] = place;
  }
}

/** The first index in a JSON path (`$.state_information[12]` → 12), without a RegExp; none → last. */
function placeOf(path: string | undefined): number {
  if (path === undefined) return Number.POSITIVE_INFINITY;
  const open = path.indexOf('[');
  let n = 0;
  let j = open + 1;
  for (let c = path.charCodeAt(j); open >= 0 && c >= 48 && c <= 57; c = path.charCodeAt(++j)) n = n * 10 + c - 48;
  return open >= 0 && j > open + 1 ? n : Number.POSITIVE_INFINITY;
}

const ITEM_PATHS: string[] = [];

/** `$.state_information[i]`, built once per index (records have the same items in the same places). */
export function itemPath(i: number): string {
  let path = ITEM_PATHS[i];
  if (path === undefined) {
    path = `$.state_information[${i}]`;
    if (i < 4096) ITEM_PATHS[i] = path;
  }
  return path;
}

const LIST_PATHS: string[] = [];

/** `$[i]`, built once per index (field lists have the same descriptors in the same places). */
export function listPath(i: number): string {
  let path = LIST_PATHS[i];
  if (path === undefined) {
    path = `$[${i}]`;
    if (i < 4096) LIST_PATHS[i] = path;
  }
  return path;
}

export { jsonPath } from '../findings/json-path.js';

/**
 * A payload the adapter cannot convert: not JSON, wrong shape, wrong version, duplicate items.
 * `path` is the JSON path of the first problem (`$` for the whole payload); for JSON syntax errors
 * `line` and `column` (1-based) say where.
 */
export class PayloadError extends CivicMigrateError {
  readonly path: string;
  readonly problem: string;
  readonly source: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  constructor(
    path: string,
    problem: string,
    options: { source?: string | undefined; line?: number; column?: number; cause?: unknown } = {},
  ) {
    const where = options.line !== undefined ? `line ${options.line}, column ${options.column ?? 1}` : path;
    super(`${options.source ? `${options.source}: ` : ''}${where}: ${problem}`, { cause: options.cause });
    this.path = path;
    this.problem = problem;
    this.source = options.source;
    this.line = options.line;
    this.column = options.column;
  }
}

/** `strict` met a lossy step or an unknown field. Exit code 1; `diagnostics` holds every finding. */
export class StrictPayloadError extends PayloadError {
  override readonly exitCode: number = 1;
  constructor(
    readonly diagnostics: readonly Diagnostic[],
    source?: string,
    /** What was being converted: `fields`, `state` or `overrides`. */
    readonly kind?: string,
  ) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const first = errors[0];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    super(first?.path ?? '$', `strict: ${first?.message ?? 'lossy conversion'}${more}`, { source });
  }
}

/** One line: `$.state_information[4] (vbm_notes): warning [notes-without-target] …`. */
export function formatDiagnostic(d: Diagnostic, source?: string): string {
  const where = [source, d.path].filter(Boolean).join(': ');
  const field = d.field !== undefined && !(d.path ?? '').includes(d.field) ? ` (${d.field})` : '';
  return `${where ? `${where}${field}: ` : field ? `${field.trim()}: ` : ''}${d.severity} [${d.code}] ${d.message}`;
}
