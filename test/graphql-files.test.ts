import { describe, expect, it } from 'vitest';
import { transformDataFile } from '../src/repo/data-files.js';
import { apiGraph } from '../src/roles/graph.js';
import { bundledMappings } from './helpers/bundled.js';

/** `.graphql` files, decided with what the program says of their types (`RoleAnalysis.apiTypes`). */
const mappings = bundledMappings();
const graph = apiGraph();
const descriptor = (version: 'v1' | 'v2') => graph.node('descriptor', version) as NonNullable<ReturnType<typeof graph.node>>;

const doc =
  'fragment Label on CivicField {\n  slug\n  long_name\n}\nquery Other {\n  allThing {\n    nodes {\n      long_name\n    }\n  }\n}\n';

describe('.graphql files', () => {
  it('renames the fields of a type filled with V1 descriptors, keeping the result key; marks one nothing links', () => {
    const r = transformDataFile(doc, 'src/fields.graphql', {
      mappings,
      graphql: { types: new Map([['CivicField', descriptor('v1')]]), usesApi: true },
    });
    expect(r.output).toBe(doc.replace('  long_name\n}', '  long_name: description\n}'));
    expect(r.changes.map((c) => [c.line, c.column, c.from, c.to])).toEqual([[3, 3, 'long_name', 'description']]);
    expect(r.markers.map((m) => [m.line, m.column, m.code, m.message])).toEqual([
      [
        8,
        7,
        'graphql-unlinked',
        "`long_name` in this GraphQL document is `description` in V2, but nothing shows that type `Thing` holds the Civic Data API's data: rename it by hand where it does",
      ],
    ]);
  });

  it('leaves a V2 type, and says nothing where the program does not use the API', () => {
    const v2 = transformDataFile(doc, 'a.graphql', {
      mappings,
      graphql: { types: new Map([['CivicField', descriptor('v2')]]), usesApi: true },
    });
    expect(v2.output).toBe(doc);
    expect(v2.markers.map((m) => m.line)).toEqual([8]);
    const unused = transformDataFile(doc, 'a.gql', { mappings });
    expect(unused).toMatchObject({ output: doc, changed: false, markers: [] });
  });

  it('a file that is not GraphQL is left as it is', () => {
    expect(transformDataFile('long_name {{', 'a.graphql', { mappings }).changed).toBe(false);
  });
});
