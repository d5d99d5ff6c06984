/**
 * Shapes as evidence (src/roles/seeds.ts, #28 mutation testing): how much each member name a value
 * is read with says about which API object it is, and which object a set of names picks. Each test
 * builds its own graph; weights are asserted name by name.
 */
import { describe, expect, it } from 'vitest';
import { buildApiGraph } from '../src/roles/graph.js';
import { bestShape, memberWeights } from '../src/roles/seeds.js';

const DECIDED = new Set(['long_name', 'value']);

describe('memberWeights', () => {
  it('a compound name of one concept weighs 2, a common word 1, a name the property rules decide 0', () => {
    const w = memberWeights(buildApiGraph(), DECIDED);
    expect(Object.fromEntries([...w].sort(([a], [b]) => a.localeCompare(b)))).toEqual({
      bool_value: 2,
      code: 1,
      description: 1,
      field: 1,
      field_format: 2,
      field_type: 2,
      footnotes: 1,
      long_name: 0,
      modified_at: 2,
      multiselect_value: 2,
      name: 1,
      options: 1,
      region: 1,
      slug: 1,
      state: 1,
      state_information: 2,
      text: 1,
      value: 0,
    });
  });

  it('without decided names, `long_name` is as specific as any compound name; `value` a common word', () => {
    const w = memberWeights(buildApiGraph(), new Set());
    expect([w.get('long_name'), w.get('value')]).toEqual([2, 1]);
  });

  it('a compound name two concepts share weighs 1', () => {
    const graph = buildApiGraph();
    const [a, b] = graph.objects;
    const fake = {
      ...graph,
      objects: [
        { ...a, concept: 'descriptor', members: new Map([['shared_name', a]]) },
        { ...b, concept: 'record', members: new Map([['shared_name', b]]) },
      ],
    } as unknown as typeof graph;
    expect([...memberWeights(fake, new Set())]).toEqual([['shared_name', 1]]);
  });
});

describe('bestShape', () => {
  const pick = (names: string[], weights?: Map<string, number>) => {
    const graph = buildApiGraph();
    return bestShape(graph, weights ?? memberWeights(graph, DECIDED), new Set(names))?.id;
  };

  it('a set with a name only one object has, worth 2 or more, picks that object', () => {
    expect(pick(['field_type', 'text'])).toBe('v1.item');
    expect(pick(['field_type', 'bool_value'])).toBe('v2.item');
    expect(pick(['field_format'])).toBe('v1.descriptor');
    expect(pick(['field_format', 'options'])).toBe('v2.descriptor');
    expect(pick(['state_information', 'code'])).toBe('v1.record');
  });

  it('common words alone, or too little, pick nothing', () => {
    expect(pick(['slug', 'text'])).toBeUndefined();
    expect(pick(['code', 'name'])).toBeUndefined();
    expect(pick(['slug'])).toBeUndefined();
    expect(pick(['long_name', 'value'])).toBeUndefined();
    expect(pick([])).toBeUndefined();
  });

  it('two concepts with the same score are a tie (nothing); a better score later settles it', () => {
    expect(pick(['field_type', 'field_format'])).toBeUndefined();
    expect(pick(['field_format', 'field_type', 'bool_value'])).toBe('v2.item');
    // Another concept with the same score and more of the names is still a tie; a lower score is none.
    const covered = new Map([
      ['field_format', 2],
      ['field_type', 2],
      ['bool_value', 0],
    ]);
    expect(pick(['field_format', 'field_type', 'bool_value'], covered)).toBeUndefined();
    expect(pick(['state_information', 'code', 'field_type'])).toBe('v1.record');
  });

  it('within one concept, the object more of the names belong to wins a tie of scores', () => {
    const weights = new Map([
      ['field_type', 2],
      ['bool_value', 0],
    ]);
    expect(pick(['field_type', 'bool_value'], weights)).toBe('v2.item');
    expect(pick(['field_type'], weights)).toBe('v1.item');
    // More of the names, but a lower score: the score decides.
    const valued = new Map([
      ['field_type', 2],
      ['value', 1],
      ['bool_value', 0],
      ['multiselect_value', 0],
    ]);
    expect(pick(['field_type', 'value', 'bool_value', 'multiselect_value'], valued)).toBe('v1.item');
    // A name no weight is given counts for nothing.
    expect(pick(['field_type', 'unknown_name'], weights)).toBe('v1.item');
    expect(pick(['unknown_name', 'other_name'], weights)).toBeUndefined();
  });
});
