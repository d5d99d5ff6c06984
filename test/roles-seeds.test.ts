/**
 * Shapes as evidence (src/roles/seeds.ts, #28 mutation testing): how much each member name a value
 * is read with says about which API object it is, and which object a set of names picks. Each test
 * builds its own graph; weights are asserted name by name.
 */
import { describe, expect, it } from 'vitest';
import { buildApiGraph } from '../src/roles/graph.js';
import { bestShape, memberWeights } from '../src/roles/seeds.js';
import { analyze, type Node } from './helpers/program.js';

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

/**
 * Seeding a file (`seedFile`), asked through a whole inferred program: what each kind of source
 * starts (a URL string, a shape read on a name or its elements, a slug compared or named, an object
 * literal, Vue's reactive wrappers, a plugin entry's options), and what starts nothing.
 */
describe('seedFile', () => {
  /** What the engine says of the node written as `text` (of a declaration: of its name). */
  const said = (code: string, text: string, nth = 0) => {
    const a = analyze({ 'a.js': code });
    const n = a.node(text, nth) as Node & { name?: Node };
    return a.says(n.name?.getText() === text ? n.name : n);
  };
  const ITEM = 'V1 state information item';
  const ITEMS = 'V1 list of state information items';

  it('a name read with a member only the API has is of the object those members pick', () => {
    expect(said('exports.f = (item) => item.field_type + item.text;', 'item')).toEqual([
      `\`item\` reads field_type, text: ${ITEM}`,
    ]);
    // By element access with a string key, through parentheses, with a member no API object has.
    expect(said('exports.f = (o) => o["field_type"] + (o)[("text")] + o.whatever;', 'o')).toEqual([
      `\`o\` reads field_type, text: ${ITEM}`,
    ]);
    // A `let` or `const` is read like a parameter; a destructured parameter by its pattern.
    expect(said('exports.f = (o) => { let x = o; x.field_type; x.text; };', 'x')).toEqual([
      `\`x\` reads field_type, text: ${ITEM}`,
    ]);
    expect(said('exports.f = ({ field_type, text }) => field_type + text;', '{ field_type, text }')).toEqual([
      `\`{ field_type, text }\` reads field_type, text: ${ITEM}`,
    ]);
  });

  it('common words alone say nothing, nor do reads on what is not a name', () => {
    expect(said('exports.f = (item) => item.slug + item.text + item.name;', 'item')).toEqual([]);
    expect(said('exports.f = function (o) { this.field_type; this.text; };', 'o')).toEqual([]);
    expect(said('exports.f = (o) => o.list.map((x) => x.field_type + x.text);', 'o')).toEqual([]);
  });

  it("a list is known by what its elements are read with: in an array method's callback or a `for…of`", () => {
    for (const code of [
      'exports.f = (list) => list.map((i) => i.field_type + i.text);',
      'exports.f = (list) => list.flatMap((i) => [i.field_type, i.text]);',
      'exports.f = (list) => (list).filter((i) => i.field_type === i.text);',
      'exports.f = (list) => list.find((i) => i.field_type === i.text);',
      'exports.f = (list) => list.findLast((i) => i.field_type === i.text);',
      'exports.f = (list) => list.findIndex((i) => i.field_type === i.text);',
      'exports.f = (list) => list.forEach((i) => console.log(i.field_type, i.text));',
      'exports.f = (list) => list.some((i) => i.field_type === i.text);',
      'exports.f = (list) => list.every((i) => i.field_type === i.text);',
      // Through the methods that keep a list's elements.
      'exports.f = (list) => list.filter(Boolean).slice(1).sort().reverse().map((i) => i.field_type + i.text);',
      'exports.f = (list) => list.toSorted().toReversed().concat([]).map((i) => i.field_type + i.text);',
      'exports.f = (list) => { for (const i of (list).slice(1)) console.log(i.field_type, i.text); };',
    ])
      expect([code, said(code, 'list')]).toEqual([code, [`\`list\` its elements read field_type, text: ${ITEMS}`]]);
  });

  it('nothing is said of a list by a callback that is not given its elements first', () => {
    for (const code of [
      // The element is the first parameter only.
      'exports.f = (list) => list.forEach(function (x, i) { i.field_type; i.text; });',
      // The callback is the first argument only.
      'exports.f = (list) => list.forEach(other, (i) => { i.field_type; i.text; });',
      // Not a method that passes elements, or not a method at all.
      'exports.f = (list) => list.push((i) => { i.field_type; i.text; });',
      'exports.f = (list) => map(list, (i) => { i.field_type; i.text; });',
      // A method between that does not keep the list.
      'exports.f = (list) => list.at(0).map((i) => i.field_type + i.text);',
      // `for…in` gives keys.
      'exports.f = (list) => { for (const i in list) { i.field_type; i.text; } };',
    ])
      expect([code, said(code, 'list')]).toEqual([code, []]);
  });

  it("a member compared with a slug only one version has makes its name that version's descriptor, its list the field list", () => {
    const DESCRIPTOR = '`x` its slug is compared with "vbm_no_excuse" (a V1 slug): V1 field descriptor';
    for (const code of [
      "exports.f = (x) => x.slug === 'vbm_no_excuse';",
      "exports.f = (x) => 'vbm_no_excuse' == x.slug;",
      "exports.f = (x) => x.slug !== 'vbm_no_excuse';",
      "exports.f = (x) => x.slug != 'vbm_no_excuse';",
      "exports.f = (x) => (x).slug === ('vbm_no_excuse');",
    ])
      expect([code, said(code, 'x')]).toEqual([code, [DESCRIPTOR]]);
    const v2 = "exports.f = (list) => list.find((x) => x.slug === 'alerts_registration');";
    expect(said(v2, 'x')).toEqual(['`x` its slug is compared with "alerts_registration" (a V2 slug): V2 field descriptor']);
    expect(said(v2, 'list')).toEqual(['`list` its elements\' slug is compared with "alerts_registration": V2 field list']);
    for (const code of [
      "exports.f = (x) => x.slug < 'vbm_no_excuse';",
      "exports.f = (x) => x.slug === 'no_such_slug';",
      // A slug both versions have says no version.
      "exports.f = (x) => x.slug === 'voter_registration_deadline';",
      "exports.f = (x) => x['slug'] === 'vbm_no_excuse';",
      "exports.f = (x) => x.y.slug === 'vbm_no_excuse';",
      // Only the member whose value is a slug.
      "exports.f = (x) => x.name === 'vbm_no_excuse';",
    ])
      expect([code, said(code, 'x')]).toEqual([code, []]);
  });

  it("a member named by a slug is that field's item, also bound from a pattern; a rest element is not", () => {
    expect(said('exports.f = (r) => r.vbm_no_excuse;', 'r.vbm_no_excuse')).toEqual([
      `\`r.vbm_no_excuse\`: a member named by a slug, ${ITEM} (vbm_no_excuse)`,
    ]);
    expect(said("exports.f = (r) => r[('vbm_no_excuse')];", "r[('vbm_no_excuse')]")).toEqual([
      `\`r[('vbm_no_excuse')]\`: a member named by a slug, ${ITEM} (vbm_no_excuse)`,
    ]);
    expect(said('exports.f = (r) => { const { vbm_no_excuse: item } = r; return item; };', 'item')).toEqual([
      `\`item\`: a member named by a slug, ${ITEM} (vbm_no_excuse)`,
    ]);
    expect(said('exports.f = (r) => { const { a, ...vbm_no_excuse } = r; return vbm_no_excuse; };', 'vbm_no_excuse')).toEqual([]);
    expect(said('exports.f = (r) => r.not_a_slug;', 'r.not_a_slug')).toEqual([]);
  });

  it('an object literal: of the shape its names pick, else tracked when it has a name of the API, else nothing', () => {
    expect(said("exports.o = { 'field_type': 1, text() {} };", "{ 'field_type': 1, text() {} }")).toEqual([
      `\`{ 'field_type': 1, text() {} }\` reads field_type, text: ${ITEM}`,
    ]);
    // A computed name is not one of its names.
    expect(said("exports.o = { field_type: 1, ['text']: 2, [k]: 3 };", "{ field_type: 1, ['text']: 2, [k]: 3 }")).toEqual([
      `\`{ field_type: 1, ['text']: 2, [k]: 3 }\` reads field_type: ${ITEM}`,
    ]);
    expect(said("exports.o = { slug: 'x', other: 1 };", "{ slug: 'x', other: 1 }")).toEqual([
      "`{ slug: 'x', other: 1 }`: an object the program builds",
    ]);
    expect(said("exports.o = { other: 1, ['slug']: 2 };", "{ other: 1, ['slug']: 2 }")).toEqual([]);
  });

  it('a string is a URL where it is a value: not a property name, an element key or a module specifier', () => {
    const URL = "'https://api.voteamerica.org/v1/election/field/'";
    expect(said(`exports.u = ${URL};`, URL)).toEqual([`\`${URL}\`: a V1 API URL`]);
    for (const code of [
      `exports.o = { ${URL}: 1 };`,
      `exports.f = (o) => o[${URL}];`,
      `class A { ${URL} = 1; ${URL}() {} }\nexports.A = A;`,
      `import x from ${URL};\nexports.x = x;`,
      `export * from ${URL};`,
    ])
      expect([code, said(code, URL)]).toEqual([code, []]);
    const tpl = '`https://api.voteamerica.org/v1/election/data/state/${s}/`';
    expect(said(`exports.u = (s) => ${tpl};`, tpl)).toEqual([`\`${tpl}\`: a V1 API URL`]);
  });

  it("Vue's `computed`, `ref` and `shallowRef`, imported from Vue or global, make an object; others do not", () => {
    const made = (code: string, call: string) => said(code, call).length > 0;
    expect(made("import { computed } from 'vue';\nexports.c = computed(() => 1);", 'computed(() => 1)')).toBe(true);
    expect(made("import { ref } from '@vue/reactivity';\nexports.r = ref(1);", 'ref(1)')).toBe(true);
    expect(made("import { shallowRef } from 'vue-demi';\nexports.r = shallowRef(1);", 'shallowRef(1)')).toBe(true);
    expect(made("import { ref } from '@vue/runtime-core';\nexports.r = ref(1);", 'ref(1)')).toBe(true);
    expect(made("import { ref } from '@vue/composition-api';\nexports.r = ref(1);", 'ref(1)')).toBe(true);
    expect(made("import { ref } from '#imports';\nexports.r = ref(1);", 'ref(1)')).toBe(true);
    expect(made('exports.c = computed(() => 1);', 'computed(() => 1)')).toBe(true);
    expect(said('exports.r = ref(1);', 'ref(1)')).toEqual(['`ref(1)`: an object the program builds']);
    expect(made("import { computed } from './mine';\nexports.c = computed(() => 1);", 'computed(() => 1)')).toBe(false);
    expect(made("import { ref } from 'vue-router';\nexports.r = ref(1);", 'ref(1)')).toBe(false);
    expect(made("import { ref } from 'xvue';\nexports.r = ref(1);", 'ref(1)')).toBe(false);
    expect(made("import vue from 'vue';\nconst { ref } = vue;\nexports.r = ref(1);", 'ref(1)')).toBe(false);
    expect(made('const computed = (f) => f();\nexports.c = computed(() => 1);', 'computed(() => 1)')).toBe(false);
    expect(made('exports.r = ref();', 'ref()')).toBe(false);
    expect(made('exports.w = watch(1);', 'watch(1)')).toBe(false);
    expect(made('exports.w = vue.ref(1);', 'vue.ref(1)')).toBe(false);
  });

  it("a plugin entry's options (`{ resolve: './plugin', options: { … } }`) are tracked", () => {
    const OPTIONS = '`{ key: 1 }`: an object the program builds';
    expect(said("exports.p = { resolve: './plugins/civic', options: { key: 1 } };", '{ key: 1 }')).toEqual([OPTIONS]);
    expect(said("exports.p = { 'resolve': ('./plugins/civic'), 'options': ({ key: 1 }) };", '{ key: 1 }')).toEqual([OPTIONS]);
    for (const code of [
      'exports.p = { resolve: x, options: { key: 1 } };',
      'exports.p = { options: { key: 1 } };',
      "exports.p = { resolve: './plugins/civic', other: { key: 1 } };",
      "exports.p = { resolve: './plugins/civic', options() { return { key: 1 }; } };",
      "exports.p = { [resolve]: './plugins/civic', options: { key: 1 } };",
    ])
      expect([code, said(code, '{ key: 1 }')]).toEqual([code, []]);
  });
});
