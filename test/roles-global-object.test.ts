/**
 * The global object (src/roles/tracker.ts `globalObject`): what a module stores on `window`,
 * `globalThis`, `self` or `global` is read in every other file, as the global object's member
 * (`window.fields`, `globalThis['fields']`, a cast `(window as any).fields`) and by its bare name
 * (`fields`, where no file declares it). A name the program declares (a parameter, a variable, an
 * import) is no global object, and a bare name a file declares is that file's own. Before, the
 * request moved to V2 while the reads in the other files stayed V1, with nothing said.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from './helpers/program.js';

const LOAD =
  "export async function load() { window.civicFields = await fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); }";
const DESCRIPTOR = '`f`: an element, V1 field descriptor';

describe('the global object', () => {
  it("holds what a module stores on it for every file's reads: by member, by key, cast, and by the bare name", () => {
    const a = analyze({
      'load.js': LOAD,
      'show.js': 'export const names = () => window.civicFields.map((f) => f.long_name);',
      'keyed.js': "export const first = () => globalThis['civicFields'].find((f) => f.slug === 'x');",
      'typed.ts': 'export const count = () => (window as any).civicFields.filter((f: any) => f.long_name).length;',
      'bare.js': 'export const bare = () => civicFields.find((f) => f.long_name);',
    });
    expect([
      a.saysAt('f', 0, 'show.js'),
      a.saysAt('f', 0, 'keyed.js'),
      a.saysAt('f', 0, 'typed.ts'),
      a.saysAt('f', 0, 'bare.js'),
    ]).toEqual([[DESCRIPTOR], [DESCRIPTOR], [DESCRIPTOR], [DESCRIPTOR]]);
    expect(a.saysAt('window', 0, 'show.js')).toEqual(['`window`: the global object']);
    expect(a.saysAt('window.civicFields', 0, 'show.js')).toEqual(['`window.civicFields`: stored and read back, V1 field list']);
  });

  it('holds a base URL a script keeps there, joined with a path in another module', () => {
    const a = analyze({
      'settings.js': "window.CIVIC_API = 'https://api.voteamerica.org/v1';",
      'use.js':
        "export const all = () => fetch(window.CIVIC_API + '/election/field/').then((r) => r.json()).then((l) => l.map((f) => f.long_name));",
    });
    expect(a.saysAt('f', 0, 'use.js')).toEqual([DESCRIPTOR]);
    expect(a.saysAt('window.CIVIC_API', 0, 'use.js')).toEqual(['`window.CIVIC_API`: stored and read back, a V1 base URL']);
  });

  it('is no name the program declares: a parameter, a variable or an import named so; and a bare name a file declares is its own', () => {
    const a = analyze({
      'load.js': LOAD,
      'param.js': 'export const names = (window) => window.civicFields.map((f) => f.long_name);',
      'local.js': 'const self = { civicFields: [] };\nexport const names = () => self.civicFields.map((f) => f.long_name);',
      'imported.js': "import global from './env.js';\nexport const names = () => global.civicFields.map((f) => f.long_name);",
      'env.js': 'export default { civicFields: [] };',
      'own.js': 'const civicFields = [];\nexport const names = () => civicFields.map((f) => f.long_name);',
    });
    expect(['param.js', 'local.js', 'imported.js', 'own.js'].map((file) => a.saysAt('f', 0, file))).toEqual([[], [], [], []]);
  });

  it("what nothing stores there is no one's: a read of another member gets nothing", () => {
    const a = analyze({
      'load.js': LOAD,
      'other.js': 'export const names = () => window.otherFields.map((f) => f.long_name);',
      'bare.js': 'export const names = () => otherFields.map((f) => f.long_name);',
    });
    expect([a.saysAt('f', 0, 'other.js'), a.saysAt('f', 0, 'bare.js')]).toEqual([[], []]);
  });
});
