/**
 * What the roles at a value decide for a name (src/codemod/role-verdict.ts and the sites of
 * src/codemod/decide.ts, #28 mutation testing), in process on small programs: for a property, renamed on V1 data of the rule's object, kept on V2 data
 * and on other values, a marker where the data stays on V1 or both versions reach the read. The
 * fixture apps and repositories show the same decisions end to end (test/apps.test.ts,
 * test/repos*.test.ts); these pin each branch.
 */
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { writeTree } from './helpers/tree.js';

const HOST = 'https://api.voteamerica.org';
const getJson = (url: string) => `await (await fetch('${HOST}${url}')).json()`;

/** Each file's changes (code, the text replaced, the new text) and markers (code, line). */
async function migrate(files: Record<string, string>) {
  const summary = await runCodemod({ cwd: writeTree(files, 'cm-role-verdict-') });
  return Object.fromEntries(
    summary.files.map((f) => [
      f.path,
      {
        changes: f.changes.map((c) => [c.code, (files[f.path] as string).slice(c.start, c.end), c.params.to]),
        markers: f.markers.map((m) => [m.code, m.line]),
      },
    ]),
  );
}

const STATE_V1 = '/v1/election/data/state/WI/';
const STATE_V2 = '/v2/election/data/state/WI/';
const ENDPOINT = ['endpoint-rewritten', '/v1/election/data/state/', '/v2/election/data/state/'];

/**
 * An app whose one base (`settings.js`) serves the Civic Data API and another VoteAmerica service
 * (`other.js`): the state record `civic.js` requests (`r`) stays on V1; `use` is what it returns.
 */
const sharedBase = (use: string) => ({
  'settings.js': `export default { base: '${HOST}/v1' };\n`,
  'req.js': "import s from './settings.js';\nexport const get = async (p) => (await fetch(`${s.base}${p}`)).json();\n",
  'civic.js': `import { get } from './req.js';\nexport async function f() {\n  const r = await get('/election/data/state/WI/');\n  return ${use};\n}\n`,
  'other.js': "import { get } from './req.js';\nexport const status = (id) => get(`/registration/status/${id}/`);\n",
});
/** A function that keys a V1 state record's items by slug (`by`), then runs `lines`. */
const keyedBySlug = (...lines: string[]) =>
  [
    'export async function f() {',
    `  const r = ${getJson(STATE_V1)};`,
    '  const by = Object.fromEntries(r.state_information.map((i) => [i.field_type, i]));',
    ...lines,
    '}',
    '',
  ].join('\n');
/** What the codemod does to the rest of the shared-base app. */
const SHARED_REST = {
  'other.js': { changes: [], markers: [] },
  'req.js': { changes: [], markers: [] },
  'settings.js': { changes: [], markers: [['base-url-shared', 1]] },
};
/** One reader (`show`) of the items of V1 and V2 state records. */
const BOTH_VERSIONS = [
  'const show = (i) => i.value;',
  'export async function f() {',
  `  const a = ${getJson(STATE_V1)};`,
  `  const b = ${getJson(STATE_V2)};`,
  '  return [a.state_information.map(show), b.state_information.map(show)];',
  '}',
  '',
].join('\n');

describe('a property read on data the program requests', () => {
  it('V1 items: `value` becomes `bool_value`; V1 descriptors: `long_name` becomes `description`', async () => {
    expect(
      await migrate({
        'a.js': `export async function f() {\n  const r = ${getJson(STATE_V1)};\n  return r.state_information.map((i) => i.value);\n}\n`,
        'b.js': `export async function g() {\n  const r = ${getJson('/v1/election/field/')};\n  return r.map((d) => d.long_name);\n}\n`,
      }),
    ).toEqual({
      'a.js': { changes: [ENDPOINT, ['property-rewritten', 'value', 'bool_value']], markers: [] },
      'b.js': {
        changes: [
          ['endpoint-rewritten', '/v1/election/field/', '/v2/election/field/'],
          ['property-rewritten', 'long_name', 'description'],
        ],
        markers: [],
      },
    });
  });

  it('V2 items and descriptors keep their names; a record is not an item (its `value` is no rule’s)', async () => {
    expect(
      await migrate({
        'a.js': `export async function f() {\n  const r = ${getJson(STATE_V2)};\n  return r.state_information.map((i) => i.value);\n}\n`,
        'b.js': `export async function g() {\n  const r = ${getJson('/v2/election/field/')};\n  return r.map((d) => d.long_name);\n}\n`,
        'c.js': `export async function h() {\n  const r = ${getJson(STATE_V1)};\n  return r.value;\n}\n`,
      }),
    ).toEqual({
      'a.js': { changes: [], markers: [] },
      'b.js': { changes: [], markers: [] },
      'c.js': { changes: [ENDPOINT], markers: [] },
    });
  });

  it('`long_name` on a V1 state record: no descriptor’s, so left without the doubt a value of unknown role gets', async () => {
    expect(
      await migrate({
        'a.js': `export async function f() {\n  const r = ${getJson(STATE_V1)};\n  return r.long_name;\n}\n`,
        'b.js': 'export const label = (x) => x.long_name;\n',
        'api.js': `export const get = () => fetch('${HOST}/v1/election/field/');\n`,
      }),
    ).toEqual({
      'a.js': { changes: [ENDPOINT], markers: [] },
      'api.js': { changes: [['endpoint-rewritten', '/v1/election/field/', '/v2/election/field/']], markers: [] },
      'b.js': { changes: [], markers: [] },
    });
  });

  it('items compared with a V1 slug and with a V2 slug: a shape tells no version, so the read is renamed, not marked', async () => {
    expect(
      await migrate({
        'a.js':
          "export const f = (i) => (i.field_type === 'vbm_no_excuse' || i.field_type === 'has_no_excuse_absentee' ? i.value : null);\n",
      }),
    ).toEqual({
      'a.js': {
        changes: [
          ['slug-rewritten', 'vbm_no_excuse', 'has_no_excuse_absentee'],
          ['property-rewritten', 'value', 'bool_value'],
        ],
        markers: [],
      },
    });
  });

  it('V1 and V2 data both reaching one read: a marker, the name left', async () => {
    expect(
      await migrate({
        'a.js': BOTH_VERSIONS,
        'b.js': [
          'const label = (d) => d.long_name;',
          'export async function g() {',
          `  const a = ${getJson('/v1/election/field/')};`,
          `  const b = ${getJson('/v2/election/field/')};`,
          '  return [a.map(label), b.map(label)];',
          '}',
          '',
        ].join('\n'),
      }),
    ).toEqual({
      'a.js': { changes: [ENDPOINT], markers: [['read-mixed', 1]] },
      'b.js': { changes: [['endpoint-rewritten', '/v1/election/field/', '/v2/election/field/']], markers: [['read-mixed', 1]] },
    });
  });

  it('V1 data through a shared base and V1 data requested directly, read in one place: the marker gives the staying chain', async () => {
    const app = sharedBase('[r, d].map((x) => x.state_information.map(show))');
    app['civic.js'] = app['civic.js']
      .replace('export async', 'const show = (i) => i.value;\nexport async')
      .replace('  return', `  const d = ${getJson(STATE_V1)};\n  return`);
    const summary = await runCodemod({ cwd: writeTree(app, 'cm-role-verdict-') });
    const civic = summary.files.find((f) => f.path === 'civic.js');
    expect(civic?.markers.map((m) => [m.code, m.line, m.evidence?.map((e) => `${e.line}:${e.step}`).join(' ')])).toEqual([
      ['read-stays-v1', 2, '1:source 2:heap 4:await 4:flow 6:flow 6:flow 6:member 6:element 2:element 2:flow'],
      ['path-on-shared-base', 4, undefined],
    ]);
    expect(civic?.changes.map((c) => c.code)).toEqual(['endpoint-rewritten']);
  });

  it('V1 data through a base shared with another service: a marker, the name left', async () => {
    expect(await migrate(sharedBase('r.state_information.map((i) => i.value)'))).toEqual({
      'civic.js': {
        changes: [],
        markers: [
          ['path-on-shared-base', 3],
          ['read-stays-v1', 4],
        ],
      },
      ...SHARED_REST,
    });
  });
});

describe('a property read under a slug-named member', () => {
  it('of the items the program keys by slug: renamed with the slug; of an object the program built: kept', async () => {
    expect(
      await migrate({
        'a.js': keyedBySlug(
          '  const own = { vbm_no_excuse: { value: 1 } };',
          '  return [by.vbm_no_excuse.value, own.vbm_no_excuse.value];',
        ),
      }),
    ).toEqual({
      'a.js': {
        changes: [
          ENDPOINT,
          ['slug-rewritten', 'vbm_no_excuse', 'has_no_excuse_absentee'],
          ['slug-rewritten', 'vbm_no_excuse', 'has_no_excuse_absentee'],
          ['property-rewritten', 'value', 'bool_value'],
          ['slug-rewritten', 'vbm_no_excuse', 'has_no_excuse_absentee'],
        ],
        markers: [],
      },
    });
  });
});

describe('a property read under slug-named members of fields of different formats', () => {
  it('some take the V2 name, others keep it: a marker naming each, the read left', async () => {
    const a = 'export const pick = (by, early) => (early ? by.vbm_no_excuse : by.vbm_deadline_mail).value;\n';
    const summary = await runCodemod({ cwd: writeTree({ 'a.js': a }, 'cm-role-verdict-') });
    const [file] = summary.files;
    expect(file?.changes.map((c) => [c.code, c.params.to])).toEqual([
      ['slug-rewritten', 'has_no_excuse_absentee'],
      ['slug-rewritten', 'absentee_deadline_mail'],
    ]);
    expect(file?.markers.map((m) => [m.code, m.line, m.column, m.message])).toEqual([
      [
        'read-formats',
        1,
        a.indexOf('.value') + 2,
        'the items of the V1 fields `vbm_no_excuse` (V2 calls it `bool_value` there) and `vbm_deadline_mail` (V2 keeps `value`) reach this `value`: read the item of each field on its own',
      ],
    ]);
  });

  it('an object the program stores under a slug is its own: its `value` keeps the name', async () => {
    expect(
      await migrate({
        'a.js': 'const own = {};\nown.vbm_no_excuse = { value: 1 };\nexport const v = own.vbm_no_excuse.value;\n',
      }),
    ).toEqual({
      'a.js': {
        changes: [
          ['slug-rewritten', 'vbm_no_excuse', 'has_no_excuse_absentee'],
          ['slug-rewritten', 'vbm_no_excuse', 'has_no_excuse_absentee'],
        ],
        markers: [],
      },
    });
  });
});

describe('slugs and properties in code and strings', () => {
  it('a slug as an element key of items keyed by slug: renamed, and the `value` read after it', async () => {
    expect(
      await migrate({
        'a.js': keyedBySlug("  return [by['vbm_no_excuse'].value, by['vbm_deadline_mail']];"),
      }),
    ).toEqual({
      'a.js': {
        changes: [
          ENDPOINT,
          ['slug-rewritten', 'vbm_no_excuse', 'has_no_excuse_absentee'],
          ['property-rewritten', 'value', 'bool_value'],
          ['slug-rewritten', 'vbm_deadline_mail', 'absentee_deadline_mail'],
        ],
        markers: [],
      },
    });
  });

  it('a slug compared with the slugs of data that stays on V1: a marker, the slug left', async () => {
    expect(await migrate(sharedBase("r.state_information.find((i) => i.field_type === 'vbm_no_excuse')"))).toEqual({
      'civic.js': {
        changes: [],
        markers: [
          ['path-on-shared-base', 3],
          ['slug-stays-v1', 4],
        ],
      },
      ...SHARED_REST,
    });
  });

  it('slugs and field properties inside larger strings: one marker per distinct text, only in a file about the API', async () => {
    const files = {
      'a.js': [
        "import { api } from './api.js';",
        "export const q = 'select vbm_no_excuse, vbm_no_excuse, vbm_deadline_mail from fields';",
        "export const s = 'sort by long_name then long_name';",
        "export const u = api.get('/v1/election/field/');",
        '',
      ].join('\n'),
      'api.js': "export const api = { get: (p) => fetch('https://api.voteamerica.org' + p) };\n",
      'b.js': "export const s = 'sort by long_name';\n",
    };
    expect(await migrate(files)).toEqual({
      'a.js': {
        changes: [['endpoint-rewritten', '/v1/election/field/', '/v2/election/field/']],
        markers: [
          ['renamed-elsewhere', 2],
          ['renamed-elsewhere', 2],
          ['property-elsewhere', 3],
        ],
      },
      'api.js': { changes: [], markers: [] },
      'b.js': { changes: [], markers: [] },
    });
  });

  it('a destructured `long_name` of V1 descriptors is renamed with its local name kept; the object the program builds is doubted', async () => {
    const a = `export async function f() {\n  const r = ${getJson('/v1/election/field/')};\n  return r.map(({ slug, long_name }) => ({ slug, long_name }));\n}\n`;
    const summary = await runCodemod({ cwd: writeTree({ 'a.js': a }, 'cm-role-verdict-') });
    const file = summary.files[0];
    expect(file?.changes.map((c) => [c.code, a.slice(c.start, c.end)])).toEqual([
      ['endpoint-rewritten', '/v1/election/field/'],
      ['property-rewritten', 'long_name'],
    ]);
    expect(file?.markers.map((m) => [m.code, m.line])).toEqual([['property-unproven', 3]]);
    expect(file?.changes[1]?.start).toBe(a.indexOf('long_name'));
  });
});

describe('the evidence a decision by roles gives', () => {
  /** Each decision's evidence as `line:step`, by file and code. */
  async function evidence(files: Record<string, string>) {
    const summary = await runCodemod({ cwd: writeTree(files, 'cm-role-evidence-') });
    const out: string[] = [];
    for (const f of summary.files) {
      for (const c of f.changes)
        if (c.evidence) out.push(`${f.path} ${c.code}: ${c.evidence.map((e) => `${e.line}:${e.step}`).join(' ')}`);
      for (const m of f.markers)
        if (m.evidence) out.push(`${f.path} ${m.code}: ${m.evidence.map((e) => `${e.line}:${e.step}`).join(' ')}`);
    }
    return out;
  }

  it('the chain from the request to the read: renamed, both versions, a shared base', async () => {
    expect(
      await evidence({
        'a.js': `export async function f() {\n  const r = ${getJson(STATE_V1)};\n  return r.state_information.map((i) => i.value);\n}\n`,
      }),
    ).toEqual(['a.js property-rewritten: 2:source 2:request 2:await 2:await 2:flow 3:flow 3:member 3:element 3:element 3:flow']);
    expect(
      await evidence({
        'a.js': BOTH_VERSIONS,
      }),
    ).toEqual(['a.js read-mixed: 3:source 3:request 3:await 3:await 3:flow 5:flow 5:member 5:element 1:element 1:flow']);
    expect(await evidence(sharedBase('r.state_information.map((i) => i.value)'))).toEqual([
      'civic.js read-stays-v1: 1:source 2:heap 3:return 3:await 3:flow 4:flow 4:member 4:element 4:element 4:flow',
    ]);
  });
});

describe('in a TypeScript program', () => {
  it('a declared item type takes the V2 name with every read of it; another type’s member of that name keeps it', async () => {
    const a = [
      "import type { Item, Other } from './types.js';",
      'export async function f(o: Other) {',
      `  const r = (${getJson(STATE_V1)}) as { state_information: Item[] };`,
      '  return [r.state_information.map((i) => i.value), o.value];',
      '}',
      '',
    ].join('\n');
    const types =
      'export interface Item {\n  field_type: string;\n  value?: boolean;\n}\nexport interface Other {\n  value: number;\n}\n';
    const tsconfig = JSON.stringify({
      compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true },
      include: ['src'],
    });
    const summary = await runCodemod({
      cwd: writeTree({ 'tsconfig.json': tsconfig, 'src/types.ts': types, 'src/a.ts': a }, 'cm-role-program-'),
    });
    expect(summary.program).toEqual({ config: 'tsconfig.json' });
    const at = (path: string) => summary.files.find((f) => f.path === path);
    // Offsets: `i.value` in a.ts (not `o.value`), Item's `value` in types.ts (not Other's).
    expect(at('src/a.ts')?.changes.map((c) => [c.code, c.start])).toEqual([
      ['endpoint-rewritten', a.indexOf('/v1/')],
      ['property-rewritten', a.indexOf('i.value') + 2],
    ]);
    expect(at('src/types.ts')?.changes.map((c) => [c.code, c.start])).toEqual([['property-rewritten', types.indexOf('value')]]);
    expect(summary.files.flatMap((f) => f.markers)).toEqual([]);
  });
});

describe('what the markers of a decision by roles say', () => {
  const messages = async (files: Record<string, string>, path: string) => {
    const summary = await runCodemod({ cwd: writeTree(files, 'cm-role-words-') });
    return summary.files.find((f) => f.path === path)?.markers.map((m) => [m.code, m.message]);
  };

  it('names the property, its V2 name and what the data is', async () => {
    expect(await messages(sharedBase('r.state_information.map((i) => i.value)'), 'civic.js')).toContainEqual([
      'read-stays-v1',
      '`value` is read from a V1 state information item requested through a base that stays on V1 (it is shared with another service): it becomes `bool_value` when that request moves to V2',
    ]);
    expect(
      await messages(sharedBase("r.state_information.find((i) => i.field_type === 'vbm_no_excuse')"), 'civic.js'),
    ).toContainEqual([
      'slug-stays-v1',
      '`vbm_no_excuse` names the field of V1 state information items requested through a base that stays on V1 (it is shared with another service): it becomes `has_no_excuse_absentee` when that request moves to V2',
    ]);
    expect(await messages({ 'a.js': BOTH_VERSIONS }, 'a.js')).toEqual([
      [
        'read-mixed',
        'both V1 and V2 state information items reach this `value` (V2 calls it `bool_value`): give each version its own code path, or read both names',
      ],
    ]);
  });

  it('a field descriptor’s `long_name` on data that stays V1: the marker alone, no doubt beside it', async () => {
    const app = sharedBase('r.map((d) => d.long_name)');
    app['civic.js'] = app['civic.js'].replace('/election/data/state/WI/', '/election/field/');
    expect(await messages(app, 'civic.js')).toEqual([
      [
        'path-on-shared-base',
        '`/v1/election/field/` is joined with `api.voteamerica.org/v1`, which is also used for `/v1/registration/status/…/` (another service that stays on V1): call the Civic Data API through a V2 base of its own',
      ],
      [
        'read-stays-v1',
        '`long_name` is read from a V1 field descriptor requested through a base that stays on V1 (it is shared with another service): it becomes `description` when that request moves to V2',
      ],
    ]);
  });
});
