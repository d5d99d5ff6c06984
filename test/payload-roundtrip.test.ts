/**
 * Round trips over the 51-state synthetic dataset: downgrade(upgrade(v1)) gives back every field V2
 * keeps, folds or moves into footnotes; the fields it cannot give back are exactly the table's
 * deletions that have no `derive`, and upgrade reports exactly those as lost.
 */
import { describe, expect, it } from 'vitest';
import {
  downgrade,
  STATE_CODES,
  syntheticOverrides,
  syntheticV1Dataset,
  upgrade,
  type V1FieldDescriptor,
  type V1StateItem,
} from '../src/payload/index.js';
import { bundledMappings, once } from './helpers/bundled.js';

const m = bundledMappings();
const dataset = once(() => syntheticV1Dataset(m));
const overrides = once(() => syntheticOverrides(m));
const states = () => Object.values(dataset().states);
const rules = [...m.byV1.values()];
/** Expected to be lost on a round trip: deleted fields V2 cannot rebuild (generated from the table). */
const expectedLossy = rules
  .filter((r) => r.kind === 'delete' && r.derive === undefined)
  .map((r) => r.v1)
  .sort();
/** One to one in V2 (same item, other name or same name): `modified_at` survives too. */
const oneToOne = new Set(rules.filter((r) => r.kind === 'rename' || r.kind === 'unchanged').map((r) => r.v1));

const byField = (items: readonly V1StateItem[]) => new Map(items.map((i) => [i.field_type, i]));
/*
 * The conversions run inside the tests that read them, not while the file is collected: a mutant of
 * the adapter is then covered by those tests alone (run outside a test, it is "static" and every
 * test of the suite has to run for it; see test/mutation).
 */
const v2FieldsOf = () => upgrade(dataset().fields, { kind: 'fields', mappings: m }).value;
const tripOf = (v1: ReturnType<typeof states>[number], v2Fields = v2FieldsOf()) => {
  const up = upgrade(v1, { kind: 'state', mappings: m, fields: dataset().fields, overrides: overrides() });
  const down = downgrade(up.value, { kind: 'state', mappings: m, fields: v2Fields, overrides: overrides() });
  return { v1, up, down };
};
const allTrips = () => {
  const v2Fields = v2FieldsOf();
  return states().map((v1) => tripOf(v1, v2Fields));
};

describe('state records: downgrade(upgrade(v1))', () => {
  it('the lossy fields across the dataset are exactly the deletions without derive', () => {
    const differing = new Set<string>();
    for (const { v1, down } of allTrips()) {
      const back = byField(down.value.state_information);
      for (const item of v1.state_information) {
        const again = back.get(item.field_type);
        if (again?.text !== item.text || again.value !== item.value) differing.add(item.field_type);
      }
    }
    expect([...differing].sort()).toEqual(expectedLossy);
  });

  it.each(STATE_CODES)('%s: the fields upgrade reports as lost are exactly the ones that differ', (code) => {
    const { v1, up, down } = tripOf(states().find((s) => s.code === code) as ReturnType<typeof states>[number]);
    const back = byField(down.value.state_information);
    const differing = v1.state_information.filter(
      (i) => back.get(i.field_type)?.text !== i.text || back.get(i.field_type)?.value !== i.value,
    );
    const reported = up.diagnostics.filter((d) => d.code === 'deleted-value-lost').map((d) => d.field);
    expect(differing.map((i) => i.field_type)).toEqual(reported);
    // Same field set, same order (by slug), and the one-to-one fields keep their modified_at.
    expect(down.value.state_information.map((i) => i.field_type)).toEqual(v1.state_information.map((i) => i.field_type));
    for (const item of v1.state_information) if (oneToOne.has(item.field_type)) expect(back.get(item.field_type)).toEqual(item);
    // Every item has V1's keys in V1's order (`text`, `field_type`, `modified_at`, then `value` on Booleans).
    for (const item of v1.state_information)
      expect(Object.keys(back.get(item.field_type) ?? {}), item.field_type).toEqual(Object.keys(item));
    expect({ code: down.value.code, name: down.value.name }).toEqual({ code: v1.code, name: v1.name });
  });

  it('strict upgrade refuses exactly the records that lose something', () => {
    for (const { v1, up } of allTrips()) {
      const lossy = up.diagnostics.some((d) => d.code === 'deleted-value-lost');
      const run = () =>
        upgrade(v1, { kind: 'state', mappings: m, fields: dataset().fields, overrides: overrides(), strict: true });
      if (lossy) expect(run).toThrow(/strict: /);
      else expect(run().value).toEqual(up.value);
    }
  });

  it('upgrade(downgrade(v2)) is the identity on upgraded data', () => {
    for (const { up, down } of allTrips()) {
      expect(upgrade(down.value, { kind: 'state', mappings: m, fields: dataset().fields, overrides: overrides() }).value).toEqual(
        up.value,
      );
    }
  });
});

describe('field lists: downgrade(upgrade(v1))', () => {
  const downOf = () => downgrade(v2FieldsOf(), { kind: 'fields', mappings: m }).value;

  it('lists the same slugs, in the same order', () => {
    expect(downOf().map((f) => f.slug)).toEqual(dataset().fields.map((f) => f.slug));
  });

  it('renamed and unchanged descriptors come back equal; the others keep slug and format, long_name made from the slug', () => {
    const back = new Map(downOf().map((f) => [f.slug, f]));
    for (const f of dataset().fields) {
      const expected: V1FieldDescriptor = oneToOne.has(f.slug)
        ? f
        : { ...f, long_name: f.slug.charAt(0).toUpperCase() + f.slug.slice(1).split('_').join(' ') };
      expect(back.get(f.slug)).toEqual(expected);
    }
  });
});
