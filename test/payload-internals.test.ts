/**
 * The adapter's speed shortcuts hold to the plain algorithms they replace: time order by code units
 * for same-length server times, diagnostics kept in order by insertion instead of a stable sort, the
 * override index instead of a scan of the override list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadMappings } from '../src/mapping/load.js';
import { indexOverrides } from '../src/payload/derive.js';
import { type DiagnosticCode, Diagnostics } from '../src/payload/diagnostics.js';
import { V1_RECORD_LISTS } from '../src/payload/record-lists.js';
import { type RegionalOverride, v1StateRecordSchema } from '../src/payload/schemas.js';
import { stateCodeOf } from '../src/payload/states.js';
import { planFor } from '../src/payload/steps.js';
import { compareTimes } from '../src/payload/values.js';

/** Built inside each test: code run while the file is collected is run by every test of a mutation run. */
const plan = () => planFor(loadMappings());

/** Reference: the seconds, then the fraction as a number of any length. */
function referenceOrder(a: string, b: string): number {
  const secondsA = a.slice(0, 19);
  const secondsB = b.slice(0, 19);
  if (secondsA !== secondsB) return secondsA < secondsB ? -1 : 1;
  const fa = a.length === 20 ? '' : a.slice(20, -1);
  const fb = b.length === 20 ? '' : b.slice(20, -1);
  const width = Math.max(fa.length, fb.length);
  const pa = fa.padEnd(width, '0');
  const pb = fb.padEnd(width, '0');
  return pa < pb ? -1 : pa > pb ? 1 : 0;
}

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
/** Server times (`…:42Z`, `…:42.394383Z`), from a small range so that equal seconds happen. */
const serverTime = fc
  .record({
    year: fc.constantFrom('2020', '2021'),
    month: fc.constantFrom('01', '07', '12'),
    day: fc.constantFrom('09', '24'),
    hour: fc.constantFrom('00', '16'),
    minute: fc.constantFrom('22', '59'),
    second: fc.constantFrom('00', '42'),
    fraction: fc.oneof(fc.constant(''), fc.integer({ min: 1, max: 7 }).chain(digits)),
  })
  .map((t) => `${t.year}-${t.month}-${t.day}T${t.hour}:${t.minute}:${t.second}${t.fraction === '' ? '' : `.${t.fraction}`}Z`);

describe('compareTimes', () => {
  it('orders server times as the reference does (sign), same length or not', () => {
    fc.assert(
      fc.property(serverTime, serverTime, (a, b) => {
        expect(Math.sign(compareTimes(a, b))).toBe(referenceOrder(a, b));
        expect(Math.sign(compareTimes(b, a))).toBe(referenceOrder(b, a));
      }),
      { numRuns: 2000 },
    );
  });

  it('orders equal instants written with different fractions as equal', () => {
    expect(compareTimes('2020-07-24T16:22:42Z', '2020-07-24T16:22:42.000Z')).toBe(0);
    expect(compareTimes('2020-07-24T16:22:42.5Z', '2020-07-24T16:22:42.49Z')).toBeGreaterThan(0);
    expect(compareTimes('2020-07-24T16:22:42.10Z', '2020-07-24T16:22:42.09Z')).toBeGreaterThan(0);
  });
});

describe('Diagnostics', () => {
  const PATHS = [
    undefined,
    '$',
    '$.state_information[0]',
    '$.state_information[3]',
    '$.state_information[3].text',
    '$[12]',
    '$[2]',
  ];
  const placeOf = (path: string | undefined) => {
    const match = path === undefined ? null : /\[(\d+)\]/.exec(path);
    return match ? Number(match[1]) : Number.POSITIVE_INFINITY;
  };

  it('lists findings as a stable sort by place of the order they came in', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PATHS), { maxLength: 40 }), (paths) => {
        const diags = new Diagnostics(false);
        paths.forEach((path, i) => {
          diags.add('unknown-field' as DiagnosticCode, `f${i}`, path, `m${i}`);
        });
        const expected = paths
          .map((path, i) => ({ path, i }))
          .sort((a, b) => placeOf(a.path) - placeOf(b.path) || a.i - b.i)
          .map(({ i }) => `f${i}`);
        expect(diags.list.map((d) => d.field)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('builds each finding with only the properties it has, in one key order', () => {
    const diags = new Diagnostics(true);
    diags.add('unknown-field', 'a', '$[1]', 'one');
    diags.add('deleted-field', undefined, undefined, 'two');
    diags.add('table-warning', 'c', undefined, 'three');
    diags.add('no-v1-overrides', undefined, '$', 'four');
    expect(diags.list.map((d) => JSON.stringify(d))).toEqual([
      '{"code":"unknown-field","severity":"error","message":"one","field":"a","path":"$[1]"}',
      '{"code":"deleted-field","severity":"info","message":"two"}',
      '{"code":"table-warning","severity":"warning","message":"three","field":"c"}',
      '{"code":"no-v1-overrides","severity":"info","message":"four","path":"$"}',
    ]);
    expect(diags.hasErrors).toBe(true);
    expect(new Diagnostics(false).hasErrors).toBe(false);
  });
});

describe('indexOverrides', () => {
  const SLUGS = [...new Set([...loadMappings().v1Slugs, ...loadMappings().v2Slugs])].slice(0, 12);
  const STATES = ['IL', 'Illinois', 'illinois', 'WI', 'Wisconsin', 'XX', ' il '];
  const override = fc.record({
    state: fc.constantFrom(...STATES),
    region: fc.record({ name: fc.constantFrom('Cook', 'Dane') }),
    field: fc.record({ slug: fc.constantFrom(...SLUGS) }),
    value: fc.constant('x'),
  });

  it('answers as a scan of the list does (slugs in either version, states by code or name)', () => {
    fc.assert(
      fc.property(
        fc.array(override, { maxLength: 12 }),
        fc.constantFrom(...SLUGS),
        fc.constantFrom(...STATES),
        (list, slug, state) => {
          const overrides = list as RegionalOverride[];
          const code = stateCodeOf(state) ?? state;
          const scan = overrides.some(
            (o) => plan().v2NameOf(o.field.slug) === plan().v2NameOf(slug) && (stateCodeOf(o.state) ?? o.state) === code,
          );
          expect(indexOverrides(plan(), overrides).has(plan().v2NameOf(slug), code)).toBe(scan);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('V1_RECORD_LISTS', () => {
  it('names exactly the array properties of the V1 state record schema', () => {
    const arrays = Object.entries(v1StateRecordSchema.shape)
      .filter(([, schema]) => schema instanceof z.ZodArray)
      .map(([key]) => key);
    expect([...V1_RECORD_LISTS]).toEqual(arrays);
  });
});
