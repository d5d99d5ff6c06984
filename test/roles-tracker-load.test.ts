/**
 * #28 mutation testing of tracker.ts: `load`, `apiRole`, `elements`, `destructure` (reading a
 * member of a role). An API list's element is read by an index or a key named at run time, not by
 * another name (`fields.length`); an object's scalar member is not data; an array the program
 * builds gives what it stored (at an index, at any place when it is made from another list); a
 * map's values are its elements; an HTTP response's body is `data`/`body`; a URL's text `href`; a
 * settled promise's outcome its `value`; binding patterns read members, elements and rest. What
 * the engine says of a node (the last step of each fact's evidence, and the one before it).
 * Two fail before: a key written `'[]'` read an element; `{ 1n: x }` of a list read nothing.
 */
import type { ts as TsNamespace } from 'ts-morph';
import { beforeEach, describe, expect, it } from 'vitest';
import { evidenceOf } from '../src/roles/evidence.js';
import { analyze, V1 } from './helpers/program.js';

/** What the engine says of the node written `text` (a binding element or parameter: of its name), once each. */
const engine = (code: readonly string[]) => {
  const a = analyze({ 'a.js': code.join('\n') });
  const at = (text: string, nth = 0) => {
    const n = a.node(text, nth);
    const { ts } = a.view;
    return (ts.isBindingElement(n) || ts.isParameter(n) ? n.name : n) as TsNamespace.Node;
  };
  return {
    says: (text: string, nth = 0) => [...new Set(a.says(at(text, nth)))],
    /** The step before the last of each fact's evidence. */
    before: (text: string, nth = 0) => a.roles.at(at(text, nth)).map((f) => evidenceOf(f).at(-2)?.says),
  };
};

const FIELDS = [
  `const BASE = ${V1};`,
  "const list = () => fetch(BASE + '/election/field/').then((r) => r.json());",
  "const state = () => fetch(BASE + '/election/data/state/IL/').then((r) => r.json());",
];
const DESCRIPTOR = 'V1 field descriptor';

describe("an API list's elements", () => {
  let e: ReturnType<typeof engine>;
  beforeEach(() => {
    e = engine([
      ...FIELDS,
      'exports.f = async (i) => {',
      '  const fields = await list();',
      "  console.log(fields[0], fields[i], fields[10], fields.a1, fields['1a'], fields.length, fields['[]']);",
      '};',
    ]);
  });
  it('an index, one of several digits, or a key named at run time reads an element', () => {
    expect(e.says('fields[0]')).toEqual([`\`fields[0]\`: an element, ${DESCRIPTOR}`]);
    expect(e.says('fields[10]')).toEqual([`\`fields[10]\`: an element, ${DESCRIPTOR}`]);
    expect(e.says('fields[i]')).toEqual([`\`fields[i]\`: an element, ${DESCRIPTOR}`]);
  });
  it('another name is not an element, even with digits in it', () => {
    expect(e.says('fields.a1')).toEqual([]);
    expect(e.says("fields['1a']")).toEqual([]);
    expect(e.says('fields.length')).toEqual([]);
    expect(e.says("fields['[]']")).toEqual([]);
  });
});

describe("an API object's members", () => {
  let e: ReturnType<typeof engine>;
  beforeEach(() => {
    e = engine([
      ...FIELDS,
      'exports.f = async (k) => {',
      '  const record = await state();',
      '  console.log(record.state_information, record.name, record[k], record[0]);',
      '  for (const x of record) console.log(x);',
      '};',
    ]);
  });
  it('a member holding data is data; a scalar member is not', () => {
    expect(e.says('record.state_information')).toEqual([
      '`record.state_information`: a member, V1 list of state information items',
    ]);
    expect(e.says('record.name')).toEqual([]);
  });
  it('an object has no elements: neither a key named at run time nor an index nor `for…of` reads one', () => {
    expect(e.says('record[k]')).toEqual([]);
    expect(e.says('record[0]')).toEqual([]);
    expect(e.says('x', 1)).toEqual([]);
  });
});

describe('an array the program builds', () => {
  let e: ReturnType<typeof engine>;
  beforeEach(() => {
    e = engine([
      ...FIELDS,
      'exports.f = async (i) => {',
      '  const fields = await list();',
      '  const lists = [fields, fields];',
      "  console.log(lists[i], lists[1], lists.length, lists['[]']);",
      '  const copy = Array.from(fields);',
      "  console.log(copy[10], copy.a1, copy['1a'], copy.length);",
      '};',
    ]);
  });
  it('an element at an index, or at a key named at run time, is what was stored', () => {
    expect(e.says('lists[i]')).toEqual(['`lists[i]`: stored and read back, V1 field list']);
    expect(e.says('lists[1]')).toEqual(['`lists[1]`: stored and read back, V1 field list']);
  });
  it('of a list made from another, an index of several digits reads any of its elements', () => {
    expect(e.says('copy[10]')).toEqual([`\`copy[10]\`: stored and read back, ${DESCRIPTOR}`]);
  });
  it('an object the program builds is no list: `Array.from` of it is empty', () => {
    const o = engine([
      ...FIELDS,
      'exports.f = async () => {',
      '  const bySlug = {};',
      '  for (const f of await list()) bySlug[f.slug] = f;',
      '  const all = Array.from(bySlug);',
      '  console.log(bySlug.x, all[0]);',
      '};',
    ]);
    expect(o.says('bySlug.x')).toEqual([`\`bySlug.x\`: stored and read back, ${DESCRIPTOR}`]);
    expect(o.says('all[0]')).toEqual([]);
  });
  it('another name is not an element', () => {
    expect(e.says('lists.length')).toEqual([]);
    expect(e.says("lists['[]']")).toEqual([]);
    expect(e.says('copy.a1')).toEqual([]);
    expect(e.says("copy['1a']")).toEqual([]);
    expect(e.says('copy.length')).toEqual([]);
  });
});

describe("a map's values", () => {
  it('`byKey.forEach((v) => …)` gets the values set', () => {
    const e = engine([
      ...FIELDS,
      'exports.f = async () => {',
      '  const byKey = new Map();',
      '  for (const f of await list()) byKey.set(f.slug, f);',
      '  byKey.forEach((v) => console.log(v.long_name));',
      '};',
    ]);
    expect(e.says('v', 1)).toEqual([`\`v\`: ${DESCRIPTOR}`]);
    expect(e.before('v', 1)).toEqual([`\`f\`: ${DESCRIPTOR}`]);
  });
});

describe("an HTTP response's body and a URL's text", () => {
  let e: ReturnType<typeof engine>;
  beforeEach(() => {
    e = engine([
      `const BASE = ${V1};`,
      "const axios = require('axios');",
      'exports.f = async () => {',
      "  const res = await axios.get(BASE + '/election/field/');",
      '  console.log(res.data, res.body, res.status);',
      "  const { data } = await axios.get(BASE + '/election/field/');",
      "  const u = new URL('/election/field/', BASE + '/');",
      '  console.log(data, u.href, u.host);',
      '};',
    ]);
  });
  it('`data` and `body` are the body; another member is not', () => {
    expect(e.says('res.data')).toEqual(['`res.data`: awaited, V1 field list']);
    expect(e.says('res.body')).toEqual(['`res.body`: awaited, V1 field list']);
    expect(e.says('res.status')).toEqual([]);
    expect(e.says('data', 1)).toEqual(['`data`: awaited, V1 field list']);
  });
  it('`href` is the URL; another member is not', () => {
    expect(e.says('u.href')).toEqual(['`u.href`: a member, an API path', '`u.href`: a member, an API URL']);
    expect(e.says('u.host')).toEqual([]);
  });
});

describe('promises settled together', () => {
  let e: ReturnType<typeof engine>;
  beforeEach(() => {
    e = engine([
      ...FIELDS,
      'exports.f = async () => {',
      '  const q = list();',
      '  const [settled] = await Promise.allSettled([q]);',
      '  console.log(settled.value, settled.reason, (await Promise.allSettled([q]))[0].value);',
      '  const all = (await Promise.allSettled([q])).map((oc) => oc.value);',
      '  const [one, two] = await Promise.all([q, state()]);',
      '  console.log(one, two);',
      '};',
    ]);
  });
  const OUTCOME = 'the outcome of a promise (`{ status, value }`)';
  it("an element of `Promise.allSettled`'s result is an outcome; its `value` is what the promise gave", () => {
    expect(e.says('settled')).toEqual([`\`settled\`: awaited, ${OUTCOME}`]);
    expect(e.says('settled.value')).toEqual(['`settled.value`: awaited, V1 field list']);
    expect(e.says('(await Promise.allSettled([q]))[0].value')).toEqual([
      '`(await Promise.allSettled([q]))[0].value`: awaited, V1 field list',
    ]);
  });
  it("an outcome's `reason` is not the data", () => {
    expect(e.says('settled.reason')).toEqual([]);
  });
  it('a callback over the outcomes gets each outcome', () => {
    expect(e.says('oc')).toEqual([`\`oc\`: an element, ${OUTCOME}`]);
    expect(e.before('oc')).toEqual([`\`(await Promise.allSettled([q]))\`: an element, ${OUTCOME}`]);
    expect(e.says('oc.value')).toEqual(['`oc.value`: awaited, V1 field list']);
  });
  it('`Promise.all` destructured: each name is what its promise gave', () => {
    expect(e.says('one')).toEqual(['`one`: awaited, V1 field list']);
    expect(e.says('two')).toEqual(['`two`: awaited, V1 state record']);
  });
});

describe('binding patterns', () => {
  let e: ReturnType<typeof engine>;
  beforeEach(() => {
    e = engine([
      ...FIELDS,
      'exports.f = async (k) => {',
      '  const fields = await list();',
      '  const [first, ...rest] = fields;',
      '  const [, second] = fields;',
      '  const { 1n: big, [k]: any } = fields;',
      '  const { long_name, ...others } = first;',
      '  const { state_information: [item] } = await state();',
      '  for (const [k, v] of Object.entries({ a: first })) console.log(k, v);',
      '};',
    ]);
  });
  it('an element, and the rest of a list (the list)', () => {
    expect(e.says('first')).toEqual([`\`first\`: an element, ${DESCRIPTOR}`]);
    expect(e.says('second')).toEqual([`\`second\`: an element, ${DESCRIPTOR}`]);
    expect(e.says('rest')).toEqual(['`rest`: V1 field list']);
  });
  it('a member named by a bigint or at run time: of a list, an element', () => {
    expect(e.says('big')).toEqual([`\`big\`: an element, ${DESCRIPTOR}`]);
    expect(e.says('any')).toEqual([`\`any\`: an element, ${DESCRIPTOR}`]);
  });
  it('the rest of an object is the object; a scalar member is not data', () => {
    expect(e.says('others')).toEqual([`\`others\`: ${DESCRIPTOR}`]);
    expect(e.says('long_name')).toEqual([]);
  });
  it("a nested pattern: a member's element", () => {
    expect(e.says('item')).toEqual(['`item`: an element, V1 state information item']);
  });
  it('`Object.entries` pairs: the value', () => {
    expect(e.says('v')).toEqual([`\`v\`: stored and read back, ${DESCRIPTOR}`]);
    expect(e.says('k')).toEqual([]);
  });
});
