/**
 * The generated payload checks (src/payload/check.ts) construct by construct (#28): each value below
 * differs from a valid one in one place only, so each construct's test decides the answer (the
 * random property tests rarely build such values). The compiled check, its fallback without code
 * generation, and zod agree on each; `firstProblem` names the exact place, schema and value.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkOf, firstProblem, interpreted } from '../src/payload/check.js';

const schema = z.looseObject({
  a: z.string().min(2),
  b: z.string().regex(/^x\d$/),
  c: z.boolean().nullish(),
  d: z.array(z.string().min(1)).optional(),
  e: z.looseObject({ f: z.string() }).nullable(),
  g: z.array(z.unknown()).optional(),
  h: z.unknown(),
  s: z.string().optional(),
});
const valid = { a: 'ab', b: 'x1', c: true, d: ['o'], e: { f: '' }, g: [1], h: 3, s: '' };

// biome-ignore lint/suspicious/noSparseArray: a hole is the case
const holed = [, 'o'];
/** One change to the valid value each, and whether the result is valid. */
const CASES: [string, Record<string, unknown> | unknown, boolean][] = [
  ['the valid value', valid, true],
  ['an extra property', { ...valid, extra: 1 }, true],
  ['a string at its minimum length', { ...valid, a: 'ab' }, true],
  ['a string under its minimum length', { ...valid, a: 'a' }, false],
  ['a number for a string', { ...valid, a: 22 }, false],
  ['a string the pattern refuses', { ...valid, b: 'x12' }, false],
  ['a string the pattern takes', { ...valid, b: 'x9' }, true],
  ['false for a boolean', { ...valid, c: false }, true],
  ['null for a nullish boolean', { ...valid, c: null }, true],
  ['no nullish boolean', { ...valid, c: undefined }, true],
  ['a string for a boolean', { ...valid, c: 'true' }, false],
  ['zero for a boolean', { ...valid, c: 0 }, false],
  ['an empty array', { ...valid, d: [] }, true],
  ['a bad last element', { ...valid, d: ['o', ''] }, false],
  ['a bad first element', { ...valid, d: ['', 'o'] }, false],
  ['a hole in an array', { ...valid, d: holed }, false],
  ['a string for an array', { ...valid, d: 'o' }, false],
  ['null for a nullable object', { ...valid, e: null }, true],
  ['no nullable object (not optional)', { ...valid, e: undefined }, false],
  ['an object missing its property', { ...valid, e: {} }, false],
  ['an array for an object', { ...valid, e: [] }, false],
  ['a number in an object', { ...valid, e: { f: 1 } }, false],
  // biome-ignore lint/suspicious/noSparseArray: a hole is the case
  ['an array of anything, holes too', { ...valid, g: [undefined, , null] }, true],
  ['an object for an array of anything', { ...valid, g: {} }, false],
  ['no unknown value', { ...valid, h: undefined }, true],
  ['an empty optional string', { ...valid, s: '' }, true],
  ['null for the object', null, false],
  ['an array for the object', [valid], false],
  ['a string for the object', 'ab', false],
];

describe('the generated check, its fallback and zod agree on each construct', () => {
  it.each(CASES)('%s', (_, value, expected) => {
    expect(schema.safeParse(value).success).toBe(expected);
    expect(checkOf(schema)(value)).toBe(expected);
    expect(interpreted(schema)(value)).toBe(expected);
  });

  it('refuses string checks it does not handle: another format, a maximum', () => {
    expect(() => checkOf(z.string().email())).toThrow(
      'checkOf: the payload check generator does not handle the string check "string_format"',
    );
    expect(() => interpreted(z.string().email())).toThrow('does not handle the string check "string_format"');
    expect(() => checkOf(z.string().max(3))).toThrow('does not handle the string check "max_length"');
    expect(() => checkOf(z.string().regex(/a/).regex(/b/))).toThrow('does not handle the string check "string_format"');
  });

  it('without code generation (an EvalError), the closures answer; any other error is thrown', () => {
    const real = globalThis.Function;
    try {
      globalThis.Function = function refused() {
        throw new EvalError('Code generation from strings disallowed for this context');
      } as unknown as FunctionConstructor;
      const check = checkOf(schema);
      expect(CASES.map(([, value]) => check(value))).toEqual(CASES.map(([, , expected]) => expected));
      globalThis.Function = function broken() {
        throw new TypeError('broken');
      } as unknown as FunctionConstructor;
      expect(() => checkOf(schema)).toThrow(TypeError);
    } finally {
      globalThis.Function = real;
    }
  });
});

describe('firstProblem', () => {
  const problem = (value: unknown) => {
    const p = firstProblem(schema, value);
    return p && { path: p.path, type: p.schema._zod.def.type, value: p.value };
  };

  it('nothing on a valid value', () => {
    expect(problem(valid)).toBeUndefined();
  });

  it('the failing property, through optional and nullable to the schema that fails', () => {
    expect(problem({ ...valid, a: 'a' })).toEqual({ path: ['a'], type: 'string', value: 'a' });
    expect(problem({ ...valid, c: 'x' })).toEqual({ path: ['c'], type: 'boolean', value: 'x' });
    expect(problem({ ...valid, e: undefined })).toEqual({ path: ['e'], type: 'object', value: undefined });
    expect(problem({ ...valid, e: { f: 1 } })).toEqual({ path: ['e', 'f'], type: 'string', value: 1 });
    expect(problem({ ...valid, b: 'y', a: 1 })).toEqual({ path: ['a'], type: 'string', value: 1 });
  });

  it('the first failing index of an array, holes too; an array that is not one', () => {
    expect(problem({ ...valid, d: ['o', 'o', '', ''] })).toEqual({ path: ['d', 2], type: 'string', value: '' });
    expect(problem({ ...valid, d: holed })).toEqual({ path: ['d', 0], type: 'string', value: undefined });
    expect(problem({ ...valid, d: 'o' })).toEqual({ path: ['d'], type: 'array', value: 'o' });
    expect(firstProblem(z.array(z.string()), ['a', 3])?.path).toEqual([1]);
  });

  it('the whole value when it is not an object', () => {
    expect(problem(null)).toEqual({ path: [], type: 'object', value: null });
    expect(problem([valid])).toEqual({ path: [], type: 'object', value: [valid] });
  });
});
