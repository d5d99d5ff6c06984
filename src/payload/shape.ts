import { z } from 'zod';
import { loadMappings } from '../mapping/load.js';
import type { Mappings } from '../mapping/mappings.js';
import { type Check, cachedCheck, checkOf, firstProblem } from './check.js';
import { jsonPath, PayloadError } from './diagnostics.js';
import {
  overrideListSchema,
  type PayloadKind,
  type PayloadVersion,
  v1FieldDescriptorSchema,
  v1FieldListSchema,
  v1StateItemSchema,
  v1StateRecordSchema,
  v2FieldDescriptorSchema,
  v2FieldListSchema,
  v2StateItemSchema,
  v2StateRecordSchema,
} from './schemas.js';
import { type Plan, planFor } from './steps.js';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/*
 * The checks run before converting are generated from the zod schemas (`checkOf`): a yes or no, with
 * no copy of the payload. When one says no, zod runs to name the first problem. Each is generated on
 * first use, not at load (code run at load is run by every test, mutation runs included).
 */

/** The schema of a payload of `kind` and `version` (the override list exists only in V2: both directions check it alike). */
function schemaOf(kind: PayloadKind, version: PayloadVersion): z.ZodType {
  switch (kind) {
    case 'fields':
      return version === 'v1' ? v1FieldListSchema : v2FieldListSchema;
    case 'state':
      return version === 'v1' ? v1StateRecordSchema : v2StateRecordSchema;
    case 'overrides':
      return overrideListSchema;
  }
}

let recordShape: Check | undefined;
let v1ItemCheck: Check | undefined;
let v2ItemCheck: Check | undefined;
let v2OnlyKeys: readonly string[] | undefined;

/** A state record's own properties (its items are checked one by one as they are converted); V1 and V2 records differ only in their items. */
export function stateRecordShape(payload: unknown): payload is { code: string; name: string; state_information: unknown[] } {
  recordShape ??= checkOf(v1StateRecordSchema.extend({ state_information: z.array(z.unknown()) }));
  return recordShape(payload);
}

/** The item properties only V2 has (`bool_value`, `multiselect_value`, `footnotes`): a V1 item has none of them. */
export function v2OnlyItemKeys(): readonly string[] {
  v2OnlyKeys ??= Object.keys(v2StateItemSchema.shape).filter((key) => !(key in v1StateItemSchema.shape));
  return v2OnlyKeys;
}

/** A valid V1 item that has none of V2's own properties. */
export function v1StateItemOk(item: unknown): boolean {
  v1ItemCheck ??= checkOf(v1StateItemSchema);
  if (!v1ItemCheck(item)) return false;
  for (const key of v2OnlyItemKeys()) if ((item as Obj)[key] !== undefined) return false;
  return true;
}

/** A valid V2 item. */
export function v2StateItemOk(item: unknown): boolean {
  v2ItemCheck ??= checkOf(v2StateItemSchema);
  return v2ItemCheck(item);
}

/**
 * The one-pass state check, as a whole: valid for `version`, and no slug the other version never holds.
 * Upgrade and downgrade run the same checks item by item while converting; a failure sends them to the
 * slow path (evidence scan, then zod), which names the problem.
 */
export function fastStateCheck(plan: Plan, version: PayloadVersion, payload: unknown): boolean {
  if (!stateRecordShape(payload)) return false;
  const otherSlugs = version === 'v1' ? plan.v2Only : plan.v1Only;
  for (const item of payload.state_information) {
    if (!(version === 'v1' ? v1StateItemOk(item) : v2StateItemOk(item))) return false;
    if (otherSlugs.has((item as Obj).field_type as string)) return false;
  }
  return true;
}

/** The generated check alone (exported for the equivalence test). */
export function generatedCheck(kind: PayloadKind, version: PayloadVersion, payload: unknown): boolean {
  return cachedCheck(schemaOf(kind, version))(payload);
}

/** A payload kind in words. */
function nameOf(kind: PayloadKind): string {
  switch (kind) {
    case 'fields':
      return 'field list';
    case 'state':
      return 'state record';
    case 'overrides':
      return 'override list';
  }
}

/**
 * The first problem of a payload that is not valid for that kind and version, as the `PayloadError`
 * that names it, with the index of the list item it is in (for a state record, its item's); undefined
 * when the payload is valid. Memory and time are bounded by the payload, valid or not: the generated
 * checks find the first bad place and zod describes that place alone.
 */
export function payloadProblem(
  kind: PayloadKind,
  version: PayloadVersion,
  payload: unknown,
  source?: string,
): { readonly error: PayloadError; readonly index: number | undefined } | undefined {
  const schema = schemaOf(kind, version);
  if (cachedCheck(schema)(payload)) return undefined;
  const problem = firstProblem(schema, payload);
  if (!problem) throw new Error(`internal: the generated ${version} ${kind} check disagrees with itself`);
  const result = (problem.schema as z.ZodType).safeParse(problem.value);
  if (result.success) throw new Error(`internal: the generated ${version} ${kind} check disagrees with its schema`);
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  const path = [...problem.path, ...issue.path];
  const message = describeIssue({ ...issue, path } as z.core.$ZodIssue, payload, `${version.toUpperCase()} ${nameOf(kind)}`);
  const index = kind === 'state' ? (path[0] === 'state_information' ? path[1] : undefined) : path[0];
  return { error: new PayloadError(jsonPath(path), message, { source }), index: typeof index === 'number' ? index : undefined };
}

/** Throws a `PayloadError` naming the first problem when `payload` is not a valid payload of that kind and version. */
export function validatePayload(kind: PayloadKind, version: PayloadVersion, payload: unknown, source?: string): void {
  const problem = payloadProblem(kind, version, payload, source);
  if (problem) throw problem.error;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return `${typeof v} ${String(v)}`;
}

function at(payload: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let node: unknown = payload;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return { found: false, value: undefined };
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: node };
}

/** What zod's `expected` names, in words. */
function expectedWords(expected: string): string {
  switch (expected) {
    case 'string':
      return 'a string';
    case 'boolean':
      return 'a boolean';
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    default:
      return expected;
  }
}

function describeIssue(issue: z.core.$ZodIssue, payload: unknown, what: string): string {
  const { found, value } = at(payload, issue.path);
  if (issue.code === 'invalid_type') {
    const expected = expectedWords(issue.expected);
    if (issue.path.length === 0) return `expected a ${what} (${expected}), got ${typeName(value)}`;
    if (!found || value === undefined) return `missing (expected ${expected} in a ${what})`;
    return `expected ${expected}, got ${typeName(value)}`;
  }
  if (issue.code === 'too_small') return `expected a non-empty string, got ""`;
  if (issue.code === 'invalid_format') return `${issue.message ?? 'bad format'}, got ${typeName(value)}`;
  return issue.message;
}

// ─── Kind and version ───────────────────────────────────────────────────────────────────────────

/** Why a payload looks like one version: where and what. */
export interface Evidence {
  readonly path: string;
  readonly reason: string;
  /** Index of the item it was found in (document order). */
  readonly index: number;
}

/** The payload kind from its shape; throws a `PayloadError` when it is none of them. */
export function detectKind(payload: unknown, source?: string): PayloadKind {
  if (Array.isArray(payload)) {
    const first = payload[0];
    if (payload.length === 0)
      throw new PayloadError('$', 'an empty list: it could be a field list or an override list; say which (kind)', { source });
    if (isObject(first)) {
      if ('region' in first || 'state' in first || (isObject(first.field) && !('slug' in first))) return 'overrides';
      if ('slug' in first || 'field_format' in first || 'long_name' in first || 'description' in first) return 'fields';
    }
    throw new PayloadError('$[0]', 'not a field descriptor ({slug, …}) or a regional override ({state, region, field, value})', {
      source,
    });
  }
  if (isObject(payload) && 'state_information' in payload) return 'state';
  if (isObject(payload) && typeof payload.detail === 'string')
    throw new PayloadError('$', `not a Civic Data payload but an API error body: ${JSON.stringify(payload).slice(0, 120)}`, {
      source,
    });
  throw new PayloadError(
    '$',
    `not a Civic Data payload: expected a field list (an array), a state record (an object with "state_information") or an override list, got ${typeName(payload)}`,
    { source },
  );
}

/** The first sign of each version in a payload of a known kind (items that are not objects are skipped). */
export function findEvidence(plan: Plan, kind: PayloadKind, payload: unknown, upTo?: number): { v1?: Evidence; v2?: Evidence } {
  const out: { v1?: Evidence; v2?: Evidence } = {};
  const slugSign = (slug: unknown, index: number, path: () => string) => {
    if (typeof slug !== 'string') return;
    if (!out.v1 && plan.v1Only.has(slug)) out.v1 = { path: path(), reason: `"${slug}" is a V1 slug`, index };
    if (!out.v2 && plan.v2Only.has(slug)) out.v2 = { path: path(), reason: `"${slug}" is a V2 slug`, index };
  };
  /** Each item of a list up to `upTo` (the first bad one, where the payload is invalid), until both versions have shown. */
  const each = (list: readonly unknown[], fn: (item: Obj, i: number) => void) => {
    const end = upTo === undefined ? list.length : Math.min(list.length, upTo + 1);
    for (let i = 0; i < end && !(out.v1 && out.v2); i++) {
      const item = list[i];
      if (isObject(item)) fn(item, i);
    }
  };
  switch (kind) {
    case 'fields': {
      if (!Array.isArray(payload)) return out;
      const v1Keys = Object.keys(v1FieldDescriptorSchema.shape).filter((k) => !(k in v2FieldDescriptorSchema.shape));
      const v2Keys = Object.keys(v2FieldDescriptorSchema.shape).filter((k) => !(k in v1FieldDescriptorSchema.shape));
      each(payload, (item, i) => {
        const key1 = v1Keys.find((k) => item[k] !== undefined);
        if (!out.v1 && key1) out.v1 = { path: jsonPath([i, key1]), reason: `descriptors have "${key1}"`, index: i };
        const key2 = v2Keys.find((k) => item[k] !== undefined);
        if (!out.v2 && key2) out.v2 = { path: jsonPath([i, key2]), reason: `descriptors have "${key2}"`, index: i };
        slugSign(item.slug, i, () => jsonPath([i, 'slug']));
      });
      return out;
    }
    case 'state': {
      if (!isObject(payload) || !Array.isArray(payload.state_information)) return out;
      each(payload.state_information, (item, i) => {
        if (!out.v2) {
          const key = v2OnlyItemKeys().find((k) => item[k] !== undefined);
          if (key) out.v2 = { path: jsonPath(['state_information', i, key]), reason: `items have "${key}"`, index: i };
        }
        slugSign(item.field_type, i, () => jsonPath(['state_information', i, 'field_type']));
      });
      return out;
    }
    case 'overrides':
      if (!Array.isArray(payload)) return out;
      each(payload, (item, i) => {
        if (isObject(item.field)) slugSign(item.field.slug, i, () => jsonPath([i, 'field', 'slug']));
      });
      return out;
  }
}

/**
 * Says what a parsed payload is: `kind` from its shape, `version` from V1- or V2-only properties and
 * slugs (`unknown` when nothing tells them apart, e.g. a record of fields both versions share).
 * Throws a `PayloadError` for a payload of no known kind, or one that mixes V1 and V2.
 */
export function detectPayload(
  payload: unknown,
  options: { mappings?: Mappings; source?: string } = {},
): { kind: PayloadKind; version: PayloadVersion | 'unknown' } {
  const kind = detectKind(payload, options.source);
  const plan = planFor(options.mappings ?? loadMappings());
  const { v1, v2 } = findEvidence(plan, kind, payload);
  if (v1 && v2) throw mixedError(kind, v1, v2, options.source);
  return { kind, version: v1 ? 'v1' : v2 ? 'v2' : kind === 'overrides' ? 'v2' : 'unknown' };
}

export function mixedError(kind: PayloadKind, v1: Evidence, v2: Evidence, source?: string): PayloadError {
  const [later, earlier] = v1.index > v2.index ? [v1, v2] : [v2, v1];
  return new PayloadError(
    later.path,
    `this ${nameOf(kind)} mixes V1 and V2: ${later.reason}, but ${earlier.reason} (at ${earlier.path})`,
    {
      source,
    },
  );
}

export function wrongVersionError(kind: PayloadKind, found: PayloadVersion, evidence: Evidence, source?: string): PayloadError {
  const verb = found === 'v2' ? 'upgrade takes V1' : 'downgrade takes V2';
  return new PayloadError(evidence.path, `this is a ${found.toUpperCase()} ${nameOf(kind)} (${evidence.reason}); ${verb}`, {
    source,
  });
}
