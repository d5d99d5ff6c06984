/**
 * #28 mutation testing of tracker.ts: its head, asked in process with exact answers —
 * - whether a value is a module's own (`isModuleValue`, asked where a slug-named member is decided:
 *   a module's names are the program's own, never renamed as the API's data);
 * - whether every value of the base a path is joined with is known (`basesComplete`, `complete`);
 * - the text of a `const` that fixes a part of a URL (`constantText`);
 * - a member of an object literal the checker cannot type (`literalMember`).
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { analyze, changedLines, configFile, HOST, V1 } from './helpers/program.js';

const V2 = "'https://api.voteamerica.org/v2'";

/** What the engine says of `text` in `files` (in the first file unless `file`): whether it is a module's own value. */
const isModule = (files: Record<string, string>, text: string, nth = 0, file?: string) => {
  const a = analyze(files);
  return a.roles.isModule(a.node(text, nth, file ?? (Object.keys(files)[0] as string)));
};

describe("a module's own value: its members are the program's names (isModule)", () => {
  const B = { 'b.js': 'export const vbm_no_excuse = 1;\nexport const cfg = {};\n' };

  it('a namespace import is the module, also in parentheses; a name imported from it is one of its members', () => {
    const code =
      "import * as api from './b.js';\nimport { cfg } from './b.js';\nexport const k = [(api).vbm_no_excuse, cfg.vbm_no_excuse];\n";
    const files = { 'a.js': code, ...B };
    expect(isModule(files, '(api)')).toBe(true);
    expect(isModule(files, 'cfg', 1)).toBe(false);
    expect(transformSource(code, 'a.js').output).toBe(code.replace('cfg.vbm_no_excuse', 'cfg.has_no_excuse_absentee'));
  });

  it('a namespace import a type of the same name is declared beside is still the module', () => {
    const files = {
      'a.ts': "import * as api from './b';\ninterface api { x: 1 }\nexport const k = api.vbm_no_excuse;\n",
      'b.ts': 'export const vbm_no_excuse = 1;\n',
    };
    expect(isModule(files, 'api', 2)).toBe(true);
  });

  it('a module loaded with `await import()`, kept whole or destructured', () => {
    const code =
      "const m = await import('./b.js');\nconst { vbm_no_excuse } = await (import('./b.js'));\nexport const k = [m.vbm_no_excuse, vbm_no_excuse];\n";
    const files = { 'a.js': code, ...B };
    expect(isModule(files, 'm', 1)).toBe(true);
    expect(isModule(files, '{ vbm_no_excuse }')).toBe(true);
    expect(transformSource(code, 'a.js').output).toBe(code);
  });

  it("a parameter's pattern with a module for its default is not the module's (a caller may pass anything)", () => {
    const code = "export function f({ vbm_no_excuse } = require('./b')) { return vbm_no_excuse; }\n";
    expect(isModule({ 'a.js': code, 'b.js': 'exports.vbm_no_excuse = 1;\n' }, '{ vbm_no_excuse }')).toBe(false);
    expect(transformSource(code, 'a.js').output).toBe(
      code.replace('{ vbm_no_excuse }', '{ has_no_excuse_absentee: vbm_no_excuse }'),
    );
  });

  it('an object literal assigned to `module.exports` (in parentheses too) is the module; one assigned to a variable is not', () => {
    const code = 'module.exports = ({ vbm_no_excuse: 1 });\nlet y;\ny = { vbm_no_excuse: 2 };\n';
    expect(isModule({ 'a.js': code }, '{ vbm_no_excuse: 1 }')).toBe(true);
    expect(isModule({ 'a.js': code }, '{ vbm_no_excuse: 2 }')).toBe(false);
    expect(transformSource(code, 'a.js').output).toBe(code.replace('vbm_no_excuse: 2', 'has_no_excuse_absentee: 2'));
  });

  it("`exports` no declaration names is the module's: in CommonJS (written and read), an ES module, a TypeScript file", () => {
    const cjs = 'exports.a = 1;\nexports.vbm_no_excuse = 1;\nexports.k = exports.vbm_no_excuse;\n';
    expect([0, 1, 2, 3].map((nth) => isModule({ 'a.js': cjs }, 'exports', nth))).toEqual([true, true, true, true]);
    expect(transformSource(cjs, 'a.js').output).toBe(cjs);
    expect(isModule({ 'a.mjs': 'export const a = 1;\nexports.vbm_no_excuse = 1;\n' }, 'exports')).toBe(true);
    expect(isModule({ 'a.ts': 'exports.vbm_no_excuse = 1;\n' }, 'exports')).toBe(true);
  });

  it('`exports` a parameter or a variable declares is the code’s own', () => {
    expect(isModule({ 'a.js': 'function f(exports) { return exports.vbm_no_excuse; }\n' }, 'exports', 1)).toBe(false);
    expect(isModule({ 'a.js': 'function f(exports) { exports.vbm_no_excuse = 1; }\n' }, 'exports', 1)).toBe(false);
    expect(isModule({ 'a.js': 'const exports = {};\nexports.vbm_no_excuse = 1;\n' }, 'exports', 1)).toBe(false);
  });

  it("a CommonJS module's `exports.x` and its importer's read of `x` both stay (the export alone was renamed: a silent break)", async () => {
    const files = {
      'lib.js': "exports.vbm_no_excuse = 'x';\n",
      'a.js': "const lib = require('./lib');\nexports.k = [lib.vbm_no_excuse, require('./lib').vbm_no_excuse];\n",
    };
    expect(await changedLines(files)).toEqual([]);
  });

  it('`arguments` (a name the checker declares nowhere) and a name nothing declares are no module', () => {
    const code = 'export function f() { return [arguments.vbm_no_excuse, undeclared.vbm_no_excuse]; }\n';
    expect(isModule({ 'a.js': code }, 'arguments')).toBe(false);
    expect(isModule({ 'a.js': code }, 'undeclared')).toBe(false);
    expect(transformSource(code, 'a.js').output).toBe(code.replaceAll('vbm_no_excuse', 'has_no_excuse_absentee'));
  });

  describe('a module reached through `const`s, as far as the search goes', () => {
    // `m0` holds the module; each `mN` holds `m(N-1)`.
    const chain = (n: number) =>
      [`const m0 = require('./b');`, ...Array.from({ length: n }, (_, i) => `const m${i + 1} = m${i};`)].join('\n');
    const files = (n: number, read: string) => ({
      'a.js': `${chain(n)}\nexports.k = ${read};\n`,
      'b.js': 'exports.vbm_no_excuse = 1;\n',
    });

    it('read as a name: through three `const`s, not four', () => {
      expect(isModule(files(3, 'm3.vbm_no_excuse'), 'm3', 1)).toBe(true);
      expect(isModule(files(4, 'm4.vbm_no_excuse'), 'm4', 1)).toBe(false);
    });

    it('destructured: through two `const`s, not three', () => {
      const pattern = (n: number) => files(n, `(() => { const { vbm_no_excuse } = m${n}; return vbm_no_excuse; })()`);
      expect(isModule(pattern(2), '{ vbm_no_excuse }')).toBe(true);
      expect(isModule(pattern(3), '{ vbm_no_excuse }')).toBe(false);
    });
  });
});

describe('whether every value of the base before a path is known (`complete`)', () => {
  const FIELD = "exports.f = () => fetch(BASE + '/election/field/');";
  const baseAt = (files: Record<string, string>) => {
    const a = analyze(files);
    const file = Object.keys(files)[0] as string;
    return a.before(a.node("'/election/field/'", 0, file), 0);
  };
  const v1 = (complete: boolean) => ({ versions: ['v1'], hosts: ['api.voteamerica.org'], complete });
  /** `const`s named A, B, … each holding the one before (A holds `first`), then `last` holding the last of them. */
  const consts = (n: number, first: string, last: string) =>
    Array.from(
      { length: n },
      (_, i) => `const ${String.fromCharCode(65 + i)} = ${i === 0 ? first : String.fromCharCode(64 + i)};`,
    )
      .concat(`const ${last} = ${String.fromCharCode(64 + n)};`)
      .join(' ');

  it('a base through five `const`s is complete; through six, deeper than the search goes, not', () => {
    expect(baseAt({ 'a.js': `${consts(5, V1, 'BASE')}\n${FIELD}` })).toEqual(v1(true));
    expect(baseAt({ 'a.js': `${consts(6, V1, 'BASE')}\n${FIELD}` })).toEqual(v1(false));
  });

  it('a `let` written a base through four `const`s is complete; through five, not', () => {
    const written = (n: number) => ({
      'a.js': `${consts(n, V1, 'W')}\nlet BASE = ${V1};\nif (process.env.X) BASE = W;\n${FIELD}`,
    });
    expect(baseAt(written(4))).toEqual(v1(true));
    expect(baseAt(written(5))).toEqual(v1(false));
  });

  it.each([
    ['another host’s URL (no fact of the API)', "'https://example.com/v1'"],
    ['a whole URL of the API, not a base', "'https://api.voteamerica.org/v1/election/'"],
    ['what a request returns', `fetch(${V2} + '/election/data/state/WI/')`],
  ])('a `let` also written %s is not complete', (_name, write) => {
    expect(baseAt({ 'a.js': `let BASE = ${V1};\nif (process.env.X) BASE = ${write};\n${FIELD}` })).toEqual(v1(false));
  });

  it("a call's result is not complete, though every value seen returned is a base (another call passes anything)", () => {
    const code = `const pick = (b) => b;\nconst BASE = pick(${V1});\nexports.g = (x) => pick(x);\n${FIELD}`;
    expect(baseAt({ 'a.js': code })).toEqual(v1(false));
  });

  it('a base read where it is not written stays complete: assigned on, or named in a type', () => {
    expect(baseAt({ 'a.js': `const BASE = ${V1};\nlet x;\nx = BASE;\n${FIELD}` })).toEqual(v1(true));
    expect(baseAt({ 'a.ts': `const BASE = ${V1};\ntype L = typeof BASE.length;\n${FIELD}` })).toEqual(v1(true));
  });

  it('a base imported by name, a `const` an interface of its name is declared beside, a member of a mapped type: complete', () => {
    const imported = {
      'a.js': "import { BASE } from './b.js';\nexport const f = () => fetch(BASE + '/election/field/');\n",
      'b.js': `export const BASE = ${V1};\n`,
    };
    expect(baseAt(imported)).toEqual(v1(true));
    expect(baseAt({ 'a.ts': `interface BASE { x: 1 }\nconst BASE = ${V1};\n${FIELD}` })).toEqual(v1(true));
    const mapped = [
      'type Rec<K extends string, V> = { [P in K]: V };',
      `const CONFIG: Rec<'base', string> = { base: ${V1} };`,
      "export const f = () => fetch(CONFIG.base + '/election/field/');",
    ].join('\n');
    expect(baseAt({ 'a.ts': mapped })).toEqual(v1(true));
  });

  describe('a member of an object literal the checker cannot type', () => {
    const read = (config: string, member = 'base') =>
      `const CONFIG = ${config};\nexports.f = () => fetch(CONFIG.${member} + '/election/field/');`;

    it('another member beside it does not hide it', () => {
      expect(baseAt({ 'a.js': read(`Object.freeze({ api: ${V1}, base: process.env.BASE })`, 'api') })).toEqual(v1(true));
    });

    it('written twice, or given to a call with another argument that may replace it: not complete', () => {
      expect(baseAt({ 'a.js': read(`Object.freeze({ base: ${V1}, base: ${V2} })`) })).toEqual({
        versions: ['v1', 'v2'],
        hosts: ['api.voteamerica.org'],
        complete: false,
      });
      expect(baseAt({ 'a.js': read(`Object.assign({ base: ${V1} }, process.env.OVERRIDES)`) })).toEqual(v1(false));
    });

    it("a namespace import's `const`: complete", () => {
      const files = {
        'a.js':
          "import * as config from './config.js';\nexport const f = () => fetch(config.CONFIG.base + '/election/field/');\n",
        'config.js': `export const CONFIG = Object.freeze({ base: ${V1} });\n`,
      };
      expect(baseAt(files)).toEqual(v1(true));
    });

    it('read on a literal itself, or on `process.env` (a file the program does not show): not complete', () => {
      expect(baseAt({ 'a.js': `exports.f = () => fetch(Object.freeze({ base: ${V1} }).base + '/election/field/');` })).toEqual(
        v1(false),
      );
      const env = configFile('.env', 'env', 'API_BASE=https://api.voteamerica.org/v1\n');
      const a = analyze({ 'a.js': "exports.f = () => fetch(process.env.API_BASE + '/election/field/');" }, [env]);
      expect(a.before(a.node("'/election/field/'"), 0)).toEqual(v1(false));
    });
  });
});

describe('a `const` that fixes a part of a URL (its text is the URL’s)', () => {
  const URL = (version: string) => `${HOST} + '/' + ${version} + '/election/field/'`;
  const says = (files: Record<string, string>, version: string) => {
    const a = analyze(files);
    return a.says(a.node(URL(version)));
  };
  /** The URL said as the engine elides it (its first 57 characters). */
  const joined = (version: string, what: string) => [`\`${URL(version).slice(0, 57)}…\`: a base URL and a path joined, ${what}`];
  const C = { 'c.js': "export const VERSION = 'v1';\n" };

  it('imported by name, or read on a namespace import: the version is known', () => {
    const named = { 'a.js': `import { VERSION } from './c.js';\nexport const f = () => fetch(${URL('VERSION')});\n`, ...C };
    expect(says(named, 'VERSION')).toEqual(joined('VERSION', 'a V1 API URL'));
    const ns = { 'a.js': `import * as api from './c.js';\nexport const f = () => fetch(${URL('api.VERSION')});\n`, ...C };
    expect(says(ns, 'api.VERSION')).toEqual(joined('api.VERSION', 'a V1 API URL'));
  });

  it('a `const` holding another name is not followed: no text of its own (not the name it holds)', () => {
    const files = { 'a.js': `const v1 = 'v2';\nconst VERSION = v1;\nexport const f = () => fetch(${URL('VERSION')});\n` };
    expect(says(files, 'VERSION')).toEqual(joined('VERSION', 'an API URL'));
  });
});

describe('a module held by a member of another (its names are still its own)', () => {
  it("a namespace import's `const` given a module", () => {
    const files = {
      'a.js': "import * as ns from './b.js';\nexport const k = ns.m.vbm_no_excuse;\n",
      'b.js': "export const m = require('./c.js');\n",
      'c.js': 'exports.vbm_no_excuse = 1;\n',
    };
    expect(isModule(files, 'ns.m')).toBe(true);
  });

  it('a member written `exports.states = require(…)`', () => {
    const files = {
      'a.js': "const lib = require('./lib');\nexports.k = lib.states.vbm_no_excuse;\n",
      'lib.js': "exports.states = require('./states');\n",
      'states.js': "exports.vbm_no_excuse = 'x';\n",
    };
    expect(isModule(files, 'lib.states')).toBe(true);
  });

  it('an object literal’s member given a module; not one given an object', async () => {
    const files = {
      'a.js': [
        "const own = { states: require('./states'), data: { vbm_no_excuse: 1 } };",
        'exports.k = [own.states.vbm_no_excuse, own.data.vbm_no_excuse];',
        '',
      ].join('\n'),
      'states.js': "exports.vbm_no_excuse = 'x';\n",
    };
    expect(isModule(files, 'own.states')).toBe(true);
    expect(isModule(files, 'own.data')).toBe(false);
    expect(await changedLines(files)).toEqual([
      [
        "-const own = { states: require('./states'), data: { vbm_no_excuse: 1 } };",
        '-exports.k = [own.states.vbm_no_excuse, own.data.vbm_no_excuse];',
        "+const own = { states: require('./states'), data: { has_no_excuse_absentee: 1 } };",
        '+exports.k = [own.states.vbm_no_excuse, own.data.has_no_excuse_absentee];',
      ],
    ]);
  });
});
