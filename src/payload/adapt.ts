import { assertNever } from '../errors.js';
import { loadMappings } from '../mapping/load.js';
import type { Mappings } from '../mapping/mappings.js';
import { type Recorder, recorderOf, watchHanded } from '../observe/recorder.js';
import { type Diagnostic, Diagnostics, PayloadError, StrictPayloadError } from './diagnostics.js';
import { downgradeFields, downgradeOverrides, downgradeState } from './downgrade.js';
import { parseJson } from './json.js';
import { readingInput } from './reading.js';
import { type DowngradeRun, indexFields, overridesOption, type UpgradeRun } from './run-state.js';
import type {
  PayloadKind,
  PayloadVersion,
  RegionalOverride,
  V1FieldDescriptor,
  V1StateRecord,
  V2FieldDescriptor,
  V2StateRecord,
} from './schemas.js';
import { detectKind, findEvidence, mixedError, payloadProblem, validatePayload, wrongVersionError } from './shape.js';
import { planFor } from './steps.js';
import { upgradeFields, upgradeOverrides, upgradeState } from './upgrade.js';

/** Options of `upgrade` and `downgrade`. */
export interface AdaptOptions<Fields> {
  /** What the payload is; detected from its shape when absent. */
  kind?: PayloadKind;
  /** The mapping table (default: the bundled one). */
  mappings?: Mappings;
  /** The field list of the input's version, to take formats from when converting a state record (else the table's). */
  fields?: readonly Fields[];
  /** The V2 override list: rebuilds V1 fields derived from overrides (`external_tool_vbm_has_regional_urls`). */
  overrides?: readonly RegionalOverride[];
  /** Unknown slugs and lossy steps become errors: `upgrade`/`downgrade` throw a `StrictPayloadError`. */
  strict?: boolean;
  /** Names the input in error messages (a file name). */
  source?: string;
  /**
   * `downgrade` only: record what the app reads of the V1 data it returns (`civic-migrate/observe`).
   * Default: the recorder `civic-migrate observe` set up for the process, if any; `false`: none.
   */
  recorder?: Recorder | false;
}

export type UpgradeOptions = AdaptOptions<V1FieldDescriptor>;
export type DowngradeOptions = AdaptOptions<V2FieldDescriptor>;

export interface AdaptResult<T> {
  readonly kind: PayloadKind;
  readonly value: T;
  readonly diagnostics: readonly Diagnostic[];
}

/** Like zod's `safeParse`: known failures are returned, not thrown (bugs are still thrown). */
export type SafeAdaptResult<T> =
  | ({ readonly success: true } & AdaptResult<T>)
  | { readonly success: false; readonly error: PayloadError };

type V1Of = { fields: V1FieldDescriptor[]; state: V1StateRecord; overrides: RegionalOverride[] };
type V2Of = { fields: V2FieldDescriptor[]; state: V2StateRecord; overrides: RegionalOverride[] };

/** What a getter or Proxy of an input object throws becomes a `PayloadError` naming where. */
function convert(direction: 'upgrade' | 'downgrade', input: unknown, options: AdaptOptions<unknown>): AdaptResult<unknown> {
  return readingInput(input, options.source, () => convertRead(direction, input, options));
}

function convertRead(direction: 'upgrade' | 'downgrade', input: unknown, options: AdaptOptions<unknown>): AdaptResult<unknown> {
  const plan = planFor(options.mappings ?? loadMappings());
  const { source } = options;
  const payload = typeof input === 'string' ? parseJson(input, source) : input;
  const from: PayloadVersion = direction === 'upgrade' ? 'v1' : 'v2';
  if (options.kind === undefined && Array.isArray(payload) && payload.length === 0)
    return { kind: 'fields', value: [], diagnostics: [] };
  const kind = options.kind ?? detectKind(payload, source);
  const slowCheck = () => {
    // The first bad place, if any, found without a list of every bad one; the version's evidence is
    // looked for up to it (a payload of the other version is valid up to there).
    const problem = payloadProblem(kind, from, payload, source);
    if (kind !== 'overrides') {
      // The override list only exists in V2: both directions accept either slug set there.
      const { v1, v2 } = findEvidence(plan, kind, payload, problem?.index);
      if (v1 && v2) throw mixedError(kind, v1, v2, source);
      if (direction === 'upgrade' && v2) throw wrongVersionError(kind, 'v2', v2, source);
      if (direction === 'downgrade' && v1) throw wrongVersionError(kind, 'v1', v1, source);
    }
    if (problem) throw problem.error;
  };
  // State records (the bulk of the data) are checked item by item while they are converted.
  if (kind !== 'state') slowCheck();
  const invalid = (): never => {
    slowCheck();
    throw new Error(`internal: the one-pass ${from} state check disagrees with the schema`);
  };
  const fields = options.fields === undefined ? undefined : indexFields(plan, from, options.fields);
  const overrides = options.overrides === undefined ? undefined : overridesOption(plan, options.overrides);

  const diags = new Diagnostics(options.strict === true);
  let value: unknown;
  if (direction === 'upgrade') {
    const run: UpgradeRun = { plan, diags, source, overrides, invalid, fields };
    switch (kind) {
      case 'fields':
        value = upgradeFields(run, payload as V1FieldDescriptor[]);
        break;
      case 'state':
        value = upgradeState(run, payload);
        break;
      case 'overrides':
        value = upgradeOverrides(run, payload as RegionalOverride[]);
        break;
      default:
        assertNever(kind);
    }
  } else {
    const run: DowngradeRun = { plan, diags, source, overrides, invalid, fields };
    switch (kind) {
      case 'fields':
        value = downgradeFields(run, payload as V2FieldDescriptor[]);
        break;
      case 'state':
        value = downgradeState(run, payload);
        break;
      case 'overrides':
        value = downgradeOverrides(run, payload as RegionalOverride[]);
        break;
      default:
        assertNever(kind);
    }
  }
  const diagnostics = diags.list;
  if (diags.hasErrors) throw new StrictPayloadError(diagnostics, source, kind);
  if (direction === 'downgrade') {
    const recorder = recorderOf(options.recorder);
    if (recorder) watchHanded(recorder, kind, value);
  }
  return { kind, value, diagnostics };
}

function safely<T>(fn: () => AdaptResult<T>): SafeAdaptResult<T> {
  try {
    return { success: true, ...fn() };
  } catch (error) {
    if (error instanceof PayloadError) return { success: false, error };
    throw error;
  }
}

/**
 * V1 payload → V2 (a field list, a state record, or an override list with V1 slugs). `payload` is
 * parsed JSON or JSON text. Pure: the input is never changed. Throws `PayloadError` for bad input
 * (with the JSON path of the first problem) and `StrictPayloadError` when `strict` meets a lossy step.
 */
export function upgrade<K extends PayloadKind>(payload: unknown, options: UpgradeOptions & { kind: K }): AdaptResult<V2Of[K]>;
export function upgrade(payload: unknown, options?: UpgradeOptions): AdaptResult<V2Of[PayloadKind]>;
export function upgrade(payload: unknown, options: UpgradeOptions = {}): AdaptResult<unknown> {
  return convert('upgrade', payload, options);
}

/** `upgrade` that returns `{ success: false, error }` for bad input instead of throwing. */
export function safeUpgrade<K extends PayloadKind>(
  payload: unknown,
  options: UpgradeOptions & { kind: K },
): SafeAdaptResult<V2Of[K]>;
export function safeUpgrade(payload: unknown, options?: UpgradeOptions): SafeAdaptResult<V2Of[PayloadKind]>;
export function safeUpgrade(payload: unknown, options: UpgradeOptions = {}): SafeAdaptResult<unknown> {
  return safely(() => convert('upgrade', payload, options));
}

/**
 * V2 payload → V1, for V1-era code reading V2 data. Deleted fields are derived where SPEC says how,
 * else given V1's empty value. Same contract as `upgrade`.
 */
export function downgrade<K extends PayloadKind>(payload: unknown, options: DowngradeOptions & { kind: K }): AdaptResult<V1Of[K]>;
export function downgrade(payload: unknown, options?: DowngradeOptions): AdaptResult<V1Of[PayloadKind]>;
export function downgrade(payload: unknown, options: DowngradeOptions = {}): AdaptResult<unknown> {
  return convert('downgrade', payload, options);
}

/** `downgrade` that returns `{ success: false, error }` for bad input instead of throwing. */
export function safeDowngrade<K extends PayloadKind>(
  payload: unknown,
  options: DowngradeOptions & { kind: K },
): SafeAdaptResult<V1Of[K]>;
export function safeDowngrade(payload: unknown, options?: DowngradeOptions): SafeAdaptResult<V1Of[PayloadKind]>;
export function safeDowngrade(payload: unknown, options: DowngradeOptions = {}): SafeAdaptResult<unknown> {
  return safely(() => convert('downgrade', payload, options));
}

/**
 * Parses and validates a payload of a given version (JSON text or parsed JSON), e.g. a field list or
 * override list read from a file to pass as an option. Throws `PayloadError` naming the first problem.
 */
export function parsePayload<K extends PayloadKind, V extends PayloadVersion>(
  input: unknown,
  options: { kind: K; version: V; source?: string },
): V extends 'v1' ? V1Of[K] : V2Of[K] {
  const payload = typeof input === 'string' ? parseJson(input, options.source) : input;
  readingInput(payload, options.source, () => validatePayload(options.kind, options.version, payload, options.source));
  return payload as V extends 'v1' ? V1Of[K] : V2Of[K];
}
