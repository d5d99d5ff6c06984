import { describe, expect, it } from 'vitest';
import { upgrade } from '../src/payload/adapt.js';
import type { V1FieldDescriptor } from '../src/payload/schemas.js';
import { referenceServer } from './helpers/apps.js';
import { bundledMappings } from './helpers/bundled.js';
import { migratesWhole } from './helpers/repos.js';

/**
 * Whole repositories migrate together (`fixtures/repos/<name>`): code, config values (`.env`, JSON,
 * YAML) and recorded payloads the tests read. Each repository is judged as its owner would: its own
 * test command passes before and after, its app gives on V2 data what it gave on V1 data, the
 * payload files it records are the adapter's V2 of the originals, nothing is left for the gate, and
 * a second run changes nothing.
 */
const mappings = bundledMappings();

const serverEnv = referenceServer(mappings);

describe('whole repositories, judged by behaviour and by their own tests', () => {
  it('config-values: the V1 base and URLs in .env, JSON and YAML config move with the code that reads them', async () => {
    const { before, after, summary } = await migratesWhole('config-values', serverEnv(), mappings);
    expect(after['.env']).toBe((before['.env'] as string).replace('api.voteamerica.org/v1', 'api.voteamerica.org/v2'));
    expect(after['config/app.json']).toBe(
      (before['config/app.json'] as string).replace('/v1/election/field/', '/v2/election/field/'),
    );
    expect(after['config/app.yml']).toBe(
      (before['config/app.yml'] as string).replace('"https://api.voteamerica.org/v1"', '"https://api.voteamerica.org/v2"'),
    );
    expect(summary.totals.data).toEqual({ config: 3, payloads: 0, graphql: 0 });
    const changed = summary.files.filter((f) => f.status === 'changed').map((f) => f.path);
    expect(changed).toEqual(expect.arrayContaining(['.env', 'config/app.json', 'config/app.yml']));
  });

  it('recorded-payloads: the V1 payloads the tests read become the adapter’s V2 of them, in the same layout', async () => {
    const { before, after, summary } = await migratesWhole('recorded-payloads', serverEnv(), mappings);
    expect(summary.totals.data).toEqual({ config: 0, payloads: 2, graphql: 0 });
    const fields = JSON.parse(before['test/recorded/fields.json'] as string) as V1FieldDescriptor[];
    const fieldsV2 = upgrade(fields, { kind: 'fields', mappings }).value;
    const stateV2 = upgrade(JSON.parse(before['test/recorded/state-IL.json'] as string), {
      kind: 'state',
      mappings,
      fields,
    }).value;
    expect(JSON.parse(after['test/recorded/fields.json'] as string)).toEqual(fieldsV2);
    expect(JSON.parse(after['test/recorded/state-IL.json'] as string)).toEqual(stateV2);
    // The file keeps its layout: the original's indentation and final newline.
    const layout = (text: string) => [/^\s+/m.exec(text.split('\n')[1] ?? '')?.[0], text.endsWith('\n')];
    expect(layout(after['test/recorded/state-IL.json'] as string)).toEqual(
      layout(before['test/recorded/state-IL.json'] as string),
    );
  });

  it('vue-dashboard: the template’s reads of descriptors and Boolean items move with the script’s', async () => {
    const { before, after } = await migratesWhole('vue-dashboard', serverEnv(), mappings);
    const component = after['src/StateDashboard.vue'] as string;
    expect(component).toContain("{{ item.bool_value ? 'yes' : 'no' }}");
    expect(component).toContain(':title="field.description"');
    expect(component).toContain('{{ field.description }}');
    expect(component).toContain('?.description ?? slug');
    // Byte-identical outside the edited spans: the same lines, but for the five holding the six edits.
    const lines = (text: string) => text.split('\n');
    const changed = lines(before['src/StateDashboard.vue'] as string).filter((l, i) => l !== lines(component)[i]);
    expect(changed).toHaveLength(5);
  });

  it('gatsby-site: the plugin config URL, the SDL a source plugin declares and the page query move together', async () => {
    const { before, after, summary } = await migratesWhole('gatsby-site', serverEnv(), mappings);
    expect(summary.totals.data).toEqual({ config: 0, payloads: 0, graphql: 1 });
    // The SDL field of the type the plugin fills with field descriptors, and the query's selection (result key kept).
    expect(after['plugins/civic-source.js']).toBe(
      (before['plugins/civic-source.js'] as string).replace('long_name: String', 'description: String'),
    );
    expect(after['src/pages/fields.js']).toBe(
      (before['src/pages/fields.js'] as string).replace(/^(\s+)long_name$/m, '$1long_name: description'),
    );
    expect(after['site.config.js']).toBe(
      (before['site.config.js'] as string).replace('/v1/election/field/', '/v2/election/field/'),
    );
    // A .graphql file's fragment on that type, too.
    expect(after['src/fragments.graphql']).toBe(
      (before['src/fragments.graphql'] as string).replace('  long_name\n', '  long_name: description\n'),
    );
  });
});
