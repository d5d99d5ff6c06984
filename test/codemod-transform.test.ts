import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { loadMappings } from '../src/index.js';
import { mappingsFromJson } from '../src/mapping/load.js';
import type { V1Format, V2Format } from '../src/mapping/schema.js';

const V1 = `export function f(state) {
  const url = state.external_tool_ovr.text;
  return [url, state.registration_submission_fax];
}
`;

describe('transformSource', () => {
  it('returns the edits on the original text, the changes and the markers', () => {
    const r = transformSource(V1, 'a.js');
    expect(r.changed).toBe(true);
    expect(r.edits).toEqual([
      { start: 47, end: 64, text: 'gov_tool_registration' },
      {
        start: 71,
        end: 71,
        text: "  // civic-migrate: `registration_submission_fax` is gone in V2: read `registration_methods`' `multiselect_value` and check for `fax`\n",
      },
    ]);
    expect(V1.slice(47, 64)).toBe('external_tool_ovr');
    expect(r.changes).toEqual([
      {
        kind: 'slug',
        code: 'slug-rewritten',
        severity: 'warning',
        params: { from: 'external_tool_ovr', to: 'gov_tool_registration' },
        rule: { kind: 'rename', v1: 'external_tool_ovr' },
        start: 47,
        end: 64,
        line: 2,
        column: 21,
        endLine: 2,
        endColumn: 38,
        from: 'external_tool_ovr',
        to: 'gov_tool_registration',
      },
    ]);
    expect(r.markers).toEqual([
      {
        cause: 'consolidated',
        code: 'consolidated',
        severity: 'error',
        params: { v1: 'registration_submission_fax', v2: 'registration_methods', option: 'fax', place: 'code' },
        rule: { kind: 'consolidate', v1: 'registration_submission_fax' },
        start: 92,
        end: 119,
        line: 3,
        column: 22,
        endLine: 3,
        endColumn: 49,
        token: 'registration_submission_fax',
        message:
          "`registration_submission_fax` is gone in V2: read `registration_methods`' `multiselect_value` and check for `fax`",
        added: true,
        present: true,
      },
    ]);
  });

  it('markers: false reports the markers without inserting them', () => {
    const r = transformSource(V1, 'a.js', { markers: false });
    expect(r.output).toBe(V1.replace('external_tool_ovr', 'gov_tool_registration'));
    expect(r.markers.map((m) => [m.cause, m.added, m.present])).toEqual([['consolidated', false, false]]);
  });

  it('longName: renames `long_name` where the data flow shows a field descriptor (auto), everywhere (always) or nowhere (never)', () => {
    const plain = 'export const title = (f) => f.long_name;\n';
    const civic = `const URL = 'https://api.voteamerica.org/v2/election/field/';\n${plain}`;
    const flows =
      "export const titles = () => fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()).then((list) => list.map((f) => f.long_name));\n";
    expect(transformSource(plain, 'a.js').output).toBe(plain);
    // In a file that uses the API, a `long_name` nothing shows to be a descriptor's is left, and said with low confidence.
    const doubted = transformSource(civic, 'a.js');
    expect(doubted.output).toBe(civic);
    expect(doubted.markers.map((m) => [m.code, m.confidence, m.present, m.line])).toEqual([
      ['property-unproven', 'low', false, 2],
    ]);
    expect(transformSource(flows, 'a.js').output).toBe(flows.replace('/v1/', '/v2/').replace('long_name', 'description'));
    expect(transformSource(plain, 'a.js', { longName: 'always' }).output).toBe(plain.replace('long_name', 'description'));
    expect(transformSource(flows, 'a.js', { longName: 'never' }).output).toBe(flows.replace('/v1/', '/v2/'));
  });

  it('leaves a file that does not parse untouched, with the first syntax error', () => {
    const input = 'const a = s.external_tool_ovr;\nif (\n';
    expect(transformSource(input, 'a.ts')).toEqual({
      output: input,
      changed: false,
      edits: [],
      changes: [],
      markers: [],
      ignored: 0,
      error: 'syntax error at 2:5: Expression expected.',
    });
  });

  it('parses .ts as TypeScript (generic arrows) and .js as JSX', () => {
    expect(transformSource('export const id = <T,>(x: T) => x.external_tool_ovr;\n', 'a.ts').error).toBeUndefined();
    expect(transformSource('export const A = () => <a href={s.external_tool_ovr}/>;\n', 'a.js').output).toBe(
      'export const A = () => <a href={s.gov_tool_registration}/>;\n',
    );
    expect(transformSource('x', 'a.py').error).toBe('not a TS/JS/Vue file: a.py');
  });

  it('decides a Vue <template>’s expressions as code; a marker there is reported, never written into the template', () => {
    const input =
      '<template>\n  <p v-if="s.vbm_universal.value">{{ s.registration_submission_email.text }}</p>\n</template>\n<script setup>\nconst x = 1;\n</script>\n';
    const r = transformSource(input, 'c.vue');
    // As the same expressions in a script: the slug-named member is an item, its `value` a Boolean item's.
    expect(r.output).toBe(input.replace('s.vbm_universal.value', 's.has_automatic_vbm.bool_value'));
    expect(r.markers).toEqual([
      {
        cause: 'consolidated',
        code: 'consolidated',
        severity: 'error',
        params: { v1: 'registration_submission_email', v2: 'registration_methods', option: 'email', place: 'code' },
        rule: { kind: 'consolidate', v1: 'registration_submission_email' },
        start: 50,
        end: 79,
        line: 2,
        column: 40,
        endLine: 2,
        endColumn: 69,
        token: 'registration_submission_email',
        message:
          "`registration_submission_email` is gone in V2: read `registration_methods`' `multiselect_value` and check for `email`",
        added: false,
        present: false,
      },
    ]);
  });

  it('an Options API component: what a hook stores on `this` reaches its template, computed values and methods', () => {
    const input = [
      '<template>',
      '  <ul>',
      '    <li v-for="f in fields" :key="f.slug">{{ f.long_name }}</li>',
      "    <li v-if=\"item\">{{ item.value ? 'yes' : 'no' }} {{ titles[0] }}</li>",
      '  </ul>',
      '</template>',
      '<script>',
      "const BASE = 'https://api.voteamerica.org/v1';",
      'export default {',
      '  data() {',
      '    return { fields: [], item: null };',
      '  },',
      '  async mounted() {',
      "    this.fields = await fetch(BASE + '/election/field/').then((r) => r.json());",
      '    this.pick(this.fields);',
      '  },',
      '  computed: {',
      '    titles() { return this.fields.map((f) => f.long_name); },',
      '  },',
      '  methods: {',
      "    pick(list) { this.item = list.find((f) => f.slug === 'x'); return this.item && this.item.long_name; },",
      '  },',
      '};',
      '</script>',
      '',
    ].join('\n');
    // (`item` is a descriptor here, whose `value` no rule renames: only a state item's becomes `bool_value`.)
    expect(transformSource(input, 'c.vue').output).toBe(input.replaceAll('long_name', 'description').replace('/v1', '/v2'));
  });

  it('reports Vue positions in the file, not in the block or the virtual script', () => {
    const input =
      '<template>\n  <p>{{ s.vbm_universal }}</p>\n</template>\n<script setup>\nconst x = s.vbm_universal;\n</script>\n';
    const r = transformSource(input, 'c.vue');
    expect(r.output).toBe(input.replaceAll('s.vbm_universal', 's.has_automatic_vbm'));
    expect(r.changes.map((c) => [c.line, c.column, c.endColumn, c.from, c.to])).toEqual([
      [2, 11, 24, 'vbm_universal', 'has_automatic_vbm'],
      [5, 13, 26, 'vbm_universal', 'has_automatic_vbm'],
    ]);
  });

  it('leaves a Vue file the compiler cannot parse to the script blocks alone', () => {
    const input =
      '<template>\n  <p>{{ s.vbm_universal </p>\n</template>\n<script setup>\nconst x = s.vbm_universal;\n</script>\n';
    const r = transformSource(input, 'c.vue');
    expect(r.output).toBe(input.replace('const x = s.vbm_universal', 'const x = s.has_automatic_vbm'));
  });

  it('is driven by the table: a rename added to the table is picked up', () => {
    const json = structuredClone(loadMappings().table);
    json.slugs.push({ kind: 'rename', v1: 'my_custom_field', v2: 'custom_field_v2', description: 'Renamed for this account.' });
    const mappings = mappingsFromJson(json, 'custom.json');
    expect(transformSource("s['my_custom_field'];\n", 'a.js', { mappings }).output).toBe("s['custom_field_v2'];\n");
    expect(transformSource("s['my_custom_field'];\n", 'a.js').output).toBe("s['my_custom_field'];\n");
  });

  it("marks a rename after which the field's format likely changes, and only then", () => {
    const json = structuredClone(loadMappings().table);
    const row = (v1: string, format: V1Format, v2Format: V2Format) => ({
      kind: 'rename' as const,
      v1,
      v2: `${v1}_v2`,
      description: 'Renamed for this account.',
      format,
      v2Format,
      formatCertainty: 'inferred' as const,
      basis: 'The V2 name says so.',
    });
    json.slugs.push(
      row('my_deadline', 'Markdown', 'Date'),
      row('my_page', 'URL', 'Markdown'),
      row('my_info', 'Markdown', 'Markdown'),
    );
    const mappings = mappingsFromJson(json, 'custom.json');
    const markers = (slug: string) =>
      transformSource(`if (item.field_type === '${slug}') show(item.text);\n`, 'a.js', { mappings }).markers.map(
        (m) => m.message,
      );
    expect(markers('my_deadline')).toEqual([
      '`my_deadline` became `my_deadline_v2`, whose format is likely Date, not Markdown (an inference: The V2 name says so): check how this code reads its `text`',
    ]);
    expect(markers('my_page')).toEqual([
      '`my_page` became `my_page_v2`, whose format is likely Markdown, not URL (an inference: The V2 name says so): check how this code reads its `text`',
    ]);
    // Markdown to Markdown, or between two text formats: nothing to check.
    expect(markers('my_info')).toEqual([]);
  });

  it('does not rename a key into one its object already holds: a marker says to merge them', () => {
    const input = 'const o = { vbm_universal: 1, has_automatic_vbm: 2 };\n';
    const r = transformSource(input, 'a.js');
    expect(r.output).toBe(
      `// civic-migrate: \`vbm_universal\` is \`has_automatic_vbm\` in V2, and \`has_automatic_vbm\` is already here: merge the two by hand\n${input}`,
    );
    expect(r.markers.map((m) => [m.code, m.line, m.column])).toEqual([['collision', 1, 13]]);
    expect(r.changes).toEqual([]);
    // Reading the same key into two names is no collision: both read V2's.
    expect(transformSource('const { vbm_universal, has_automatic_vbm } = s;\n', 'a.js').output).toBe(
      'const { has_automatic_vbm: vbm_universal, has_automatic_vbm } = s;\n',
    );
  });

  it('keeps every byte outside the edited spans (comments, quotes, odd spacing)', () => {
    const input =
      '/* keep */ const  a = s [ "external_tool_ovr" ] ; // external_tool_ovr in a comment\n\tconst b = `external_tool_ovr`;\n';
    expect(transformSource(input, 'a.js').output).toBe(
      '/* keep */ const  a = s [ "gov_tool_registration" ] ; // external_tool_ovr in a comment\n\tconst b = `gov_tool_registration`;\n',
    );
  });
});
