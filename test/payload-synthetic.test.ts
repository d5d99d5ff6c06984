/** The synthetic V1 dataset (used by the reference server and the bench) is shaped like the real V1 server. */
import { describe, expect, it } from 'vitest';
import {
  isStateCode,
  overrideListSchema,
  STATE_CODES,
  STATES,
  stateCodeOf,
  syntheticOverrides,
  syntheticV1Dataset,
  TERRITORIES,
  v1FieldListSchema,
  v1StateRecordSchema,
} from '../src/payload/index.js';
import { bundledMappings, once } from './helpers/bundled.js';

const m = bundledMappings();
const data = once(() => syntheticV1Dataset(m));
const served = [...m.byV1.values()]
  .filter((r) => r.kind !== 'unknown')
  .map((r) => r.v1)
  .sort();
const items = once(() => Object.values(data().states).flatMap((s) => s.state_information));

describe('states', () => {
  it('51 codes: the 50 states and DC, upper case, sorted; territories are not states', () => {
    expect(STATE_CODES.length).toBe(51);
    expect(STATE_CODES).toContain('DC');
    expect([...STATE_CODES].sort()).toEqual(STATE_CODES);
    expect(STATE_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(Object.keys(TERRITORIES).sort()).toEqual(['AS', 'GU', 'MP', 'PR', 'VI']);
    expect(Object.keys(TERRITORIES).some(isStateCode)).toBe(false);
    expect([isStateCode('CA'), isStateCode('ca'), isStateCode('XX'), isStateCode(7)]).toEqual([true, false, false, false]);
    expect([
      stateCodeOf('Illinois'),
      stateCodeOf(' district of columbia '),
      stateCodeOf('wi'),
      stateCodeOf('Puerto Rico'),
    ]).toEqual(['IL', 'DC', 'WI', undefined]);
    expect(STATES.NY).toBe('New York');
  });
});

describe('syntheticV1Dataset', () => {
  it('a field list of every V1 slug the table knows V1 served, ordered by slug, formats from the table', () => {
    expect(v1FieldListSchema.safeParse(data().fields).success).toBe(true);
    expect(data().fields.map((f) => f.slug)).toEqual(served);
    for (const f of data().fields) expect(f.field_format).toBe(m.v1FormatOf(f.slug) ?? 'Markdown');
  });

  it('one valid record per state, every field for every state, ordered by slug', () => {
    expect(Object.keys(data().states)).toEqual(STATE_CODES);
    for (const [code, record] of Object.entries(data().states)) {
      expect(v1StateRecordSchema.safeParse(record).success).toBe(true);
      expect({ code: record.code, name: record.name }).toEqual({ code, name: STATES[code] });
      expect(record.state_information.map((i) => i.field_type)).toEqual(served);
    }
  });

  it('shaped like the real server: value on Booleans only, "True"/"False"/"" text, unset is "" with value false', () => {
    const booleans = new Set(
      data()
        .fields.filter((f) => f.field_format === 'Boolean')
        .map((f) => f.slug),
    );
    for (const item of items()) {
      if (booleans.has(item.field_type)) {
        expect(typeof item.value).toBe('boolean');
        expect(['True', 'False', '']).toContain(item.text);
        expect(item.value).toBe(item.text === 'True');
      } else expect('value' in item).toBe(false);
    }
    const texts = new Set(items().map((i) => i.text));
    expect(texts.has('')).toBe(true);
    expect(items().some((i) => booleans.has(i.field_type) && i.text === '')).toBe(true);
  });

  it('modified_at with and without microseconds, microseconds never zero', () => {
    const withFraction = items().filter((i) => /\.\d{6}Z$/.test(i.modified_at));
    const without = items().filter((i) => /:\d{2}Z$/.test(i.modified_at));
    expect(withFraction.length + without.length).toBe(items().length);
    expect(withFraction.length).toBeGreaterThan(items().length / 4);
    expect(without.length).toBeGreaterThan(items().length / 4);
    expect(withFraction.some((i) => i.modified_at.endsWith('.000000Z'))).toBe(false);
  });

  it('some notes, some empty', () => {
    const notes = [...m.byV1.values()].filter((r) => r.kind === 'footnote').map((r) => r.v1);
    const noteItems = items().filter((i) => notes.includes(i.field_type));
    expect(noteItems.some((i) => i.text === '')).toBe(true);
    expect(noteItems.some((i) => i.text !== '')).toBe(true);
  });

  it('deterministic: the same data on every call', () => {
    expect(syntheticV1Dataset(m)).toEqual(data());
  });

  it('derived deleted fields agree with their sources, as in real data', () => {
    const overrides = syntheticOverrides(m);
    for (const rule of m.byV1.values()) {
      if (rule.kind !== 'delete' || !rule.derive) continue;
      for (const record of Object.values(data().states)) {
        const get = (slug: string) => record.state_information.find((i) => i.field_type === slug);
        const text = get(rule.v1)?.text;
        const derive = rule.derive;
        const v1Of = (v2: string) =>
          [...m.byV1.values()].find((r) => (r.kind === 'rename' && r.v2 === v2) || (r.kind === 'unchanged' && r.v1 === v2))?.v1 ??
          v2;
        switch (derive.from) {
          case 'anyNonEmpty':
            expect(text).toBe(derive.fields.some((f) => get(v1Of(f))?.text) ? 'True' : 'False');
            break;
          case 'copy':
            expect(text).toBe(get(v1Of(derive.field))?.text);
            break;
          case 'constant':
            expect(text).toBe(derive.value ? 'True' : 'False');
            break;
          case 'overrides':
            expect(text).toBe(overrides.some((o) => stateCodeOf(o.state) === record.code) ? 'True' : 'False');
            break;
        }
      }
    }
  });
});

describe('syntheticOverrides', () => {
  it('a few states, regions with their own URL for the fields the table derives from overrides; codes and names both used', () => {
    const overrides = syntheticOverrides(m);
    expect(overrideListSchema.safeParse(overrides).success).toBe(true);
    const fields = [...m.byV1.values()].flatMap((r) =>
      r.kind === 'delete' && r.derive?.from === 'overrides' ? [r.derive.field] : [],
    );
    expect(new Set(overrides.map((o) => o.field.slug))).toEqual(new Set(fields));
    const states = new Set(overrides.map((o) => o.state));
    expect([...states].some(isStateCode)).toBe(true);
    expect([...states].some((s) => !isStateCode(s) && stateCodeOf(s) !== undefined)).toBe(true);
    expect(overrides.every((o) => o.value.startsWith('https://'))).toBe(true);
  });
});
