import type { Mappings } from '../mapping/mappings.js';
import type { Recorder } from '../observe/recorder.js';
import {
  type Diagnostic,
  downgrade,
  type RegionalOverride,
  upgrade,
  type V1FieldDescriptor,
  type V1StateRecord,
  type V2FieldDescriptor,
  type V2StateRecord,
} from '../payload/index.js';

/** A finding of the adapter while reshaping (unknown slug, value it could not convert…). */
export type CutoverDiagnostic = Diagnostic;

export interface ReshapeOptions {
  readonly mappings?: Mappings;
  readonly strict?: boolean;
  readonly onDiagnostics?: (diagnostics: readonly CutoverDiagnostic[], what: string) => void;
  /** Record what the app reads of downgraded data (`downgrade`'s option; default the process's recorder, if any). */
  readonly recorder?: Recorder | false;
}

/**
 * The cutover shim: a payload fetched from one version, in the shape of the other. Fetched V1 data
 * is upgraded for V2-shaped code; fetched V2 data is downgraded for V1-shaped code.
 */
export function reshapeFields(
  fields: V1FieldDescriptor[] | V2FieldDescriptor[],
  from: 'v1' | 'v2',
  options: ReshapeOptions,
): V1FieldDescriptor[] | V2FieldDescriptor[] {
  const adapt = { kind: 'fields' as const, mappings: options.mappings, strict: options.strict, recorder: options.recorder };
  const result = from === 'v1' ? upgrade(fields, adapt) : downgrade(fields, adapt);
  report(options, result.diagnostics, 'field list');
  return result.value as V1FieldDescriptor[] | V2FieldDescriptor[];
}

export function reshapeState(
  record: V1StateRecord | V2StateRecord,
  from: 'v1' | 'v2',
  options: ReshapeOptions & {
    /** The field list of the version fetched (formats and options). */
    readonly fields: V1FieldDescriptor[] | V2FieldDescriptor[];
    /** V2 overrides, when downgrading (fields rebuilt from them). */
    readonly overrides?: RegionalOverride[];
  },
): V1StateRecord | V2StateRecord {
  const adapt = {
    kind: 'state' as const,
    mappings: options.mappings,
    strict: options.strict,
    fields: options.fields,
    recorder: options.recorder,
  };
  const result =
    from === 'v1'
      ? upgrade(record, { ...adapt, fields: options.fields as V1FieldDescriptor[] })
      : downgrade(record, { ...adapt, fields: options.fields as V2FieldDescriptor[], overrides: options.overrides });
  report(options, result.diagnostics, `state ${record.code}`);
  return result.value as V1StateRecord | V2StateRecord;
}

function report(options: ReshapeOptions, diagnostics: readonly CutoverDiagnostic[], what: string): void {
  if (diagnostics.length > 0) options.onDiagnostics?.(diagnostics, what);
}

/**
 * One line for a batch of diagnostics: `3 warnings (2 deleted-field-emptied, 1 table-warning)`, or
 * undefined when none reaches `warning`. The CLI prints it instead of one line per finding.
 */
export function summarizeDiagnostics(diagnostics: readonly CutoverDiagnostic[]): string | undefined {
  const notable = diagnostics.filter((d) => d.severity !== 'info');
  if (notable.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const d of notable) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  const errors = notable.filter((d) => d.severity === 'error').length;
  const warnings = notable.length - errors;
  const total = [
    errors ? `${errors} error${errors === 1 ? '' : 's'}` : '',
    warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const by = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).map(([code, n]) => `${n} ${code}`);
  return `${total} (${by.join(', ')})`;
}
