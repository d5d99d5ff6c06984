import type { Mappings } from '../mapping/mappings.js';
import { type Diagnostic, upgrade, type V2StateItem, type V2StateRecord } from '../payload/index.js';
import { type ClientOptions, checkStateCode, createClient } from './client.js';

/** One way the upgraded V1 data differs from the real V2 data. */
export type StateDifference =
  /** A record property (`code`, `name`) or an item property differs. `field` is absent for record properties. */
  | {
      readonly kind: 'value';
      readonly field?: string;
      readonly property: string;
      readonly upgraded: unknown;
      readonly v2: unknown;
    }
  /** The field is in the upgraded V1 data only. */
  | { readonly kind: 'only-upgraded'; readonly field: string }
  /** The field is in the real V2 data only. */
  | { readonly kind: 'only-v2'; readonly field: string }
  /** The field appears more than once in one of the records. */
  | { readonly kind: 'duplicate'; readonly field: string; readonly side: 'upgraded' | 'v2' };

export interface DiffOptions {
  /** Item properties to leave out of the comparison (e.g. `modified_at`). */
  readonly ignore?: readonly string[];
}

/**
 * Compares an upgraded V1 record with the real V2 record, field by field and property by property.
 * Tolerances follow what V2 leaves undocumented: `footnotes` "", null and absent are the same, as are
 * an absent and a null `bool_value`/`multiselect_value`; `multiselect_value` is compared as a set.
 * Differences come in the order of the V2 record, then fields only the upgraded data has.
 */
export function diffStates(upgraded: V2StateRecord, v2: V2StateRecord, options: DiffOptions = {}): StateDifference[] {
  const ignore = new Set(options.ignore ?? []);
  const out: StateDifference[] = [];
  for (const property of ['code', 'name'] as const) {
    if (!ignore.has(property) && upgraded[property] !== v2[property]) {
      out.push({ kind: 'value', property, upgraded: upgraded[property], v2: v2[property] });
    }
  }
  const index = (record: V2StateRecord, side: 'upgraded' | 'v2') => {
    const map = new Map<string, V2StateItem>();
    for (const item of record.state_information) {
      if (map.has(item.field_type)) out.push({ kind: 'duplicate', field: item.field_type, side });
      else map.set(item.field_type, item);
    }
    return map;
  };
  const mine = index(upgraded, 'upgraded');
  const theirs = index(v2, 'v2');
  for (const [field, real] of theirs) {
    const item = mine.get(field);
    if (!item) {
      out.push({ kind: 'only-v2', field });
      continue;
    }
    const properties = [...new Set([...Object.keys(item), ...Object.keys(real)])].filter(
      (p) => p !== 'field_type' && !ignore.has(p),
    );
    for (const property of properties) {
      const a = normalize(property, (item as Record<string, unknown>)[property]);
      const b = normalize(property, (real as Record<string, unknown>)[property]);
      if (JSON.stringify(a) !== JSON.stringify(b)) {
        out.push({
          kind: 'value',
          field,
          property,
          upgraded: (item as Record<string, unknown>)[property],
          v2: (real as Record<string, unknown>)[property],
        });
      }
    }
  }
  for (const field of mine.keys()) if (!theirs.has(field)) out.push({ kind: 'only-upgraded', field });
  return out;
}

function normalize(property: string, value: unknown): unknown {
  if (value === null || value === undefined) return property === 'footnotes' ? '' : null;
  if (property === 'multiselect_value' && Array.isArray(value)) return [...value].map(String).sort();
  return value;
}

export interface VerifyReport {
  readonly code: string;
  readonly same: boolean;
  /** Fields in the real V2 record. */
  readonly fields: number;
  readonly differences: readonly StateDifference[];
  /** What the adapter reported while upgrading the V1 record. */
  readonly diagnostics: readonly Diagnostic[];
}

export type VerifyOptions = Omit<ClientOptions, 'version' | 'shape' | 'onDiagnostics'> &
  DiffOptions & { readonly mappings?: Mappings };

/**
 * The pre-cutover check: fetches one state from V1 and V2, upgrades the V1 record through the
 * adapter and compares it with the V2 record. `same` means code written against V2 sees the same
 * data either way.
 */
export function verifyState(code: string, options: VerifyOptions): Promise<VerifyReport> {
  return createVerifier(options)(code);
}

/**
 * `verifyState` for several states: the clients and the V1 field list (fetched once, on first use)
 * are shared between calls.
 */
export function createVerifier(options: VerifyOptions): (code: string) => Promise<VerifyReport> {
  const v1 = createClient({ ...options, version: 'v1' });
  const v2 = createClient({ ...options, version: 'v2' });
  let v1Fields: ReturnType<typeof v1.fields> | undefined;
  return async (code) => {
    checkStateCode(code);
    // One after the other, so that a failure (a bad key, say) is always reported for the same request.
    const v1State = await v1.state(code);
    const v2State = await v2.state(code);
    v1Fields ??= v1.fields();
    v1Fields.catch(() => {
      v1Fields = undefined;
    });
    const upgraded = upgrade(v1State, { kind: 'state', fields: await v1Fields, mappings: options.mappings });
    const differences = diffStates(upgraded.value as V2StateRecord, v2State, options);
    return {
      code,
      same: differences.length === 0,
      fields: v2State.state_information.length,
      differences,
      diagnostics: upgraded.diagnostics,
    };
  };
}

/** One line per difference, for people. */
export function describeDifference(d: StateDifference): string {
  const show = (v: unknown) => {
    if (v === undefined) return '(absent)';
    const text = JSON.stringify(v);
    return text.length > 80 ? `${text.slice(0, 77)}…` : text;
  };
  switch (d.kind) {
    case 'value':
      return `${d.field === undefined ? d.property : `${d.field}.${d.property}`}: upgraded V1 ${show(d.upgraded)}, V2 ${show(d.v2)}`;
    case 'only-upgraded':
      return `${d.field}: only in the upgraded V1 data`;
    case 'only-v2':
      return `${d.field}: only in V2`;
    case 'duplicate':
      return `${d.field}: appears more than once in the ${d.side === 'v2' ? 'V2' : 'upgraded V1'} record`;
  }
}
