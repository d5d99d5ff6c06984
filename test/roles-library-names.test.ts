/**
 * The names the role engine knows without reading their code (src/roles/library-names.ts), each by
 * what it does to the API's data: an array method's callback gets the elements, a method returns
 * an element or the list, a lodash function takes an iteratee, returns an element or elements or
 * reads names on the object it is given, an emitter's method adds a listener, an HTTP client's
 * method takes a path under its base URL, a client's option holds that base. One name a row: drop a
 * name from the engine and its row fails. In process, exact output.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';

const HOST = "const HOST = 'https://api.voteamerica.org';";
const FIELDS = "fetch(HOST + '/v1/election/field/').then((r) => r.json())";
const V2_FIELDS = FIELDS.replace('/v1/', '/v2/');

/** The file after the codemod, without the host line. */
const migrated = (lines: string[]) =>
  transformSource([HOST, ...lines].join('\n'), 'app.js')
    .output.split('\n')
    .slice(1);

/** `fields => <body>` on the V1 field list, and what it must become on the V2 list. */
const onFields = (body: string, prelude: string[] = []) =>
  migrated([...prelude, `export const f = () => ${FIELDS}.then((fields) => ${body});`]);
const expected = (body: string, prelude: string[] = []) => [
  ...prelude,
  `export const f = () => ${V2_FIELDS}.then((fields) => ${body});`,
];

describe('array methods', () => {
  it("give a callback's first parameter each element", () => {
    for (const m of ['map', 'flatMap', 'filter', 'find', 'findLast', 'findIndex', 'findLastIndex', 'forEach', 'some', 'every'])
      expect({ m, out: onFields(`fields.${m}((f) => f.long_name)`) }).toEqual({
        m,
        out: expected(`fields.${m}((f) => f.description)`),
      });
  });

  it("give reduce's second parameter each element, and sort's both", () => {
    for (const m of ['reduce', 'reduceRight'])
      expect(onFields(`fields.${m}((acc, f) => acc + f.long_name, '')`)).toEqual(
        expected(`fields.${m}((acc, f) => acc + f.description, '')`),
      );
    for (const m of ['sort', 'toSorted'])
      expect(onFields(`fields.${m}((a, b) => a.long_name.localeCompare(b.long_name))`)).toEqual(
        expected(`fields.${m}((a, b) => a.description.localeCompare(b.description))`),
      );
  });

  it('return an element', () => {
    for (const call of ['find((f) => f.slug)', 'findLast((f) => f.slug)', 'at(0)', 'pop()', 'shift()'])
      expect({ call, out: onFields(`fields.${call}.long_name`) }).toEqual({ call, out: expected(`fields.${call}.description`) });
  });

  it('return the list, or a part of it', () => {
    for (const call of [
      'filter((f) => f.slug)',
      'slice(1)',
      'sort()',
      'reverse()',
      'toSorted()',
      'toReversed()',
      'concat([])',
      'splice(0)',
      'toSpliced(0, 1)',
    ])
      expect({ call, out: onFields(`fields.${call}.map((f) => f.long_name)`) }).toEqual({
        call,
        out: expected(`fields.${call}.map((f) => f.description)`),
      });
  });

  it('a global function that reads no member is no callback to mark: filter(Boolean)', () => {
    for (const fn of ['Boolean', 'Number', 'String', 'isNaN', 'isFinite', 'parseInt', 'parseFloat'])
      expect({ fn, out: onFields(`fields.filter(${fn}).map((f) => f.long_name)`) }).toEqual({
        fn,
        out: expected(`fields.filter(${fn}).map((f) => f.description)`),
      });
    // The program's own function of that name is followed like any other.
    const own = ['function String(f) {', '  return f.long_name;', '}'];
    expect(onFields('fields.map(String)', own)).toEqual(
      expected('fields.map(String)', ['function String(f) {', '  return f.description;', '}']),
    );
    // Any other function the program does not show still gets its marker.
    expect(onFields('fields.filter(isUseful)')[0]).toMatch(
      /^\/\/ civic-migrate: V1 field descriptors are handed to `isUseful` here/,
    );
  });
});

describe("the program's own functions named like built-ins", () => {
  it('are followed: a class of its own with `push`, a logger with `log`, an object with `includes`', () => {
    const cases: [string[], string[]][] = [
      [
        ['class Names {', '  push(f) { this.last = f.long_name; }', '}', 'const names = new Names();'],
        ['class Names {', '  push(f) { this.last = f.description; }', '}', 'const names = new Names();'],
      ],
      [['const logger = { log(f) { return f.long_name; } };'], ['const logger = { log(f) { return f.description; } };']],
      [['const seen = { includes: (f) => f.long_name };'], ['const seen = { includes: (f) => f.description };']],
    ];
    const calls = ['names.push(fields[0])', 'logger.log(fields[0])', 'seen.includes(fields[0])'];
    cases.forEach(([v1, v2], i) => {
      const call = calls[i] as string;
      expect({ call, out: onFields(call, v1) }).toEqual({ call, out: expected(call, v2) });
    });
  });

  it('and a built-in method keeps its summary: what is pushed is an element of the list', () => {
    expect(onFields('[].concat(fields).map((f) => f.long_name)')).toEqual(
      expected('[].concat(fields).map((f) => f.description)'),
    );
    const lines = [
      'const all = [];',
      `exports.f = () => ${FIELDS}.then((fields) => { all.push(fields[0]); return all[0].long_name; });`,
    ];
    expect(migrated(lines)).toEqual([
      lines[0],
      `exports.f = () => ${V2_FIELDS}.then((fields) => { all.push(fields[0]); return all[0].description; });`,
    ]);
  });
});

describe('lodash', () => {
  const LODASH = ["import _ from 'lodash';"];

  it("give an iteratee function each element (reduce's second parameter)", () => {
    for (const fn of [
      'map',
      'forEach',
      'each',
      'filter',
      'reject',
      'find',
      'findLast',
      'findIndex',
      'findLastIndex',
      'some',
      'every',
      'sortBy',
      'orderBy',
      'groupBy',
      'keyBy',
      'countBy',
      'partition',
      'uniqBy',
      'sumBy',
      'meanBy',
      'minBy',
      'maxBy',
      'flatMap',
      'pluck',
      'indexBy',
    ])
      expect({ fn, out: onFields(`_.${fn}(fields, (f) => f.long_name)`, LODASH) }).toEqual({
        fn,
        out: expected(`_.${fn}(fields, (f) => f.description)`, LODASH),
      });
    for (const fn of ['reduce', 'reduceRight'])
      expect(onFields(`_.${fn}(fields, (acc, f) => acc + f.long_name, '')`, LODASH)).toEqual(
        expected(`_.${fn}(fields, (acc, f) => acc + f.description, '')`, LODASH),
      );
  });

  it('return one element', () => {
    for (const fn of ['find', 'findLast', 'head', 'first', 'last', 'nth', 'sample', 'minBy', 'maxBy'])
      expect({ fn, out: onFields(`_.${fn}(fields).long_name`, LODASH) }).toEqual({
        fn,
        out: expected(`_.${fn}(fields).description`, LODASH),
      });
  });

  it('return elements', () => {
    for (const fn of [
      'filter',
      'reject',
      'sortBy',
      'orderBy',
      'uniq',
      'uniqBy',
      'compact',
      'take',
      'takeRight',
      'drop',
      'dropRight',
      'slice',
      'reverse',
      'shuffle',
      'sampleSize',
      'without',
      'difference',
      'differenceBy',
      'union',
      'unionBy',
      'intersection',
      'intersectionBy',
      'concat',
      'toArray',
      'initial',
      'tail',
      'clone',
      'cloneDeep',
    ])
      expect({ fn, out: onFields(`_.${fn}(fields)[0].long_name`, LODASH) }).toEqual({
        fn,
        out: expected(`_.${fn}(fields)[0].description`, LODASH),
      });
  });

  it('read names on the object they are given', () => {
    for (const fn of ['get', 'pick', 'omit', 'has', 'hasIn', 'result', 'at'])
      expect({ fn, out: onFields(`_.${fn}(fields[0], 'long_name')`, LODASH) }).toEqual({
        fn,
        out: expected(`_.${fn}(fields[0], 'description')`, LODASH),
      });
  });

  it('come from lodash, lodash-es, underscore, a module of one function, or a package of one (lower case)', () => {
    const cases: [string, string, string][] = [
      ["import { map } from 'lodash-es';", "map(fields, 'long_name')", "map(fields, 'description')"],
      ["const _ = require('underscore');", "_.pluck(fields, 'long_name')", "_.pluck(fields, 'description')"],
      ["import map from 'lodash/map';", "map(fields, 'long_name')", "map(fields, 'description')"],
      ["import map from 'lodash-es/map';", "map(fields, 'long_name')", "map(fields, 'description')"],
      ["import sortBy from 'lodash-es/sortBy.js';", "sortBy(fields, 'long_name')", "sortBy(fields, 'description')"],
      ["const get = require('lodash.get');", "get(fields[0], 'long_name')", "get(fields[0], 'description')"],
      ["import sortBy from 'lodash.sortby';", "sortBy(fields, 'long_name')", "sortBy(fields, 'description')"],
      ["import cloneDeep from 'lodash.clonedeep';", 'cloneDeep(fields)[0].long_name', 'cloneDeep(fields)[0].description'],
    ];
    for (const [imports, body, v2] of cases)
      expect({ imports, out: onFields(body, [imports]) }).toEqual({ imports, out: expected(v2, [imports]) });
  });

  it('not a module that only starts like one, nor the whole of lodash called as a function', () => {
    for (const imports of [
      "import map from 'lodashy/map';",
      "import map from 'my-lodash/map';",
      "import map from 'lodash';",
      "import map from 'my-lodash.map';",
    ])
      expect({ imports, out: onFields("map(fields, 'long_name')", [imports])[1] }).toEqual({
        imports,
        out: `export const f = () => ${V2_FIELDS}.then((fields) => map(fields, 'long_name'));`,
      });
    // A package named like lodash's own only in part: its `get` is nobody's to summarise.
    for (const spec of ['my-lodash.tools', 'lodash.tools/more'])
      expect({ spec, out: onFields("lib.get(fields[0], 'long_name')", [`const lib = require('${spec}');`])[1] }).toEqual({
        spec,
        out: `export const f = () => ${V2_FIELDS}.then((fields) => lib.get(fields[0], 'long_name'));`,
      });
  });
});

describe('event emitters', () => {
  it('each method that adds a listener gives it the emitted data', () => {
    for (const on of ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']) {
      const lines = [
        "const { EventEmitter } = require('events');",
        'const bus = new EventEmitter();',
        `bus.${on}('fields', (fields) => console.log(fields.map((f) => f.long_name)));`,
        `exports.load = () => ${FIELDS}.then((fields) => bus.emit('fields', fields));`,
      ];
      expect({ on, out: migrated(lines) }).toEqual({
        on,
        out: [
          ...lines.slice(0, 2),
          `bus.${on}('fields', (fields) => console.log(fields.map((f) => f.description)));`,
          `exports.load = () => ${V2_FIELDS}.then((fields) => bus.emit('fields', fields));`,
        ],
      });
    }
  });
});

describe('HTTP clients', () => {
  // The version is in the base, the path alone is no endpoint: only the join says what the data is.
  it('each request method takes a path under the base URL the client was made with', () => {
    for (const method of ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request']) {
      const lines = [
        "const axios = require('axios');",
        "const api = axios.create({ baseURL: HOST + '/v1' });",
        `exports.f = () => api.${method}('/election/field/').then((r) => r.data.map((f) => f.long_name));`,
      ];
      expect({ method, out: migrated(lines) }).toEqual({
        method,
        out: [
          lines[0],
          "const api = axios.create({ baseURL: HOST + '/v2' });",
          `exports.f = () => api.${method}('/election/field/').then((r) => r.data.map((f) => f.description));`,
        ],
      });
    }
  });

  it('the base URL is read from each option name clients use', () => {
    for (const option of ['baseURL', 'baseUrl', 'prefixUrl', 'base_url', 'baseURI']) {
      const lines = [
        "const axios = require('axios');",
        `const api = axios.create({ ${option}: HOST + '/v1' });`,
        "exports.f = () => api.get('/election/field/').then((r) => r.data.map((f) => f.long_name));",
      ];
      expect({ option, out: migrated(lines) }).toEqual({
        option,
        out: [
          lines[0],
          `const api = axios.create({ ${option}: HOST + '/v2' });`,
          "exports.f = () => api.get('/election/field/').then((r) => r.data.map((f) => f.description));",
        ],
      });
    }
  });
});
