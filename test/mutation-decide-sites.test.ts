/**
 * Where a name stands decides what the roles are asked about (src/codemod/decide.ts, #28 mutation
 * testing), in process on one file each: a property destructured, renamed in a binding, written as a
 * shorthand or a key of an object literal that meets API data; and, with a table of the test's own,
 * a V2 slug that is not an identifier (`invalid-name`) and a rename after which the format may change
 * (`format-may-change`, which no row of the bundled table produces).
 */
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { transformSource } from '../src/codemod/transform.js';
import { loadMappings } from '../src/mapping/load.js';
import { buildIndex } from '../src/mapping/mappings.js';
import type { MappingTable } from '../src/mapping/schema.js';
import { writeTree } from './helpers/tree.js';

const HOST = 'https://api.voteamerica.org';

/** One function reading `path`'s payload every way a name can stand, then `tail` (the object literals it builds). */
const readings = (path: string, name: string, tail: string) =>
  [
    'export async function f(slug) {',
    `  const r = await (await fetch('${HOST}${path}')).json();`,
    `  const a = r.map(({ ${name} }) => ${name});`,
    `  const b = r.map(({ ${name}: label }) => label);`,
    '  const c = r.map((d) => {',
    `    const { ${name} } = d;`,
    `    return ${name};`,
    '  });',
    `  const ${name} = 'Other';`,
    tail,
    '}',
    '',
  ].join('\n');

describe('a property name by where it stands', () => {
  const tail = "  return [a, b, c, [...r, { slug, long_name }, { slug: 'x', long_name: 'X' }].map((d) => d.long_name)];";

  it('on V1 descriptors: destructured (local name kept), renamed in a binding, a shorthand and a key of what meets them', () => {
    const input = readings('/v1/election/field/', 'long_name', tail);
    const r = transformSource(input, 'a.js');
    expect(r.output).toBe(
      readings('/v2/election/field/', 'long_name', tail)
        .replace('({ long_name }) =>', '({ description: long_name }) =>')
        .replace('({ long_name: label })', '({ description: label })')
        .replace('const { long_name } = d', 'const { description: long_name } = d')
        .replace('{ slug, long_name }', '{ slug, description: long_name }')
        .replace("long_name: 'X'", "description: 'X'")
        .replace('d.long_name', 'd.description'),
    );
    expect(r.markers).toEqual([]);
  });

  it('on V2 descriptors: every name kept', () => {
    const input = readings('/v2/election/field/', 'long_name', tail);
    const r = transformSource(input, 'a.js');
    expect(r.output).toBe(input);
    expect(r.markers).toEqual([]);
  });

  it('on V1 items: `value` destructured, renamed in a binding and written in the items the program adds', () => {
    const input = [
      'export async function g() {',
      `  const r = await (await fetch('${HOST}/v1/election/data/state/WI/')).json();`,
      '  const a = r.state_information.map(({ value }) => value);',
      '  const b = r.state_information.map(({ field_type, value: on }) => [field_type, on]);',
      '  const value = true;',
      "  const mine = [...r.state_information, { field_type: 'vbm_no_excuse', value }, { field_type: 'vbm_no_excuse', value: false }];",
      '  return [a, b, mine.filter((i) => i.value)];',
      '}',
      '',
    ].join('\n');
    expect(transformSource(input, 'a.js').output).toBe(
      input
        .replace('/v1/', '/v2/')
        .replace('({ value }) =>', '({ bool_value: value }) =>')
        .replace('value: on', 'bool_value: on')
        .replace("'vbm_no_excuse', value }", "'has_no_excuse_absentee', bool_value: value }")
        .replace("'vbm_no_excuse', value: false", "'has_no_excuse_absentee', bool_value: false")
        .replace('i.value', 'i.bool_value'),
    );
  });
});

describe('a key written as a computed name, and a read narrowed to one field', () => {
  it('a computed key of an object that meets V1 descriptors is renamed with them', () => {
    const input = `export async function g() {\n  const r = await (await fetch('${HOST}/v1/election/field/')).json();\n  return [...r, { slug: 'x', ['long_name']: 'X' }].map((d) => d.long_name);\n}\n`;
    expect(transformSource(input, 'a.js').output).toBe(
      input.replace('/v1/', '/v2/').replace("['long_name']", "['description']").replace('d.long_name', 'd.description'),
    );
  });

  it('V1 and V2 items reaching a read narrowed to a field whose `value` V2 keeps: no marker; to a Boolean field: the marker', () => {
    const both = (slug: string) =>
      [
        `const show = (i) => (i.field_type === '${slug}' ? i.value : null);`,
        'export async function f() {',
        `  const a = await (await fetch('${HOST}/v1/election/data/state/WI/')).json();`,
        `  const b = await (await fetch('${HOST}/v2/election/data/state/WI/')).json();`,
        '  return [a.state_information.map(show), b.state_information.map(show)];',
        '}',
        '',
      ].join('\n');
    const date = transformSource(both('vbm_deadline_mail'), 'a.js');
    expect(date.output).toBe(both('absentee_deadline_mail').replace('/v1/', '/v2/'));
    expect(date.markers).toEqual([]);
    const yesNo = transformSource(both('vbm_no_excuse'), 'a.js');
    expect(yesNo.markers.map((m) => [m.code, m.line, m.column])).toEqual([['read-mixed', 1, 59]]);
  });
});

describe('renames the bundled table has no row for', () => {
  /** The bundled table's endpoints, hosts and properties, with two renames of its own. */
  const own = () => {
    const t = structuredClone(loadMappings().table);
    t.v2Fields = [
      { slug: '2nd_deadline', format: 'Date', description: 'A V2 slug may start with a digit.' },
      { slug: 'when_text', format: 'Markdown', description: 'Now words.' },
    ] as MappingTable['v2Fields'];
    t.slugs = [
      {
        kind: 'rename',
        v1: 'second_deadline',
        v2: '2nd_deadline',
        format: 'Date',
        v2Format: 'Date',
        formatCertainty: 'known',
        description: 'Renamed.',
      },
      {
        kind: 'rename',
        v1: 'when_date',
        v2: 'when_text',
        format: 'Date',
        v2Format: 'Markdown',
        formatCertainty: 'inferred',
        basis: 'its name',
        description: 'Renamed.',
      },
    ] as MappingTable['slugs'];
    t.contradictions = [];
    return buildIndex(t, 'own.json');
  };
  const INPUT = [
    'export async function f() {',
    `  const r = await (await fetch('${HOST}/v1/election/data/state/WI/')).json();`,
    '  const by = Object.fromEntries(r.state_information.map((i) => [i.field_type, i]));',
    "  const d = r.state_information.find((i) => i.field_type === 'second_deadline');",
    '  const { second_deadline: dl } = by;',
    "  return [by.second_deadline, by['second_deadline'], d, dl, by.when_date, r.state_information.filter((i) => i.field_type === 'when_date')];",
    '}',
    '',
  ].join('\n');
  const INVALID = '`second_deadline` is `2nd_deadline` in V2, which is not a valid name here: change it by hand';
  const FORMAT =
    '`when_date` became `when_text`, whose format is likely Markdown, not Date (an inference: its name): check how this code reads its `text`';

  it('a V2 slug that is no identifier: renamed in strings, a marker where an identifier stands', () => {
    const r = transformSource(INPUT, 'a.js', { mappings: own() });
    expect(r.output).toBe(
      [
        'export async function f() {',
        `  const r = await (await fetch('${HOST}/v2/election/data/state/WI/')).json();`,
        '  const by = Object.fromEntries(r.state_information.map((i) => [i.field_type, i]));',
        "  const d = r.state_information.find((i) => i.field_type === '2nd_deadline');",
        `  // civic-migrate: ${INVALID}`,
        '  const { second_deadline: dl } = by;',
        `  // civic-migrate: ${INVALID}`,
        `  // civic-migrate: ${FORMAT}`,
        "  return [by.second_deadline, by['2nd_deadline'], d, dl, by.when_text, r.state_information.filter((i) => i.field_type === 'when_text')];",
        '}',
        '',
      ].join('\n'),
    );
    expect(r.markers.map((m) => [m.code, m.line, m.column, m.message])).toEqual([
      ['invalid-name', 5, 11, INVALID],
      ['invalid-name', 6, 14, INVALID],
      ['format-may-change', 6, 64, FORMAT],
      ['format-may-change', 6, 127, FORMAT],
    ]);
    expect(r.changes.map((c) => [c.code, c.line, c.params.to])).toEqual([
      ['endpoint-rewritten', 2, '/v2/election/data/state/'],
      ['slug-rewritten', 4, '2nd_deadline'],
      ['slug-rewritten', 6, '2nd_deadline'],
      ['slug-rewritten', 6, 'when_text'],
      ['slug-rewritten', 6, 'when_text'],
    ]);
  });
});

describe('in a TypeScript program, where a declared type settles a name', () => {
  const TYPES = [
    'export interface Field {',
    '  slug: string;',
    '  long_name: string;',
    '}',
    'export interface Item {',
    '  field_type: string;',
    '  value?: boolean;',
    '}',
    '/** Not the API’s by its shape: no other key of a descriptor or an item. */',
    'export interface Other {',
    '  long_name: string;',
    '  value: number;',
    '}',
    '',
  ].join('\n');
  const A = [
    "import type { Field, Item, Other } from './types.js';",
    'export const label = (d: Field) => d.long_name;',
    'export const other = (o: Other) => [o.long_name, o.value];',
    'const show = (i: Item) => i.value;',
    'export async function f() {',
    `  const a = (await (await fetch('${HOST}/v1/election/data/state/WI/')).json()) as { state_information: Item[] };`,
    `  const b = (await (await fetch('${HOST}/v2/election/data/state/WI/')).json()) as { state_information: Item[] };`,
    '  return [a.state_information.map(show), b.state_information.map(show)];',
    '}',
    'export async function g() {',
    `  const fields = (await (await fetch('${HOST}/v1/election/field/')).json()) as Other[];`,
    '  return fields.map((x) => x.long_name);',
    '}',
    '',
  ].join('\n');
  /** Another type's objects kept under slugs: a slug-named member says less than the declared type. */
  const B =
    "import type { Other } from './types.js';\nexport const pick = (m: Record<string, Other>) => m.vbm_no_excuse.value;\n";
  const program = () =>
    writeTree(
      {
        'tsconfig.json': JSON.stringify({
          compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true },
          include: ['src'],
        }),
        'src/types.ts': TYPES,
        'src/a.ts': A,
        'src/b.ts': B,
      },
      'cm-decide-program-',
    );
  /** Each file's changes (code, offset) and markers (code, line). */
  const decided = async (longName?: 'always') => {
    const summary = await runCodemod({ cwd: program(), ...(longName ? { longName } : {}) });
    expect(summary.program).toEqual({ config: 'tsconfig.json' });
    return Object.fromEntries(
      summary.files.map((f) => [
        f.path,
        [
          f.changes.map((c) => [c.code, c.start]),
          f.markers.map((m) => [m.code, m.line, ...(m.code === 'declared-other' ? [m.message] : [])]),
        ],
      ]),
    );
  };
  const RENAMED = [
    ['property-rewritten', A.indexOf('d.long_name') + 2],
    ['property-rewritten', A.indexOf('i.value') + 2],
    ['endpoint-rewritten', A.indexOf('/v1/election/data')],
    ['endpoint-rewritten', A.indexOf('/v1/election/field')],
  ];
  const TYPES_RENAMED = [
    ['property-rewritten', TYPES.indexOf('long_name')],
    ['property-rewritten', TYPES.indexOf('value')],
  ];
  const DECLARED_OTHER = [
    'declared-other',
    12,
    "`long_name` is read here on V1 field descriptors, but its declared type is not recognised as one (V2 calls it `description`): rename the member in that type and where it is used, or declare the data with the API's type",
  ];

  it('the API’s types are renamed with every read (both versions reaching one is the type’s to say); V1 data read through another type is said', async () => {
    expect(await decided()).toEqual({
      'src/a.ts': [RENAMED, [['property-unproven', 3], DECLARED_OTHER]],
      'src/b.ts': [[['slug-rewritten', B.indexOf('vbm_no_excuse')]], []],
      'src/types.ts': [TYPES_RENAMED, []],
      'tsconfig.json': [[], []],
    });
  });

  it('with `longName: always`: another type’s `long_name` is still its own, and no doubt is said', async () => {
    expect(await decided('always')).toEqual({
      'src/a.ts': [RENAMED, [DECLARED_OTHER]],
      'src/b.ts': [[['slug-rewritten', B.indexOf('vbm_no_excuse')]], []],
      'src/types.ts': [TYPES_RENAMED, []],
      'tsconfig.json': [[], []],
    });
  });
});

describe('GraphQL documents in strings (a Gatsby source plugin, its SDL and a page query in one file)', () => {
  const PLUGIN = [
    "const graphql = (s) => s.join('');",
    'export async function sourceNodes({ actions, createNodeId }) {',
    `  const fields = await (await fetch('${HOST}/v1/election/field/')).json();`,
    "  for (const field of fields) actions.createNode({ ...field, id: createNodeId(field.slug), internal: { type: 'CivicField' } });",
    '}',
    'export function createSchemaCustomization({ actions }) {',
    '  actions.createTypes(`',
    '    type CivicField implements Node {',
    '      slug: String!',
    '      long_name: String',
    '    }',
    '    type Thing {',
    '      long_name: String',
    '    }',
    '  `);',
    '}',
    'export const query = graphql`',
    '  query {',
    '    allCivicField {',
    '      nodes {',
    '        slug',
    '        long_name',
    '      }',
    '    }',
    '  }',
    '`;',
    '',
  ].join('\n');
  const UNLINKED = (type: string) =>
    `\`long_name\` in this GraphQL document is \`description\` in V2, but nothing shows that type \`${type}\` holds the Civic Data API's data: rename it by hand where it does`;
  /** The plugin with no request: nothing fills CivicField. */
  const UNFILLED = PLUGIN.replace(/await \(await fetch\([^)]*\)\)\.json\(\)/, '[]');

  it('the type V1 descriptors fill is renamed in the SDL and the query (result key kept); another type is marked', () => {
    const r = transformSource(PLUGIN, 'gatsby-node.js');
    expect(r.output).toBe(
      PLUGIN.replace('/v1/', '/v2/')
        .replace('  actions.createTypes(`', `  // civic-migrate: ${UNLINKED('Thing')}\n  actions.createTypes(\``)
        .replace('      long_name: String\n    }\n    type Thing', '      description: String\n    }\n    type Thing')
        .replace('        long_name\n', '        long_name: description\n'),
    );
    expect(r.markers.map((m) => [m.code, m.line, m.column])).toEqual([['graphql-unlinked', 13, 7]]);
  });

  it('where nothing fills the type: left, and said only in a file about the API', () => {
    expect(transformSource(UNFILLED, 'gatsby-node.js')).toMatchObject({ output: UNFILLED, changed: false, markers: [] });
    // A slug in a comment makes the file one about the API, with no value of it reaching the documents.
    const about = `// Labels of the Civic Data API's fields (vbm_no_excuse…).\n${UNFILLED}`;
    expect(transformSource(about, 'gatsby-node.js').markers.map((m) => [m.code, m.line, m.message])).toEqual([
      ['graphql-unlinked', 11, UNLINKED('CivicField')],
      ['graphql-unlinked', 14, UNLINKED('Thing')],
      ['graphql-unlinked', 23, UNLINKED('CivicField')],
    ]);
  });
});

describe('names inside URL strings', () => {
  it('a slug in a path the URL scan already marks is that marker’s; in a query string, each name is said', () => {
    const path = `export const u = fetch(\`${HOST}/v1/election/data/state/\${s}/vbm_no_excuse/\`);\n`;
    expect(transformSource(path, 'a.js').markers.map((m) => [m.code, m.line, m.column])).toEqual([['endpoint-unknown', 1, 52]]);
    const query = `export const u = fetch('${HOST}/v1/election/field/?ordering=long_name&x=vbm_no_excuse');\n`;
    const r = transformSource(query, 'a.js');
    expect(r.markers.map((m) => [m.code, m.line, m.column])).toEqual([
      ['property-elsewhere', 1, 81],
      ['renamed-elsewhere', 1, 93],
    ]);
    expect(r.changes.map((c) => [c.code, c.params.to])).toEqual([['endpoint-rewritten', '/v2/election/field/']]);
  });
});

describe('the longName setting is about field properties only; a module’s own names are its own', () => {
  const items = `export async function g(x) {\n  const r = await (await fetch('${HOST}/v1/election/data/state/WI/')).json();\n  return [r.state_information.map((i) => i.value), x.value];\n}\n`;
  const renamed = items.replace('/v1/', '/v2/').replace('i.value', 'i.bool_value');

  it('an item’s `value` follows the data under `never` and `always` alike', () => {
    for (const longName of ['never', 'always'] as const) {
      const r = transformSource(items, 'a.js', { longName });
      expect(r.output, longName).toBe(renamed);
      expect(r.markers, longName).toEqual([]);
    }
  });

  it('a member of a module namespace is not doubted or renamed; a whole string is doubted (auto) or renamed (always)', () => {
    const input = `import * as api from './api.js';\nexport const k = [api.long_name, 'long_name'];\nconst u = fetch('${HOST}/v1/election/field/');\n`;
    const auto = transformSource(input, 'a.js');
    expect(auto.output).toBe(input.replace('/v1/', '/v2/'));
    expect(auto.markers.map((m) => [m.code, m.line, m.column])).toEqual([['property-unproven', 2, 35]]);
    const always = transformSource(input, 'a.js', { longName: 'always' });
    expect(always.output).toBe(input.replace('/v1/', '/v2/').replace("'long_name'", "'description'"));
    expect(always.changes.map((c) => [c.code, c.rule])).toEqual([
      ['property-rewritten', { kind: 'property', v1: 'long_name' }],
      ['endpoint-rewritten', { kind: 'endpoint', v1: '/v1/election/field/' }],
    ]);
  });
});
