/**
 * What a payload is and where it first goes wrong (src/payload/shape.ts), branch by branch with
 * every message whole (#28): the kind from the shape, the evidence of each version, the mixed and
 * wrong-version errors, the one-pass state check, and the first problem zod names.
 */
import { describe, expect, it } from 'vitest';
import { loadMappings } from '../src/mapping/load.js';
import { PayloadError } from '../src/payload/diagnostics.js';
import {
  detectKind,
  detectPayload,
  fastStateCheck,
  findEvidence,
  mixedError,
  payloadProblem,
  stateRecordShape,
  v1StateItemOk,
  v2OnlyItemKeys,
  v2StateItemOk,
  wrongVersionError,
} from '../src/payload/shape.js';
import { planFor } from '../src/payload/steps.js';

const T = '2024-03-01T12:00:00Z';
const plan = () => planFor(loadMappings());

/** The message of the PayloadError `fn` throws, with its path. */
function refused(fn: () => unknown): [string, string] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PayloadError);
    return [(error as PayloadError).path, (error as PayloadError).message];
  }
  throw new Error('expected a PayloadError');
}

describe('detectKind', () => {
  it('a list: overrides by state, region or a field object without a slug beside it; fields by a descriptor property', () => {
    expect(detectKind([{ state: 'WI' }])).toBe('overrides');
    expect(detectKind([{ region: {} }])).toBe('overrides');
    expect(detectKind([{ field: { slug: 'x' } }])).toBe('overrides');
    expect(detectKind([{ field: 'x', slug: 'x' }])).toBe('fields');
    expect(detectKind([{ field: { slug: 'x' }, slug: 'x' }])).toBe('fields');
    expect(detectKind([{ slug: 'x' }])).toBe('fields');
    expect(detectKind([{ field_format: 'URL' }])).toBe('fields');
    expect(detectKind([{ long_name: 'x' }])).toBe('fields');
    expect(detectKind([{ description: 'x' }])).toBe('fields');
  });

  it('a list of anything else, or an empty one, is refused at its first item', () => {
    expect(refused(() => detectKind([{ other: 1 }], 'in.json'))).toEqual([
      '$[0]',
      'in.json: $[0]: not a field descriptor ({slug, …}) or a regional override ({state, region, field, value})',
    ]);
    expect(refused(() => detectKind([['slug']]))).toEqual([
      '$[0]',
      '$[0]: not a field descriptor ({slug, …}) or a regional override ({state, region, field, value})',
    ]);
    expect(refused(() => detectKind([], 'in.json'))).toEqual([
      '$',
      'in.json: $: an empty list: it could be a field list or an override list; say which (kind)',
    ]);
  });

  it('an object: a state record by state_information; an API error body; anything else named by its type', () => {
    expect(detectKind({ state_information: 1 })).toBe('state');
    expect(refused(() => detectKind({ detail: 'Invalid token.' }, 'in.json'))).toEqual([
      '$',
      'in.json: $: not a Civic Data payload but an API error body: {"detail":"Invalid token."}',
    ]);
    const long = { detail: 'x'.repeat(200) };
    expect(refused(() => detectKind(long))[1]).toBe(
      `$: not a Civic Data payload but an API error body: ${JSON.stringify(long).slice(0, 120)}`,
    );
    const not = (payload: unknown) => refused(() => detectKind(payload))[1];
    const expected =
      '$: not a Civic Data payload: expected a field list (an array), a state record (an object with "state_information") or an override list, got ';
    expect(not({ detail: 3 })).toBe(`${expected}an object`);
    expect(not(null)).toBe(`${expected}null`);
    expect(not('short')).toBe(`${expected}the string "short"`);
    expect(not('y'.repeat(41))).toBe(`${expected}the string "${'y'.repeat(40)}…"`);
    expect(not('y'.repeat(40))).toBe(`${expected}the string "${'y'.repeat(40)}"`);
    expect(not(42)).toBe(`${expected}number 42`);
    expect(not(undefined)).toBe(`${expected}undefined undefined`);
    expect(refused(() => detectKind(true, 'in.json'))[1]).toBe(`in.json: ${expected}boolean true`);
  });
});

describe('payloadProblem', () => {
  const problem = (kind: 'fields' | 'state' | 'overrides', version: 'v1' | 'v2', payload: unknown) => {
    const p = payloadProblem(kind, version, payload, 'in.json');
    return p && [p.error.path, p.error.message, p.index];
  };

  it('nothing for a valid payload', () => {
    expect(problem('fields', 'v1', [{ slug: 's', long_name: 'L', field_format: 'URL' }])).toBeUndefined();
    expect(problem('overrides', 'v1', [])).toBeUndefined();
  });

  it('the whole payload of the wrong type, a missing property, a property of the wrong type', () => {
    expect(problem('fields', 'v2', { a: 1 })).toEqual([
      '$',
      'in.json: $: expected a V2 field list (an array), got an object',
      undefined,
    ]);
    expect(problem('state', 'v1', [])).toEqual([
      '$',
      'in.json: $: expected a V1 state record (an object), got an array',
      undefined,
    ]);
    expect(problem('overrides', 'v2', 'x')).toEqual([
      '$',
      'in.json: $: expected a V2 override list (an array), got the string "x"',
      undefined,
    ]);
    expect(
      problem('fields', 'v1', [
        { slug: 's', long_name: 'L', field_format: 'URL' },
        { slug: 's', field_format: 'URL' },
      ]),
    ).toEqual(['$[1].long_name', 'in.json: $[1].long_name: missing (expected a string in a V1 field list)', 1]);
    expect(
      problem('state', 'v2', { code: 'WI', name: 'W', state_information: [{ field_type: 's', text: true, modified_at: T }] }),
    ).toEqual(['$.state_information[0].text', 'in.json: $.state_information[0].text: expected a string, got boolean true', 0]);
    expect(
      problem('state', 'v1', {
        code: 'WI',
        name: 'W',
        state_information: [{ field_type: 's', text: '', modified_at: T, value: 'yes' }],
      }),
    ).toEqual([
      '$.state_information[0].value',
      'in.json: $.state_information[0].value: expected a boolean, got the string "yes"',
      0,
    ]);
    expect(problem('state', 'v1', { code: 'WI', name: 'W', state_information: 3 })).toEqual([
      '$.state_information',
      'in.json: $.state_information: expected an array, got number 3',
      undefined,
    ]);
    expect(problem('state', 'v1', { code: 'WI', name: 5, state_information: [] })).toEqual([
      '$.name',
      'in.json: $.name: expected a string, got number 5',
      undefined,
    ]);
    expect(problem('overrides', 'v2', [{ state: 'WI', region: [], field: { slug: 's' }, value: 'x' }])).toEqual([
      '$[0].region',
      'in.json: $[0].region: expected an object, got an array',
      0,
    ]);
    expect(problem('fields', 'v2', [{ slug: 's', description: 'd', field_format: 'URL', options: [7] }])).toEqual([
      '$[0].options[0]',
      'in.json: $[0].options[0]: expected a string, got number 7',
      0,
    ]);
  });

  it('an empty string where one is needed, a time in another form', () => {
    expect(problem('fields', 'v1', [{ slug: '', long_name: 'L', field_format: 'URL' }])).toEqual([
      '$[0].slug',
      'in.json: $[0].slug: expected a non-empty string, got ""',
      0,
    ]);
    expect(
      problem('state', 'v1', { code: 'WI', name: 'W', state_information: [{ field_type: 's', text: '', modified_at: 'today' }] }),
    ).toEqual([
      '$.state_information[0].modified_at',
      'in.json: $.state_information[0].modified_at: expected an ISO-8601 date-time such as 2020-07-24T16:22:42Z, got the string "today"',
      0,
    ]);
  });
});

describe('findEvidence and detectPayload', () => {
  it('field lists: the properties only one version has, and the slugs only one version has', () => {
    const p = plan();
    expect(
      findEvidence(p, 'fields', [
        { slug: 'x', long_name: 'L' },
        { slug: 'y', description: 'D' },
      ]),
    ).toEqual({
      v1: { path: '$[0].long_name', reason: 'descriptors have "long_name"', index: 0 },
      v2: { path: '$[1].description', reason: 'descriptors have "description"', index: 1 },
    });
    expect(
      findEvidence(p, 'fields', [7, { slug: 'alert_registration' }, { slug: 'alerts_registration', options: null }]),
    ).toEqual({
      v1: { path: '$[1].slug', reason: '"alert_registration" is a V1 slug', index: 1 },
      v2: { path: '$[2].options', reason: 'descriptors have "options"', index: 2 },
    });
    expect(findEvidence(p, 'fields', [{ slug: 'alerts_registration', long_name: undefined }])).toEqual({
      v2: { path: '$[0].slug', reason: '"alerts_registration" is a V2 slug', index: 0 },
    });
    expect(findEvidence(p, 'fields', { slug: 'alert_registration' })).toEqual({});
  });

  it('the first sign of each version wins; the scan stops at upTo', () => {
    const p = plan();
    const list = [
      { slug: 'a', long_name: 'A' },
      { slug: 'b', long_name: 'B' },
      { slug: 'c', description: 'C' },
    ];
    expect(findEvidence(p, 'fields', list)).toEqual({
      v1: { path: '$[0].long_name', reason: 'descriptors have "long_name"', index: 0 },
      v2: { path: '$[2].description', reason: 'descriptors have "description"', index: 2 },
    });
    expect(findEvidence(p, 'fields', list, 1)).toEqual({
      v1: { path: '$[0].long_name', reason: 'descriptors have "long_name"', index: 0 },
    });
    expect(findEvidence(p, 'fields', list, 2).v2?.index).toBe(2);
    expect(findEvidence(p, 'fields', list, 9).v2?.index).toBe(2);
  });

  it('state records: V2-only item properties and slugs', () => {
    const p = plan();
    const record = (...items: unknown[]) => ({ code: 'WI', name: 'W', state_information: items });
    expect(
      findEvidence(p, 'state', record(null, { field_type: 'alert_registration', footnotes: null, bool_value: true })),
    ).toEqual({
      v1: { path: '$.state_information[1].field_type', reason: '"alert_registration" is a V1 slug', index: 1 },
      v2: { path: '$.state_information[1].bool_value', reason: 'items have "bool_value"', index: 1 },
    });
    expect(findEvidence(p, 'state', record({ field_type: 'polls_open', multiselect_value: [] }, { footnotes: '' }))).toEqual({
      v2: { path: '$.state_information[0].multiselect_value', reason: 'items have "multiselect_value"', index: 0 },
    });
    expect(findEvidence(p, 'state', record({ field_type: 7 }, { field_type: 'alerts_registration' }))).toEqual({
      v2: { path: '$.state_information[1].field_type', reason: '"alerts_registration" is a V2 slug', index: 1 },
    });
    expect(findEvidence(p, 'state', { state_information: {} })).toEqual({});
    expect(findEvidence(p, 'state', [])).toEqual({});
  });

  it('override lists: the field slug', () => {
    const p = plan();
    expect(
      findEvidence(p, 'overrides', [
        { field: 'alert_registration' },
        { field: { slug: 'alert_registration' } },
        { field: { slug: 'alerts_absentee' } },
      ]),
    ).toEqual({
      v1: { path: '$[1].field.slug', reason: '"alert_registration" is a V1 slug', index: 1 },
      v2: { path: '$[2].field.slug', reason: '"alerts_absentee" is a V2 slug', index: 2 },
    });
    expect(findEvidence(p, 'overrides', { field: { slug: 'alert_registration' } })).toEqual({});
    // An item without a field object is skipped.
    expect(findEvidence(p, 'overrides', [{ state: 'WI' }, { field: null }, { field: { slug: 'alerts_absentee' } }])).toEqual({
      v2: { path: '$[2].field.slug', reason: '"alerts_absentee" is a V2 slug', index: 2 },
    });
  });

  it('detectPayload: the version shown, unknown when nothing tells, V2 for overrides; mixed payloads refused', () => {
    expect(detectPayload([{ slug: 'x', long_name: 'L' }])).toEqual({ kind: 'fields', version: 'v1' });
    expect(detectPayload([{ slug: 'x', description: 'D' }])).toEqual({ kind: 'fields', version: 'v2' });
    expect(detectPayload([{ slug: 'x' }])).toEqual({ kind: 'fields', version: 'unknown' });
    expect(detectPayload({ state_information: [{ field_type: 'polls_open' }] })).toEqual({ kind: 'state', version: 'unknown' });
    expect(detectPayload([{ state: 'WI', field: { slug: 'polls_open' } }])).toEqual({ kind: 'overrides', version: 'v2' });
    expect(detectPayload([{ state: 'WI', field: { slug: 'alert_registration' } }])).toEqual({ kind: 'overrides', version: 'v1' });
    expect(
      refused(() =>
        detectPayload(
          [
            { slug: 'x', description: 'D' },
            { slug: 'y', long_name: 'L' },
          ],
          { source: 'in.json', mappings: loadMappings() },
        ),
      ),
    ).toEqual([
      '$[1].long_name',
      'in.json: $[1].long_name: this field list mixes V1 and V2: descriptors have "long_name", but descriptors have "description" (at $[0].description)',
    ]);
  });
});

describe('the errors', () => {
  const a = { path: '$[0].x', reason: 'A', index: 0 };
  const b = { path: '$[2].y', reason: 'B', index: 2 };

  it('mixedError names the later sign, and the earlier one as where the other version showed', () => {
    expect(mixedError('state', a, b).message).toBe('$[2].y: this state record mixes V1 and V2: B, but A (at $[0].x)');
    expect(mixedError('overrides', b, a, 'in.json').message).toBe(
      'in.json: $[2].y: this override list mixes V1 and V2: B, but A (at $[0].x)',
    );
    // The same item: the V2 sign is named as the later one.
    expect(mixedError('fields', a, { ...b, index: 0 }).message).toBe(
      '$[2].y: this field list mixes V1 and V2: B, but A (at $[0].x)',
    );
  });

  it('wrongVersionError says which version each direction takes', () => {
    expect(wrongVersionError('fields', 'v2', a, 'in.json').message).toBe(
      'in.json: $[0].x: this is a V2 field list (A); upgrade takes V1',
    );
    expect(wrongVersionError('state', 'v1', b).message).toBe('$[2].y: this is a V1 state record (B); downgrade takes V2');
  });
});

describe('the one-pass state check', () => {
  const v1 = (extra: Record<string, unknown> = {}) => ({ text: 'x', field_type: 'polls_open', modified_at: T, ...extra });
  const record = (...items: unknown[]) => ({ code: 'WI', name: 'W', state_information: items });

  it('a V1 item: valid, and none of V2’s own properties (undefined ones are none)', () => {
    expect(v1StateItemOk(v1())).toBe(true);
    expect(v1StateItemOk(v1({ footnotes: undefined, value: true }))).toBe(true);
    expect(v2OnlyItemKeys().map((key) => v1StateItemOk(v1({ [key]: null })))).toEqual([false, false, false]);
    expect(v1StateItemOk(v1({ text: 1 }))).toBe(false);
    expect(v2StateItemOk(v1({ bool_value: true }))).toBe(true);
    expect(v2StateItemOk(v1({ bool_value: 'true' }))).toBe(false);
  });

  it('a record: its own shape, each item, and no slug only the other version has', () => {
    const p = plan();
    expect(stateRecordShape(record(1, 'x'))).toBe(true);
    expect(stateRecordShape({ code: 'WI', state_information: [] })).toBe(false);
    expect(fastStateCheck(p, 'v1', record(v1(), v1({ field_type: 'alert_registration' })))).toBe(true);
    expect(fastStateCheck(p, 'v1', record(v1(), v1({ field_type: 'alerts_registration' })))).toBe(false);
    expect(fastStateCheck(p, 'v1', record(v1({ footnotes: '' })))).toBe(false);
    expect(fastStateCheck(p, 'v1', { ...record(), code: 1 })).toBe(false);
    expect(fastStateCheck(p, 'v2', record(v1({ footnotes: '', field_type: 'alerts_registration' })))).toBe(true);
    expect(fastStateCheck(p, 'v2', record(v1({ field_type: 'alert_registration' })))).toBe(false);
    expect(fastStateCheck(p, 'v2', record(v1({ footnotes: 3 })))).toBe(false);
    expect(fastStateCheck(p, 'v2', record())).toBe(true);
  });
});
