/**
 * Property tests over random and mutated payloads: the adapter either converts or throws a
 * PayloadError, never anything else; it never changes its input and never shares objects with it;
 * what it returns is a valid payload of the other version. The checks generated from the zod schemas agree with them.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkOf, firstProblem, interpreted, type Problem } from '../src/payload/check.js';
import {
  downgrade,
  overrideListSchema,
  PayloadError,
  type PayloadKind,
  type PayloadVersion,
  upgrade,
  v1FieldListSchema,
  v1StateRecordSchema,
  v2FieldListSchema,
  v2StateRecordSchema,
} from '../src/payload/index.js';
import { fastStateCheck, findEvidence, generatedCheck, v2OnlyItemKeys } from '../src/payload/shape.js';
import { planFor } from '../src/payload/steps.js';
import { bundledMappings } from './helpers/bundled.js';

const m = bundledMappings();
/** Built inside each test: code run while the file is collected is run by every test of a mutation run. */
const plan = () => planFor(m);
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/payloads/${name}`, import.meta.url), 'utf8'));
const SAMPLES = ['v1-fields.json', 'v1-state-IL.json', 'v2-fields.json', 'v2-state-WI.json', 'v2-overrides.json'].map(fixture);
const SLUGS = [...new Set([...m.v1Slugs, ...m.v2Slugs])].sort();
const KINDS: readonly PayloadKind[] = ['fields', 'state', 'overrides'];
const SCHEMAS = {
  fields: { v1: v1FieldListSchema, v2: v2FieldListSchema },
  state: { v1: v1StateRecordSchema, v2: v2StateRecordSchema },
  overrides: { v1: overrideListSchema, v2: overrideListSchema },
} as const;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function objectsOf(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null) {
    into.add(value);
    for (const v of Object.values(value)) objectsOf(v, into);
  }
  return into;
}

/** Every path to a node of a JSON value. */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) paths(value[i], [...prefix, i], out);
  } else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}

type Op =
  | { op: 'delete' }
  /** An array item deleted in place: a hole (a sparse array, as code can build). */
  | { op: 'hole' }
  | { op: 'set'; value: unknown }
  | { op: 'slug'; slug: string }
  | { op: 'duplicate' }
  | { op: 'extra'; key: string; value: unknown }
  | { op: 'text'; text: string };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ op: 'delete' as const }),
  fc.constant({ op: 'hole' as const }),
  fc.jsonValue({ maxDepth: 2 }).map((value) => ({ op: 'set' as const, value })),
  fc.constantFrom(...SLUGS).map((slug) => ({ op: 'slug' as const, slug })),
  fc.constant({ op: 'duplicate' as const }),
  fc
    .record({
      key: fc.constantFrom(
        'extra',
        'bool_value',
        'footnotes',
        'multiselect_value',
        'value',
        'long_name',
        'description',
        'options',
        '__proto__',
      ),
      value: fc.jsonValue({ maxDepth: 1 }),
    })
    .map((r) => ({ op: 'extra' as const, ...r })),
  fc
    .constantFrom('', 'True', 'true', 'FALSE', 'yes', 'email, online', ' False ', '2024-01-01')
    .map((text) => ({ op: 'text' as const, text })),
);

/** A copy of `base` with `op` applied at the `pick`-th path. */
function mutate(base: unknown, pick: number, op: Op): unknown {
  const root = structuredClone(base);
  const all = paths(root);
  const path = all[pick % all.length] as (string | number)[];
  if (path.length === 0) return op.op === 'set' ? op.value : root;
  const parentPath = path.slice(0, -1);
  const key = path.at(-1) as string | number;
  let parent: unknown = root;
  for (const k of parentPath) parent = (parent as Record<string | number, unknown>)[k];
  const holder = parent as Record<string | number, unknown>;
  const node = holder[key];
  switch (op.op) {
    case 'delete':
      if (Array.isArray(holder)) holder.splice(key as number, 1);
      else delete holder[key];
      break;
    case 'hole':
      delete holder[key];
      break;
    case 'set':
      holder[key] = op.value;
      break;
    case 'slug':
      if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
        const target = node as Record<string, unknown>;
        if ('field_type' in target) target.field_type = op.slug;
        else if ('slug' in target) target.slug = op.slug;
      } else holder[key] = op.slug;
      break;
    case 'duplicate':
      if (Array.isArray(holder)) holder.splice(key as number, 0, structuredClone(node));
      else if (Array.isArray(node) && node.length > 0) node.push(structuredClone(node[0]));
      break;
    case 'extra':
      if (typeof node === 'object' && node !== null && !Array.isArray(node))
        Object.defineProperty(node, op.key, { value: op.value, enumerable: true, writable: true, configurable: true });
      break;
    case 'text':
      if (typeof node === 'object' && node !== null && 'text' in node) (node as { text: unknown }).text = op.text;
      else holder[key] = op.text;
      break;
  }
  return root;
}

const mutated = fc
  .tuple(fc.constantFrom(...SAMPLES), fc.array(fc.tuple(fc.nat(), opArb), { minLength: 1, maxLength: 4 }))
  .map(([base, ops]) => ops.reduce((value, [pick, op]) => mutate(value, pick, op), base));
const anyPayload = fc.oneof(mutated, fc.jsonValue({ maxDepth: 4 }));

/** Converts and checks the contract; returns what happened. */
function checkContract(direction: 'upgrade' | 'downgrade', input: unknown, kind?: PayloadKind) {
  const frozen = deepFreeze(structuredClone(input));
  const before = JSON.stringify(frozen);
  let result: ReturnType<typeof upgrade> | ReturnType<typeof downgrade>;
  const overrides = deepFreeze([
    { state: 'IL', region: { name: 'Cook County' }, field: { slug: 'gov_tool_absentee_request' }, value: 'https://x.gov/' },
  ]);
  try {
    result = direction === 'upgrade' ? upgrade(frozen, { kind, overrides }) : downgrade(frozen, { kind, overrides });
  } catch (error) {
    if (!(error instanceof PayloadError)) throw error;
    expect(error.path).toMatch(/^\$/);
    expect(error.message.includes('\n')).toBe(false);
    return 'rejected';
  }
  expect(JSON.stringify(frozen)).toBe(before);
  const inputObjects = objectsOf(frozen);
  for (const o of objectsOf(result.value)) expect(inputObjects.has(o)).toBe(false);
  const to: PayloadVersion = direction === 'upgrade' ? 'v2' : 'v1';
  const schema = SCHEMAS[result.kind][to];
  expect(schema.safeParse(result.value).success).toBe(true);
  if (result.kind === 'state' && to === 'v2') {
    for (const item of (result.value as { state_information: Record<string, unknown>[] }).state_information) {
      expect(typeof item.footnotes).toBe('string');
      expect(item.bool_value === undefined || typeof item.bool_value === 'boolean').toBe(true);
      expect(item.multiselect_value === undefined || Array.isArray(item.multiselect_value)).toBe(true);
      expect('bool_value' in item && 'multiselect_value' in item).toBe(false);
    }
  }
  if (result.kind === 'state' && to === 'v1') {
    for (const item of (result.value as { state_information: Record<string, unknown>[] }).state_information) {
      expect(item.value === undefined || typeof item.value === 'boolean').toBe(true);
      expect('bool_value' in item || 'multiselect_value' in item || 'footnotes' in item).toBe(false);
    }
  }
  for (const d of result.diagnostics) expect(['info', 'warning']).toContain(d.severity);
  return 'converted';
}

describe('random and mutated payloads', () => {
  it('upgrade: converts or throws a PayloadError; never mutates; output is valid V2', () => {
    fc.assert(
      fc.property(anyPayload, (p) => void checkContract('upgrade', p)),
      { numRuns: 300 },
    );
  });

  it('downgrade: converts or throws a PayloadError; never mutates; output is valid V1', () => {
    fc.assert(
      fc.property(anyPayload, (p) => void checkContract('downgrade', p)),
      { numRuns: 300 },
    );
  });

  it('with a kind told (right or wrong)', () => {
    fc.assert(
      fc.property(
        anyPayload,
        fc.constantFrom(...KINDS),
        fc.boolean(),
        (p, kind, up) => void checkContract(up ? 'upgrade' : 'downgrade', p, kind),
      ),
      { numRuns: 200 },
    );
  });

  it('the mutations reach both outcomes (the properties above are not vacuous)', () => {
    const runs = fc
      .sample(mutated, { numRuns: 200, seed: 42 })
      .flatMap((p) => [checkContract('upgrade', p), checkContract('downgrade', p)]);
    const converted = runs.filter((r) => r === 'converted').length;
    // Each sample fits one direction only; of those, many mutations keep it convertible, so the
    // properties exercise the conversions, not only the errors.
    expect(converted).toBeGreaterThan(runs.length / 8);
    expect(converted).toBeLessThan(runs.length);
  });

  it('unknown extra properties are kept on upgrade, and left out (said) on downgrade: V1 payloads never had them', () => {
    const v1 = structuredClone(SAMPLES[1]) as { state_information: Record<string, unknown>[]; [k: string]: unknown };
    v1.etag = 'abc';
    for (const item of v1.state_information) item.source_note = { by: item.field_type };
    const up = upgrade(v1, { kind: 'state' }).value;
    expect(up.etag).toBe('abc');
    const folded = up.state_information.find((i) => i.field_type === 'absentee_request_methods');
    expect(folded?.source_note).toEqual({ by: 'vbm_app_submission_email' });
    const renamed = up.state_information.find((i) => i.field_type === 'has_no_excuse_absentee');
    expect(renamed?.source_note).toEqual({ by: 'vbm_no_excuse' });
    const down = downgrade(up, { kind: 'state' });
    const item = down.value.state_information.find((i) => i.field_type === 'vbm_no_excuse');
    expect(Object.keys(item ?? {})).toEqual(['text', 'field_type', 'modified_at', 'value']);
    expect(Object.keys(down.value)).toEqual(['code', 'name', 'state_information']);
    const dropped = down.diagnostics.filter((d) => d.code === 'property-dropped');
    expect(dropped.length).toBe(up.state_information.length + 1);
    expect(dropped.at(-1)?.message).toBe('V1 records had no "etag": left out');
  });

  it('the same for field descriptors: kept on upgrade, left out and said on downgrade', () => {
    const v1 = structuredClone(SAMPLES[0]) as Record<string, unknown>[];
    for (const d of v1) d.source_note = { by: d.slug };
    const up = upgrade(v1, { kind: 'fields' });
    const kept = up.value.filter((d) => (d as Record<string, unknown>).source_note !== undefined);
    expect(kept.length).toBeGreaterThan(0);
    const down = downgrade(up.value, { kind: 'fields' });
    for (const d of down.value) expect(Object.keys(d)).toEqual(['slug', 'long_name', 'field_format']);
    const dropped = down.diagnostics.filter((d) => d.code === 'property-dropped');
    expect(dropped.length).toBe(kept.length);
    expect(dropped[0]?.message).toBe('V1 descriptors had no "source_note": left out');
  });
});

describe('the generated checks agree with the zod schemas', () => {
  it.each(KINDS.flatMap((kind) => (['v1', 'v2'] as const).map((version) => [kind, version] as const)))(
    '%s %s',
    (kind, version) => {
      fc.assert(
        fc.property(anyPayload, (p) => {
          expect(generatedCheck(kind, version, p)).toBe(SCHEMAS[kind][version].safeParse(p).success);
        }),
        { numRuns: 300 },
      );
    },
  );

  it.each(['v1', 'v2'] as const)('one-pass state check (%s) = schema and no sign of the other version', (version) => {
    fc.assert(
      fc.property(anyPayload, (p) => {
        const evidence = SCHEMAS.state[version].safeParse(p).success ? findEvidence(plan(), 'state', p) : undefined;
        const expected = evidence !== undefined && (version === 'v1' ? !evidence.v2 : !evidence.v1);
        expect(fastStateCheck(plan(), version, p)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it.each(['v1', 'v2'] as const)(
    'a %s state record converts exactly when it passes the one-pass check and has no duplicate field',
    (version) => {
      fc.assert(
        fc.property(anyPayload, (p) => {
          const items =
            p !== null && typeof p === 'object' ? (p as { state_information?: unknown }).state_information : undefined;
          const unique =
            Array.isArray(items) &&
            new Set(items.map((i) => (i !== null && typeof i === 'object' ? (i as { field_type?: unknown }).field_type : i)))
              .size === items.length;
          const expected = fastStateCheck(plan(), version, p) && unique;
          const run = () => (version === 'v1' ? upgrade(p, { kind: 'state' }) : downgrade(p, { kind: 'state' }));
          if (expected) expect(run).not.toThrow();
          else expect(run).toThrow(PayloadError);
        }),
        { numRuns: 300 },
      );
    },
  );

  it('the V2-only item properties the one-pass check names are the schemas’', () => {
    expect(v2OnlyItemKeys()).toEqual(['bool_value', 'multiselect_value', 'footnotes']);
  });
});

describe('checkOf (the generated check)', () => {
  const schema = z.looseObject({
    a: z.string().min(2),
    b: z.string().regex(/^x\d$/),
    c: z.boolean().nullish(),
    d: z.array(z.string().min(1)).optional(),
    e: z.looseObject({ f: z.string() }).nullable(),
  });
  const value = fc.oneof(
    fc.anything({ withSparseArray: true }),
    fc.record(
      {
        a: fc.oneof(fc.constantFrom('', 'a', 'ab', 'abc'), fc.anything()),
        b: fc.oneof(fc.constantFrom('x1', 'x', 'y1', 'x12'), fc.anything()),
        c: fc.oneof(fc.boolean(), fc.constant(null), fc.anything()),
        d: fc.oneof(fc.array(fc.constantFrom('', 'o')), fc.sparseArray(fc.constant('o')), fc.anything()),
        e: fc.oneof(fc.constant(null), fc.record({ f: fc.oneof(fc.string(), fc.integer()) }), fc.anything()),
      },
      { requiredKeys: [] },
    ),
  );

  it('answers as safeParse does, on each construct it handles', () => {
    const check = checkOf(schema);
    fc.assert(
      fc.property(value, (v) => {
        expect(check(v)).toBe(schema.safeParse(v).success);
      }),
      { numRuns: 2000 },
    );
    expect(check({ a: 'ab', b: 'x1', d: ['o'], e: { f: '' }, extra: 1 })).toBe(true);
  });

  it('its fallback without code generation (closures) answers the same, and refuses the same', () => {
    const closures = interpreted(schema);
    fc.assert(
      fc.property(value, (v) => {
        expect(closures(v)).toBe(schema.safeParse(v).success);
      }),
      { numRuns: 2000 },
    );
    expect(() => interpreted(z.number())).toThrow('does not handle zod type "number"');
    expect(() => interpreted(z.object({ a: z.string() }))).toThrow('loose objects only');
  });

  it('firstProblem names the part zod names first, and nothing on a valid value', () => {
    fc.assert(
      fc.property(value, (v) => {
        const result = schema.safeParse(v);
        const problem = firstProblem(schema, v);
        if (result.success) {
          expect(problem).toBeUndefined();
          return;
        }
        // The part found fails on its own, and zod's first issue is at or below it.
        const at = (problem as Problem).path;
        expect((problem as Problem).schema['~standard'].validate((problem as Problem).value)).toHaveProperty('issues');
        expect(result.error.issues[0]?.path.slice(0, at.length)).toEqual(at);
      }),
      { numRuns: 2000 },
    );
    // A valid value is always checked, whatever the random run draws.
    expect(firstProblem(schema, { a: 'abc', b: 'x1', e: null })).toBeUndefined();
  });

  it('refuses a construct it does not handle, at generation (never a wrong answer)', () => {
    expect(() => checkOf(z.number())).toThrow('does not handle zod type "number"');
    expect(() => checkOf(z.string().max(3))).toThrow('does not handle the string check "max_length"');
    expect(() => checkOf(z.object({ a: z.string() }))).toThrow('loose objects only');
  });
});
