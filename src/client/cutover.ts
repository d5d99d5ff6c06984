import type { Mappings } from '../mapping/mappings.js';
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
  const adapt = { kind: 'fields' as const, mappings: options.mappings, strict: options.strict };
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
  const adapt = { kind: 'state' as const, mappings: options.mappings, strict: options.strict, fields: options.fields };
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
