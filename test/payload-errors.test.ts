/** Bad input: a typed error naming the JSON path (or line and column) of the first problem. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CivicMigrateError } from '../src/errors.js';
import {
  detectPayload,
  downgrade,
  locateJsonError,
  PayloadError,
  parseJson,
  parsePayload,
  StrictPayloadError,
  safeDowngrade,
  safeUpgrade,
  upgrade,
} from '../src/payload/index.js';
import { payloadProblem } from './helpers/payloads.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/payloads/${name}`, import.meta.url), 'utf8');
const T = '2022-08-17T21:13:34Z';

describe('the bad fixtures', () => {
  it.each([
    [
      'bad-syntax.json',
      'bad-syntax.json: line 5, column 106: not valid JSON: expected a property name in double quotes, found "}"',
    ],
    ['bad-text-number.json', 'bad-text-number.json: $.state_information[1].text: expected a string, got number 18'],
    [
      'bad-duplicate.json',
      'bad-duplicate.json: $.state_information[2].field_type: duplicate field "vbm_no_excuse" (also at $.state_information[0])',
    ],
    [
      'bad-mixed.json',
      'bad-mixed.json: $.state_information[1].bool_value: this state record mixes V1 and V2: items have "bool_value", but "vbm_no_excuse" is a V1 slug (at $.state_information[0].field_type)',
    ],
    ['bad-not-found.json', 'bad-not-found.json: $: not a Civic Data payload but an API error body: {"detail":"Not found."}'],
  ])('%s', (name, message) => {
    const result = safeUpgrade(fixture(name), { source: name });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(PayloadError);
    expect(result.error).toBeInstanceOf(CivicMigrateError);
    expect(result.error.exitCode).toBe(2);
    expect(result.error.message).toBe(message);
  });

  it('the JSON error carries line and column, the shape error its path', () => {
    const syntax = safeUpgrade(fixture('bad-syntax.json'));
    expect(
      syntax.success ? undefined : { path: syntax.error.path, line: syntax.error.line, column: syntax.error.column },
    ).toEqual({
      path: '$',
      line: 5,
      column: 106,
    });
    const shape = safeUpgrade(fixture('bad-text-number.json'));
    expect(shape.success ? undefined : [shape.error.path, shape.error.problem]).toEqual([
      '$.state_information[1].text',
      'expected a string, got number 18',
    ]);
  });
});

describe('wrong shape', () => {
  const item = { text: 'True', field_type: 'vbm_no_excuse', modified_at: T, value: true };
  const record = (items: unknown) => ({ code: 'IL', name: 'Illinois', state_information: items });
  it.each([
    [record('nope'), '$.state_information: expected an array, got the string "nope"'],
    [
      record([{ ...item, modified_at: undefined }]),
      '$.state_information[0].modified_at: missing (expected a string in a V1 state record)',
    ],
    [
      record([{ ...item, modified_at: 'yesterday' }]),
      '$.state_information[0].modified_at: expected an ISO-8601 date-time such as 2020-07-24T16:22:42Z, got the string "yesterday"',
    ],
    [record([{ ...item, value: 'true' }]), '$.state_information[0].value: expected a boolean, got the string "true"'],
    [record([item, 7]), '$.state_information[1]: expected an object, got number 7'],
    [record([{ ...item, field_type: '' }]), '$.state_information[0].field_type: expected a non-empty string, got ""'],
    [{ code: 'IL', state_information: [] }, '$.name: missing (expected a string in a V1 state record)'],
    [[1, 2], '$[0]: not a field descriptor ({slug, …}) or a regional override ({state, region, field, value})'],
    [
      '"just a string"',
      '$: not a Civic Data payload: expected a field list (an array), a state record (an object with "state_information") or an override list, got the string "just a string"',
    ],
    [[{ slug: 'vbm_no_excuse', long_name: 'No excuse', field_format: 7 }], '$[0].field_format: expected a string, got number 7'],
  ])('%j', (payload, message) => {
    expect(payloadProblem(() => upgrade(typeof payload === 'string' ? payload : payload))).toBe(message);
  });

  it('a kind that is told and wrong names the whole payload', () => {
    expect(payloadProblem(() => upgrade(record([item]), { kind: 'fields' }))).toBe(
      '$: expected a V1 field list (an array), got an object',
    );
  });

  it('a list with a hole (a sparse array built in code): the hole is named, as zod names it', () => {
    const items: unknown[] = new Array(2);
    items[0] = item;
    expect(payloadProblem(() => upgrade(record(items), { kind: 'state' }))).toBe(
      '$.state_information[1]: missing (expected an object in a V1 state record)',
    );
    const fields: unknown[] = new Array(2);
    fields[1] = { slug: 'a', long_name: 'A', field_format: 'Markdown' };
    expect(payloadProblem(() => upgrade(fields, { kind: 'fields' }))).toBe(
      '$[0]: missing (expected an object in a V1 field list)',
    );
    expect(payloadProblem(() => downgrade(new Array(1), { kind: 'overrides' }))).toBe(
      '$[0]: missing (expected an object in a V2 override list)',
    );
  });

  it('whatever an input object throws while it is read is a PayloadError naming where', () => {
    const throwing = { ...item };
    Object.defineProperty(throwing, 'text', {
      enumerable: true,
      get() {
        throw new Error('lazy text not loaded');
      },
    });
    expect(payloadProblem(() => upgrade(record([item, throwing]), { kind: 'state' }))).toBe(
      '$.state_information[1].text: reading it threw: lazy text not loaded',
    );
    // Detection reads it too; a Proxy whose key listing throws; what is thrown need not be an Error.
    expect(payloadProblem(() => upgrade(record([throwing])))).toBe(
      '$.state_information[0].text: reading it threw: lazy text not loaded',
    );
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(payloadProblem(() => downgrade([revoked.proxy], { kind: 'overrides' }))).toMatch(
      /^\$\[0\]: listing its keys threw: Cannot perform '\w+' on a proxy that has been revoked$/,
    );
    const descriptor = {
      slug: 'vbm_no_excuse',
      field_format: 'Boolean',
      get long_name(): string {
        throw 'no';
      },
    };
    expect(payloadProblem(() => upgrade([descriptor], { kind: 'fields' }))).toBe('$[0].long_name: reading it threw: no');
    const error = safeUpgrade([descriptor], { kind: 'fields', source: 'fields.js' });
    expect(error.success || error.error.message).toBe('fields.js: $[0].long_name: reading it threw: no');
    expect(payloadProblem(() => parsePayload([descriptor], { kind: 'fields', version: 'v1' }))).toBe(
      '$[0].long_name: reading it threw: no',
    );
  });

  it('a V2 override with a region that is not an object', () => {
    expect(
      payloadProblem(() =>
        downgrade([{ state: 'IL', region: 'Cook County', field: { slug: 'x' }, value: '' }], { kind: 'overrides' }),
      ),
    ).toBe('$[0].region: expected an object, got the string "Cook County"');
  });
});

describe('wrong version', () => {
  it('a V2 record given to upgrade, a V1 record given to downgrade', () => {
    expect(payloadProblem(() => upgrade(fixture('v2-state-WI.json')))).toBe(
      '$.state_information[0].footnotes: this is a V2 state record (items have "footnotes"); upgrade takes V1',
    );
    expect(payloadProblem(() => downgrade(fixture('v1-state-IL.json')))).toBe(
      '$.state_information[0].field_type: this is a V1 state record ("early_voting" is a V1 slug); downgrade takes V2',
    );
  });

  it('field lists: by their description property', () => {
    expect(payloadProblem(() => downgrade(fixture('v1-fields.json')))).toBe(
      '$[0].long_name: this is a V1 field list (descriptors have "long_name"); downgrade takes V2',
    );
    expect(payloadProblem(() => upgrade(fixture('v2-fields.json')))).toBe(
      '$[0].description: this is a V2 field list (descriptors have "description"); upgrade takes V1',
    );
  });
});

describe('duplicates', () => {
  it('two descriptors for one slug', () => {
    const d = { slug: 'vbm_no_excuse', long_name: 'x', field_format: 'Boolean' };
    expect(payloadProblem(() => upgrade([d, { ...d }]))).toBe('$[1].slug: duplicate field "vbm_no_excuse" (also at $[0])');
  });

  it('two overrides for one state, region and field (the state once by code, once by name)', () => {
    const o = {
      state: 'IL',
      region: { name: 'Cook County' },
      field: { slug: 'gov_tool_absentee_request' },
      value: 'https://a.gov/',
    };
    expect(
      payloadProblem(() => downgrade([o, { ...o, state: 'Illinois', value: 'https://b.gov/' }], { kind: 'overrides' })),
    ).toBe('$[1]: duplicate override: "Cook County" of Illinois already has a value for "external_tool_vbm_application"');
  });

  it('two consolidated Booleans with the same slug', () => {
    const b = { text: 'True', field_type: 'vbm_app_submission_fax', modified_at: T, value: true };
    expect(payloadProblem(() => upgrade({ code: 'IL', name: 'Illinois', state_information: [b, b] }))).toBe(
      '$.state_information[1].field_type: duplicate field "vbm_app_submission_fax" (also at $.state_information[0])',
    );
  });
});

describe('options are validated too', () => {
  it('a field list of the wrong version beside a record', () => {
    expect(payloadProblem(() => upgrade(fixture('v1-state-IL.json'), { fields: JSON.parse(fixture('v2-fields.json')) }))).toBe(
      'fields (option): $[0].long_name: missing (expected a string in a V1 field list)',
    );
  });

  it('parsePayload names the file', () => {
    expect(payloadProblem(() => parsePayload('[{"state": "IL"}]', { kind: 'overrides', version: 'v2', source: 'o.json' }))).toBe(
      'o.json: $[0].region: missing (expected an object in a V2 override list)',
    );
  });
});

describe('strict', () => {
  it('throws a StrictPayloadError (exit code 1) holding every diagnostic', () => {
    const record = {
      code: 'IL',
      name: 'Illinois',
      state_information: [
        { text: '2022-11-08', field_type: 'specific_general_election_date', modified_at: T },
        { text: 'x', field_type: 'made_up_field', modified_at: T },
      ],
    };
    let caught: unknown;
    try {
      upgrade(record, { strict: true, source: 'il.json' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StrictPayloadError);
    const error = caught as StrictPayloadError;
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe(
      'il.json: $.state_information[0]: strict: "specific_general_election_date" is deleted in V2 (2022-specific): its value is dropped and downgrade cannot give it back (V2 has nothing to derive it from) (and 1 more)',
    );
    expect(error.diagnostics.map((d) => [d.severity, d.code, d.field])).toEqual([
      ['error', 'deleted-value-lost', 'specific_general_election_date'],
      ['error', 'unknown-field', 'made_up_field'],
    ]);
    const safe = safeUpgrade(record, { strict: true });
    expect(safe.success).toBe(false);
  });

  it('info and non-lossy warnings do not fail it', () => {
    const v2 = JSON.parse(fixture('v2-state-WI.json'));
    v2.state_information = v2.state_information.filter(
      (i: { field_type: string }) =>
        !['absentee_request_methods', 'has_curbside_voting', 'has_no_excuse_absentee'].includes(i.field_type),
    );
    const result = safeDowngrade(v2, { strict: true });
    expect(result.success).toBe(true);
  });
});

describe('JSON text', () => {
  it.each([
    ['', 1, 1, 'expected a value, found the end of the input'],
    ['{"a": }', 1, 7, 'expected a value, found "}"'],
    ['[1, 2', 1, 6, "expected ',' or ']', found the end of the input"],
    ['{\n  "a": "x\ty"\n}', 2, 10, 'a control character inside a string (write it as an escape)'],
    ['{"a": 1} x', 1, 10, 'expected the end of the input, found "x"'],
    ["{'a': 1}", 1, 2, 'expected a property name in double quotes, found "\'"'],
    ['[01]', 1, 3, "expected ',' or ']', found \"1\""],
    ['"\\x"', 1, 2, 'a bad escape in a string'],
  ])('%j → line %i, column %i', (text, line, column, reason) => {
    let caught: unknown;
    try {
      parseJson(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PayloadError);
    expect({
      line: (caught as PayloadError).line,
      column: (caught as PayloadError).column,
      message: (caught as PayloadError).message,
    }).toEqual({
      line,
      column,
      message: `line ${line}, column ${column}: not valid JSON: ${reason}`,
    });
  });

  it('a leading BOM is ignored', () => {
    expect(parseJson('\ufeff{"a": [1]}')).toEqual({ a: [1] });
  });

  it('the locator agrees with JSON.parse on valid JSON and on random text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(locateJsonError(JSON.stringify(value, null, 1))).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc
            .jsonValue()
            .map((v) => JSON.stringify(v))
            .chain((s) => fc.nat(s.length).map((n) => s.slice(0, n))),
        ),
        (text) => {
          let valid = true;
          try {
            JSON.parse(text);
          } catch {
            valid = false;
          }
          expect(locateJsonError(text) === undefined).toBe(valid);
        },
      ),
    );
  });
});

describe('detectPayload', () => {
  it.each([
    [[{ slug: 'a', long_name: 'A', field_format: 'Markdown' }], { kind: 'fields', version: 'v1' }],
    [[{ slug: 'a', description: 'A', field_format: 'Markdown' }], { kind: 'fields', version: 'v2' }],
    [[{ state: 'IL', region: { name: 'Cook' }, field: { slug: 'a' }, value: '' }], { kind: 'overrides', version: 'v2' }],
    [
      { code: 'IL', name: 'Illinois', state_information: [] },
      { kind: 'state', version: 'unknown' },
    ],
    [
      { code: 'IL', name: 'Illinois', state_information: [{ field_type: 'polls_open', text: '', modified_at: T }] },
      { kind: 'state', version: 'unknown' },
    ],
  ])('%j', (payload, expected) => {
    expect(detectPayload(payload)).toEqual(expected);
  });

  it('an empty list is either kind: converting it gives an empty list, detecting it asks for the kind', () => {
    expect(upgrade([])).toEqual({ kind: 'fields', value: [], diagnostics: [] });
    expect(payloadProblem(() => detectPayload([]))).toBe(
      '$: an empty list: it could be a field list or an override list; say which (kind)',
    );
  });
});
