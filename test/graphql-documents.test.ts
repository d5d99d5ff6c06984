import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyEdits, sortEdits } from '../src/codemod/edits.js';
import {
  type GraphqlDocument,
  type GraphqlSource,
  gatsbyTypeOf,
  graphqlRenames,
  graphqlSourceOfTemplate,
  looksLikeGraphql,
  parseGraphql,
  parseGraphqlSet,
} from '../src/graphql/documents.js';

/** A Gatsby `gatsby-node.js`: SDL in a template literal, with a substitution, escapes and descriptions. */
const GATSBY_NODE = `const { NODE_FIELDS } = require('./fragments');

exports.createSchemaCustomization = ({ actions }) => {
  actions.createTypes(\`
    """
    A field of the field list; its \\\`long_name\\\` is the label.
    """
    type CivicField implements Node @dontInfer {
      \${NODE_FIELDS}
      slug: String!
      "The label shown to voters"
      long_name: String
      label: String @proxy(from: "long_name")
      components: [GeocodeComponent!]!
    }

    # Geocoder output: its long_name is not the API's.
    type GeocodeComponent {
      long_name: String
      short_name: String
    }

    extend type CivicField {
      field_format: String
    }
  \`);
};
`;

/** A page's `.graphql` file: a fragment on the type, connection queries (nodes, edges, group), a singular query. */
const QUERIES = `# Fields of the Civic Data API, as the pages read them.
fragment CivicFieldLabel on CivicField {
  slug
  label: long_name
}

query FieldList {
  allCivicField(
    filter: { long_name: { ne: null }, components: { elemMatch: { long_name: { eq: "County" } } } }
    sort: { long_name: ASC }
  ) {
    nodes {
      ...CivicFieldLabel
      __typename
      long_name
      components { long_name short_name }
    }
  }
}

query FieldEdges {
  allCivicField(sort: { fields: [slug, long_name], order: ASC }) {
    totalCount
    edges { node { slug long_name } }
    group(field: long_name) { fieldValue nodes { slug } }
  }
}

query OneField($slug: String!) {
  civicField(slug: { eq: $slug }) {
    title: long_name
    ... on CivicField { field_format }
  }
}
`;

/** The raw pieces of the template literal opening at `open` (a backtick), as a JS parser gives them. */
function templatePieces(file: string, open: number): { text: string; start: number }[] {
  const pieces: { text: string; start: number }[] = [];
  let start = open + 1;
  for (let i = start; i < file.length; i++) {
    if (file[i] === '\\') i++;
    else if (file[i] === '`') {
      pieces.push({ text: file.slice(start, i), start });
      return pieces;
    } else if (file.startsWith('${', i)) {
      pieces.push({ text: file.slice(start, i), start });
      i = file.indexOf('}', i);
      start = i + 1;
    }
  }
  throw new Error('unterminated template');
}

/** The span of `name` in `text`, at its first occurrence inside the first occurrence of `context`. */
function span(text: string, context: string, name: string): { start: number; end: number } {
  const at = text.indexOf(context);
  const start = text.indexOf(name, at);
  expect(at).toBeGreaterThan(-1);
  expect(start).toBeLessThan(at + context.length);
  return { start, end: start + name.length };
}

const sdlSource = (): GraphqlSource => graphqlSourceOfTemplate(templatePieces(GATSBY_NODE, GATSBY_NODE.indexOf('`')));
const querySource: GraphqlSource = { text: QUERIES, start: 0 };
const civicLongName = (type: string | undefined, field: string) =>
  type === 'CivicField' && field === 'long_name' ? 'description' : undefined;

function apply(text: string, doc: GraphqlDocument, options?: { keepResultKeys?: boolean }): string {
  return applyEdits(text, sortEdits(graphqlRenames(doc, civicLongName, options)));
}

describe('loading', () => {
  it('loads graphql-js at the first parse, not at import or in looksLikeGraphql', () => {
    // A fresh process: this one has loaded graphql-js already.
    const script = `
      import { createRequire } from 'node:module';
      const m = await import('./src/graphql/documents.ts');
      const cache = createRequire(import.meta.url).cache;
      const loaded = () => Object.keys(cache).some((k) => /node_modules.graphql./.test(k));
      const seen = [loaded()];
      m.looksLikeGraphql('query { a }');
      seen.push(loaded());
      m.parseGraphql({ text: 'query { a }', start: 0 });
      seen.push(loaded());
      console.log(JSON.stringify(seen));`;
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd,
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual([false, false, true]);
  });
});

describe('graphqlSourceOfTemplate', () => {
  it('keeps file offsets: substitutions become spaces, template escapes lose their backslash', () => {
    const source = sdlSource();
    const open = GATSBY_NODE.indexOf('`') + 1;
    expect(source.start).toBe(open);
    expect(source.text).toHaveLength(GATSBY_NODE.indexOf('`);') - open);
    expect(source.text.slice(source.text.indexOf('Node @dontInfer {'))).toMatch(/^Node @dontInfer \{\n {6} {14}\n {6}slug/);
    expect(source.text).toContain('its  `long_name ` is the label.');
    expect(GATSBY_NODE.slice(source.start + source.text.indexOf('slug: String!'))).toMatch(/^slug: String!/);
  });

  it('rejects overlapping pieces, and makes an empty source of none', () => {
    expect(() =>
      graphqlSourceOfTemplate([
        { text: 'abc', start: 10 },
        { text: 'd', start: 12 },
      ]),
    ).toThrow('overlap at offset 12');
    expect(graphqlSourceOfTemplate([])).toEqual({ text: '', start: 0 });
  });
});

describe('parseGraphql: SDL in a template literal', () => {
  it('models types, extensions and field types at file offsets', () => {
    const doc = parseGraphql(sdlSource())!;
    const civic = 'type CivicField implements';
    const geo = 'type GeocodeComponent {\n      long_name: String\n      short_name';
    expect(doc.types).toEqual([
      {
        name: 'CivicField',
        kind: 'object',
        extension: false,
        nameAt: span(GATSBY_NODE, civic, 'CivicField'),
        fields: [
          { name: 'slug', at: span(GATSBY_NODE, 'slug: String!', 'slug'), type: 'String' },
          { name: 'long_name', at: span(GATSBY_NODE, 'long_name: String\n      label', 'long_name'), type: 'String' },
          { name: 'label', at: span(GATSBY_NODE, 'label: String @proxy', 'label'), type: 'String' },
          { name: 'components', at: span(GATSBY_NODE, 'components: [', 'components'), type: 'GeocodeComponent' },
        ],
      },
      {
        name: 'GeocodeComponent',
        kind: 'object',
        extension: false,
        nameAt: span(GATSBY_NODE, geo, 'GeocodeComponent'),
        fields: [
          { name: 'long_name', at: span(GATSBY_NODE, geo, 'long_name'), type: 'String' },
          { name: 'short_name', at: span(GATSBY_NODE, geo, 'short_name'), type: 'String' },
        ],
      },
      {
        name: 'CivicField',
        kind: 'object',
        extension: true,
        nameAt: span(GATSBY_NODE, 'extend type CivicField', 'CivicField'),
        fields: [{ name: 'field_format', at: span(GATSBY_NODE, 'field_format: String', 'field_format'), type: 'String' }],
      },
    ]);
    expect(doc.references).toEqual([
      { name: 'long_name', at: span(GATSBY_NODE, '"long_name")', 'long_name'), parentType: 'CivicField', via: 'directive' },
    ]);
    expect(doc.selections).toEqual([]);
    expect(doc.roots).toEqual([]);
  });

  it('models interfaces, inputs and dotted `@link`/`@proxy` paths', () => {
    const text = `interface Named { name: String }
input CivicFieldFilter { long_name: String }
type Election implements Named {
  name: String
  field: CivicField @link(by: "slug", from: "field_slug")
  label: String @proxy(from: "field.long_name")
}`;
    const doc = parseGraphql({ text, start: 100 })!;
    expect(doc.types.map((t) => [t.kind, t.name, t.fields.map((f) => `${f.name}: ${f.type}`).join(', ')])).toEqual([
      ['interface', 'Named', 'name: String'],
      ['input', 'CivicFieldFilter', 'long_name: String'],
      ['object', 'Election', 'name: String, field: CivicField, label: String'],
    ]);
    const at = (context: string) => {
      const { start, end } = span(text, context, context.replace(/\W+$/, ''));
      return { start: 100 + start, end: 100 + end };
    };
    expect(doc.references).toEqual([
      { name: 'slug', at: at('slug"'), parentType: 'CivicField', via: 'directive' },
      { name: 'field_slug', at: at('field_slug'), parentType: 'Election', via: 'directive' },
      { name: 'field', at: at('field.'), parentType: 'Election', via: 'directive' },
      { name: 'long_name', at: at('long_name"'), parentType: 'CivicField', via: 'directive' },
    ]);
    expect(doc.references.map((r) => text.slice(r.at.start - 100, r.at.end - 100))).toEqual(doc.references.map((r) => r.name));
  });
});

describe('parseGraphql: queries and fragments', () => {
  /** Each selection as `path/name (alias) @ parentType`, checking its span holds its name. */
  const rows = (doc: GraphqlDocument) =>
    doc.selections.map((s) => {
      expect(QUERIES.slice(s.at.start, s.at.end)).toBe(s.name);
      return `${[...s.path, s.name].join('/')}${s.alias ? ` (${s.alias})` : ''} @ ${s.parentType ?? '?'}`;
    });

  it('types selections by fragment conditions, Gatsby connections and the SDL of the document set', () => {
    const [sdl, queries] = parseGraphqlSet([sdlSource(), querySource]);
    expect(sdl?.types).toHaveLength(3);
    expect(rows(queries!)).toEqual([
      'slug @ CivicField',
      'long_name (label) @ CivicField',
      'allCivicField @ Query',
      'allCivicField/nodes @ CivicFieldConnection',
      'allCivicField/nodes/long_name @ CivicField',
      'allCivicField/nodes/components @ CivicField',
      'allCivicField/nodes/components/long_name @ GeocodeComponent',
      'allCivicField/nodes/components/short_name @ GeocodeComponent',
      'allCivicField @ Query',
      'allCivicField/totalCount @ CivicFieldConnection',
      'allCivicField/edges @ CivicFieldConnection',
      'allCivicField/edges/node @ CivicFieldEdge',
      'allCivicField/edges/node/slug @ CivicField',
      'allCivicField/edges/node/long_name @ CivicField',
      'allCivicField/group @ CivicFieldConnection',
      'allCivicField/group/fieldValue @ CivicFieldGroupConnection',
      'allCivicField/group/nodes @ CivicFieldGroupConnection',
      'allCivicField/group/nodes/slug @ CivicField',
      'civicField @ Query',
      'civicField/long_name (title) @ CivicField',
      'civicField/field_format @ CivicField',
    ]);
    expect(queries!.selections[1]).toEqual({
      name: 'long_name',
      at: span(QUERIES, 'label: long_name', 'long_name'),
      alias: 'label',
      path: [],
      parentType: 'CivicField',
      definition: { kind: 'fragment', name: 'CivicFieldLabel' },
    });
    expect(queries!.roots).toEqual([
      {
        name: 'allCivicField',
        at: span(QUERIES, 'allCivicField(\n', 'allCivicField'),
        definition: { kind: 'query', name: 'FieldList' },
        nodeType: 'CivicField',
        connection: true,
      },
      {
        name: 'allCivicField',
        at: span(QUERIES, 'allCivicField(sort', 'allCivicField'),
        definition: { kind: 'query', name: 'FieldEdges' },
        nodeType: 'CivicField',
        connection: true,
      },
      {
        name: 'civicField',
        at: span(QUERIES, 'civicField(slug', 'civicField'),
        definition: { kind: 'query', name: 'OneField' },
        nodeType: 'CivicField',
        connection: false,
      },
    ]);
  });

  it('reads the field names of Gatsby arguments: filter, sort (V4 and V5), group, singular arguments', () => {
    const [, queries] = parseGraphqlSet([sdlSource(), querySource]);
    expect(
      queries!.references.map((r) => {
        expect(QUERIES.slice(r.at.start, r.at.end)).toBe(r.name);
        expect(r.via).toBe('argument');
        return `${r.name} @ ${r.parentType ?? '?'} ${r.at.start}`;
      }),
    ).toEqual([
      `long_name @ CivicField ${span(QUERIES, 'long_name: { ne', 'long_name').start}`,
      `components @ CivicField ${span(QUERIES, 'components: { elemMatch', 'components').start}`,
      `long_name @ GeocodeComponent ${span(QUERIES, 'long_name: { eq', 'long_name').start}`,
      `long_name @ CivicField ${span(QUERIES, 'long_name: ASC', 'long_name').start}`,
      `slug @ CivicField ${span(QUERIES, 'slug, long_name]', 'slug').start}`,
      `long_name @ CivicField ${span(QUERIES, 'long_name], order', 'long_name').start}`,
      `long_name @ CivicField ${span(QUERIES, 'long_name) {', 'long_name').start}`,
      `slug @ CivicField ${span(QUERIES, 'slug: { eq', 'slug').start}`,
    ]);
  });

  it('without the SDL, fields under a declared field type are untyped', () => {
    const doc = parseGraphql(querySource)!;
    expect(rows(doc).filter((r) => r.includes('components'))).toEqual([
      'allCivicField/nodes/components @ CivicField',
      'allCivicField/nodes/components/long_name @ ?',
      'allCivicField/nodes/components/short_name @ ?',
    ]);
    // The same SDL given as `types` types them again.
    const withTypes = parseGraphql(querySource, { types: parseGraphql(sdlSource())!.types })!;
    expect(rows(withTypes)).toEqual(rows(parseGraphqlSet([sdlSource(), querySource])[1]!));
  });

  it('names V4 enum paths segment by segment, and Gatsby child fields after their type', () => {
    const text = `{
  allFile(sort: { fields: [childCivicField___long_name] }) {
    nodes { childCivicField { long_name } childrenNpmPackage { name } }
  }
  meta: site { siteMetadata { title } }
}`;
    const doc = parseGraphqlSet([
      { text: 'type NPMPackage { name: String }', start: 0 },
      { text, start: 0 },
    ])[1]!;
    expect(doc.references.map((r) => [r.name, r.parentType, text.slice(r.at.start, r.at.end)])).toEqual([
      ['childCivicField', 'File', 'childCivicField'],
      ['long_name', 'CivicField', 'long_name'],
    ]);
    expect(doc.selections.map((s) => `${s.name} @ ${s.parentType ?? '?'}`)).toEqual([
      'allFile @ Query',
      'nodes @ FileConnection',
      'childCivicField @ File',
      'long_name @ CivicField',
      'childrenNpmPackage @ File',
      'name @ NPMPackage',
      'site @ Query',
      'siteMetadata @ Site',
      'title @ ?',
    ]);
    expect(doc.roots.map((r) => [r.name, r.alias, r.nodeType, r.connection, r.definition])).toEqual([
      ['allFile', undefined, 'File', true, { kind: 'query' }],
      ['site', 'meta', 'Site', false, { kind: 'query' }],
    ]);
  });

  it('leaves mutation roots to their declared types', () => {
    const doc = parseGraphql({ text: 'mutation Save { saveField(slug: "x") { long_name } }', start: 0 })!;
    expect(doc.roots).toEqual([
      { name: 'saveField', at: { start: 16, end: 25 }, definition: { kind: 'mutation', name: 'Save' }, connection: false },
    ]);
    expect(doc.selections.map((s) => [s.name, s.parentType])).toEqual([
      ['saveField', 'Mutation'],
      ['long_name', undefined],
    ]);
    expect(doc.references).toEqual([]);
  });
});

describe('documents that are not GraphQL', () => {
  const notGraphql = [
    '\n  .button { color: ${color}; }\n',
    'SELECT long_name FROM civic_fields WHERE slug = $1',
    '{ "long_name": "Absentee" }',
    'type your name here',
    '',
    '   # only a comment\n',
  ];

  it.each(notGraphql)('parseGraphql(%j) is undefined', (text) => {
    expect(parseGraphql({ text, start: 0 })).toBeUndefined();
  });

  it('looksLikeGraphql: definition keywords or `{` after whitespace, commas, comments and descriptions', () => {
    const yes = [
      '\n  query { a }',
      '# the list\nfragment F on T { a }',
      '"""\nDoc with "quotes"\n"""\ntype T { a: Int }',
      '"doc" input I { a: Int }',
      ', extend type T { b: Int }',
      '{ allCivicField { totalCount } }',
      'schema { query: Q }',
      'directive @proxy(from: String!) on FIELD_DEFINITION',
      '\uFEFFsubscription { a }',
    ];
    const no = [
      'queryString',
      'types.map(String)',
      'SELECT 1',
      '.a { }',
      '<div>{x}</div>',
      '"unterminated',
      '"""never closed',
      ...notGraphql.slice(-2),
    ];
    expect(yes.filter((t) => !looksLikeGraphql(t))).toEqual([]);
    expect(no.filter((t) => looksLikeGraphql(t))).toEqual([]);
  });
});

describe('gatsbyTypeOf', () => {
  it('reverses Gatsby root names, exactly with the declared types', () => {
    expect(gatsbyTypeOf('allCivicField')).toBe('CivicField');
    expect(gatsbyTypeOf('civicField')).toBe('CivicField');
    expect(gatsbyTypeOf('allowance')).toBe('Allowance');
    expect(gatsbyTypeOf('npmPackage')).toBe('NpmPackage');
    expect(gatsbyTypeOf('allNpmPackage', ['CivicField', 'NPMPackage'])).toBe('NPMPackage');
    expect(gatsbyTypeOf('jsonData', ['JSONData'])).toBe('JSONData');
    expect(gatsbyTypeOf('allCivicField2', ['Civic_field2'])).toBe('Civic_field2');
    expect(gatsbyTypeOf('__schema')).toBeUndefined();
    expect(gatsbyTypeOf('Upper')).toBeUndefined();
  });
});

describe('graphqlRenames', () => {
  it('renames the field of CivicField in SDL, directives and queries; GeocodeComponent keeps its long_name', () => {
    const [sdl, queries] = parseGraphqlSet([sdlSource(), querySource]);
    expect(apply(GATSBY_NODE, sdl!)).toBe(
      GATSBY_NODE.replace('long_name: String\n      label', 'description: String\n      label').replace(
        '@proxy(from: "long_name")',
        '@proxy(from: "description")',
      ),
    );
    expect(apply(QUERIES, queries!)).toBe(`# Fields of the Civic Data API, as the pages read them.
fragment CivicFieldLabel on CivicField {
  slug
  label: description
}

query FieldList {
  allCivicField(
    filter: { description: { ne: null }, components: { elemMatch: { long_name: { eq: "County" } } } }
    sort: { description: ASC }
  ) {
    nodes {
      ...CivicFieldLabel
      __typename
      description
      components { long_name short_name }
    }
  }
}

query FieldEdges {
  allCivicField(sort: { fields: [slug, description], order: ASC }) {
    totalCount
    edges { node { slug description } }
    group(field: description) { fieldValue nodes { slug } }
  }
}

query OneField($slug: String!) {
  civicField(slug: { eq: $slug }) {
    title: description
    ... on CivicField { field_format }
  }
}
`);
  });

  it('says which result keys change, or keeps them with aliases', () => {
    const [, queries] = parseGraphqlSet([sdlSource(), querySource]);
    const selections = graphqlRenames(queries!, civicLongName).filter((e) => e.kind === 'selection');
    expect(selections.map((e) => [e.text, e.resultKey])).toEqual([
      ['description', { before: 'label', after: 'label' }],
      ['description', { before: 'long_name', after: 'description' }],
      ['description', { before: 'long_name', after: 'description' }],
      ['description', { before: 'title', after: 'title' }],
    ]);
    expect(selections[1]).toEqual({
      ...span(QUERIES, 'long_name\n      components', 'long_name'),
      text: 'description',
      from: 'long_name',
      to: 'description',
      kind: 'selection',
      parentType: 'CivicField',
      resultKey: { before: 'long_name', after: 'description' },
    });

    const kept = apply(QUERIES, queries!, { keepResultKeys: true });
    expect(kept).toContain('label: description\n}');
    expect(kept).toContain('__typename\n      long_name: description\n      components { long_name short_name }');
    expect(kept).toContain('edges { node { slug long_name: description } }');
    expect(kept).toContain('title: description\n');
    expect(kept).toContain('sort: { description: ASC }');
    expect(parseGraphql({ text: kept, start: 0 })).toBeDefined();
  });

  it('asks about untyped fields with an undefined type, and skips identity renames', () => {
    const doc = parseGraphql({ text: 'mutation { saveField { long_name slug } }', start: 5 })!;
    const asked: [string | undefined, string][] = [];
    const edits = graphqlRenames(doc, (type, field) => {
      asked.push([type, field]);
      return type === undefined ? field.replace('long_name', 'description') : undefined;
    });
    expect(asked).toEqual([
      ['Mutation', 'saveField'],
      [undefined, 'long_name'],
      [undefined, 'slug'],
    ]);
    expect(edits).toEqual([
      {
        start: 28,
        end: 37,
        text: 'description',
        from: 'long_name',
        to: 'description',
        kind: 'selection',
        resultKey: { before: 'long_name', after: 'description' },
      },
    ]);
  });
});
