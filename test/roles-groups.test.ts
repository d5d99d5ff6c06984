/**
 * A large inferred program is decided in groups (`decideInGroups` in inferred-mode.ts), one program
 * open at a time, so that a run's memory is bounded by a group rather than by every candidate. The
 * groups must say what one program says: here `CIVIC_MIGRATE_GROUP_BYTES=0` decides every inferred
 * program in groups, and each answer is held to the one program's (and, where it matters, to what
 * the code needs). `npm test` with that variable set runs the whole suite that way.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { savingMemory, savingMemoryHeld } from '../src/codemod/program/collector.js';
import { DisjointSets, inBins } from '../src/codemod/program/inferred-mode.js';
import { runCodemod } from '../src/codemod/run.js';
import { findV1Usage } from '../src/report/find.js';
import { appAndRepoDirs } from './helpers/apps.js';
import { bundledMappings } from './helpers/bundled.js';
import { migrateFolder } from './helpers/program.js';

const GROUPS = 'CIVIC_MIGRATE_GROUP_BYTES';
const before = process.env[GROUPS];
afterEach(() => {
  if (before === undefined) delete process.env[GROUPS];
  else process.env[GROUPS] = before;
});

/** The same call with every inferred program decided as one, then in groups. */
async function bothWays<T>(run: () => Promise<T>): Promise<{ one: T; groups: T }> {
  process.env[GROUPS] = String(Number.MAX_SAFE_INTEGER);
  const one = await run();
  process.env[GROUPS] = '0';
  const groups = await run();
  return { one, groups };
}

const V1 = 'https://api.voteamerica.org/v1/election/field/';

describe('an inferred program decided in groups', () => {
  it('says what one program says on every bundled app and repository: the codemod’s patches and the report’s findings', async () => {
    const mappings = bundledMappings();
    const dirs = appAndRepoDirs();
    expect(dirs.length).toBeGreaterThan(15);
    for (const dir of dirs) {
      const { one, groups } = await bothWays(async () => {
        const patches: string[] = [];
        await runCodemod({ cwd: dir, write: false, diff: true, mappings, onFile: (_r, p) => void (p && patches.push(p)) });
        const report = await findV1Usage({ cwd: dir, mappings });
        const findings = report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.code} ${f.token} ${f.confidence}`);
        return { patches: patches.sort(), findings };
      });
      expect({ dir, ...groups }).toEqual({ dir, ...one });
    }
  });

  it('joins a module that imports what another group took in (a re-export of the API’s function)', async () => {
    const files = {
      'api.js': `export default function load() { return fetch('${V1}').then((r) => r.json()); }\n`,
      'c.js': "export { default } from './api.js';\n",
      'd.js':
        "import * as C from './c.js';\nexport async function go() { return (await C.default()).map((f) => f.long_name); }\n",
    };
    const { one, groups } = await bothWays(() => migrateFolder(files));
    expect(groups).toEqual(one);
    expect(groups.changed['d.js']).toEqual([
      '-export async function go() { return (await C.default()).map((f) => f.long_name); }',
      '+export async function go() { return (await C.default()).map((f) => f.description); }',
    ]);
  });

  it('resolves imports as the program does: TypeScript written with `.js` specifiers', async () => {
    const files = {
      'api.ts': `export default function load() { return fetch('${V1}').then((r) => r.json()); }\n`,
      'c.ts': "export { default } from './api.js';\n",
      'd.ts':
        "import * as C from './c.js';\nexport async function go() { return (await C.default()).map((f) => f.long_name); }\n",
    };
    const { one, groups } = await bothWays(() => migrateFolder(files));
    expect(groups).toEqual(one);
    expect(groups.changed['d.ts']?.[1]).toContain('.map((f) => f.description)');
  });

  it('joins scripts that share a global name, and modules that read one', async () => {
    const files = {
      'load.js': `var fields = [];\nfetch('${V1}').then(function (r) { return r.json(); }).then(function (d) { fields = d; });\n`,
      'show.js': 'function labels() { return fields.map(function (f) { return f.long_name; }); }\n',
    };
    const { one, groups } = await bothWays(() => migrateFolder(files));
    expect(groups).toEqual(one);
    expect(groups.changed['show.js']).toEqual([
      '-function labels() { return fields.map(function (f) { return f.long_name; }); }',
      '+function labels() { return fields.map(function (f) { return f.description; }); }',
    ]);
  });

  it.each([
    [
      'an event any emitter may carry',
      `export function start(emitter) { fetch('${V1}').then((r) => r.json()).then((d) => emitter.emit('fields', d)); }\n`,
      "export function listen(emitter) { emitter.on('fields', (list) => console.log(list.map((f) => f.long_name))); }\n",
    ],
    [
      'the global object',
      `export async function load() { window.fields = await (await fetch('${V1}')).json(); }\n`,
      'export const labels = () => window.fields.map((f) => f.long_name);\n',
    ],
    [
      'web storage',
      `export async function load() { localStorage.setItem('fields', JSON.stringify(await (await fetch('${V1}')).json())); }\n`,
      "export const labels = () => JSON.parse(localStorage.getItem('fields')).map((f) => f.long_name);\n",
    ],
  ])('leaves to one program the data that takes a channel by name: %s', async (_what, load, read) => {
    const { one, groups } = await bothWays(() => migrateFolder({ 'load.js': load, 'read.js': read }));
    expect(groups).toEqual(one);
    expect(groups.changed['read.js']?.[1]).toContain('f.description');
  });

  it('decides a file that starts with a BOM from the text as read, as one program does', async () => {
    const files = {
      'a.js': `\uFEFFexport const a = () => fetch('${V1}').then((r) => r.json()).then((l) => l.map((f) => f.long_name));\n`,
    };
    const { one, groups } = await bothWays(() => migrateFolder(files));
    expect(groups).toEqual(one);
    expect(groups.changed['a.js']?.[1]).toContain('f.description');
  });

  it('decides modules that share nothing apart, each as one program would', async () => {
    const files = {
      'a.js': `export const a = () => fetch('${V1}').then((r) => r.json()).then((l) => l.map((f) => f.long_name));\n`,
      'b.js': "export const b = (state) => state.state_information.find((i) => i.field_type === 'vbm_no_excuse');\n",
    };
    const { one, groups } = await bothWays(() => migrateFolder(files));
    expect(groups).toEqual(one);
    expect(Object.keys(groups.changed).sort()).toEqual(['a.js', 'b.js']);
  });
});

describe('small groups decided together, an eighth of the large size to a program', () => {
  it('packs the groups in order, joining what shares a program', () => {
    const texts = new Map(['a', 'b', 'c', 'd', 'e'].map((f, i) => [f, 'x'.repeat([100, 100, 300, 50, 60][i] as number)]));
    const sets = new DisjointSets([...texts.keys()]);
    sets.join('d', 'e');
    expect(inBins(sets, texts, 250)).toEqual([['a', 'b'], ['c'], ['d', 'e']]);
    expect(sets.groups()).toEqual([['a', 'b'], ['c'], ['d', 'e']]);
    expect(inBins(new DisjointSets([...texts.keys()]), texts, 0)).toEqual([['a'], ['b'], ['c'], ['d'], ['e']]);
  });

  it('says what one program says, with a module of one program importing a module of another', async () => {
    // Twenty modules of 93 characters beside the API's (121) and its reader's (112): 2,093 characters
    // of candidates, over the 1,800 that make this program large, so a program holds 225 at most:
    // two modules each, the reader with the last. The reader imports the API's module through a
    // re-export (not a candidate) that the first program takes in.
    const files: Record<string, string> = {
      'api.js': `export default function load() { return fetch('${V1}').then((r) => r.json()); }\n`,
      'c.js': "export { default } from './api.js';\n",
    };
    for (let i = 0; i < 20; i++)
      files[`m${String(i).padStart(2, '0')}.js`] =
        `export const f${String(i).padStart(2, '0')} = (s) => s.state_information.find((i) => i.field_type === 'vbm_no_excuse');\n`;
    files['z.js'] =
      "import * as C from './c.js';\nexport async function go() { return (await C.default()).map((f) => f.long_name); }\n";
    expect([files['api.js'], files['m00.js'], files['z.js']].map((t) => t?.length)).toEqual([121, 93, 112]);
    process.env[GROUPS] = String(Number.MAX_SAFE_INTEGER);
    const one = await migrateFolder(files);
    process.env[GROUPS] = '1800';
    const bins = await migrateFolder(files);
    expect(bins).toEqual(one);
    expect(bins.changed['z.js']?.[1]).toContain('f.description');
    expect(Object.keys(bins.changed).sort()).toEqual(Object.keys(files).filter((f) => f !== 'c.js'));
  });
});

describe('V8 keeps the heap small for a large program', () => {
  const dir = join('fixtures', 'apps', readdirSync(join('fixtures', 'apps'))[0] as string);

  it('while a run in groups holds it, and after its end no more; a run of one small program never takes it', async () => {
    const mappings = bundledMappings();
    for (const [groups, expected] of [
      ['0', true],
      [String(Number.MAX_SAFE_INTEGER), false],
    ] as const) {
      process.env[GROUPS] = groups;
      const seen = new Set<boolean>();
      await runCodemod({ cwd: dir, write: false, mappings, onFile: () => void seen.add(savingMemoryHeld()) });
      expect([...seen]).toEqual([expected]);
      expect(savingMemoryHeld()).toBe(false);
      seen.clear();
      await findV1Usage({ cwd: dir, mappings, onRead: () => void seen.add(savingMemoryHeld()) });
      expect([...seen]).toEqual([expected]);
      expect(savingMemoryHeld()).toBe(false);
    }
  });

  it('lets go when a run ends in an error', async () => {
    process.env[GROUPS] = '0';
    await expect(
      findV1Usage({
        cwd: dir,
        mappings: bundledMappings(),
        onRead: () => {
          throw new Error('stop here');
        },
      }),
    ).rejects.toThrow('stop here');
    expect(savingMemoryHeld()).toBe(false);
  });

  it('is set by the first of several runs at once and set back by the last', () => {
    const first = savingMemory();
    const second = savingMemory();
    first();
    first();
    expect(savingMemoryHeld()).toBe(true);
    second();
    expect(savingMemoryHeld()).toBe(false);
  });
});
