/**
 * The adapter's plan of a mapping table (src/payload/steps.ts), read whole on a small table of the
 * test's own (#28): which slugs are evidence of each version, the formats each side gets, the option
 * order of each Multi-select, the deletions and footnote moves, and each slug's step in both
 * directions; and every table the adapter refuses, with its message.
 */
import { describe, expect, it } from 'vitest';
import { MappingError } from '../src/errors.js';
import { loadMappings, mappingsFromJson } from '../src/mapping/load.js';
import type { MappingTable } from '../src/mapping/schema.js';
import { planFor } from '../src/payload/steps.js';

/** The bundled table with the test's own slugs, fields, formats and contradictions. */
function table(edit: (t: MappingTable) => void = () => {}): MappingTable {
  const t = structuredClone(loadMappings().table);
  t.v2Fields = [
    { slug: 'methods', format: 'Multi-select', options: ['post', 'phone', 'fax'], description: 'Ways.' },
    { slug: 'fresh', format: 'URL', description: 'New in V2.' },
    { slug: 'kept_url', format: 'Date', description: 'The table says Date.' },
  ] as MappingTable['v2Fields'];
  t.slugs = [
    { kind: 'rename', v1: 'old_name', v2: 'new_name', format: 'Boolean', description: 'Renamed.' },
    { kind: 'rename', v1: 'old_text', v2: 'new_text', description: 'Renamed, format unknown.' },
    { kind: 'unchanged', v1: 'kept', verified: false, format: 'Phone', description: 'Kept.' },
    { kind: 'unchanged', v1: 'kept_url', verified: false, format: 'URL', description: 'Kept.' },
    { kind: 'unknown', v1: 'mystery', description: 'Unknown.' },
    { kind: 'consolidate', v1: 'by_fax', v2: 'methods', option: 'fax', description: 'Folded.' },
    { kind: 'consolidate', v1: 'by_phone', v2: 'methods', option: 'phone', description: 'Folded.' },
    { kind: 'footnote', v1: 'kept_notes', targets: ['kept', 'new_name'], inferred: true, description: 'Moved.' },
    {
      kind: 'delete',
      v1: 'z_gone',
      category: 'redundant',
      format: 'Boolean',
      replacement: ['kept'],
      derive: { from: 'anyNonEmpty', fields: ['new_text'] },
      reason: 'z_gone is kept.',
      description: 'Deleted.',
    },
    {
      kind: 'delete',
      v1: 'a_gone',
      category: 'not-tracked',
      reason: 'nobody tracks it.',
      description: 'Deleted.',
    },
    { kind: 'rename', v1: 'torn', v2: 'torn_v2', description: 'Renamed here.' },
    { kind: 'delete', v1: 'torn', category: 'redundant', reason: 'or deleted.', description: 'Deleted.' },
  ] as MappingTable['slugs'];
  t.formats = [
    { v1: 'Text', v2: 'Markdown' },
    { v1: 'Markdown', v2: 'Markdown' },
    { v1: 'Phone', v2: 'Markdown' },
    { v1: 'Boolean', v2: 'Boolean' },
    { v1: 'URL', v2: 'URL' },
  ];
  t.contradictions = [{ v1: 'torn', kinds: ['rename', 'delete'], resolution: 'delete', warning: 'Torn: deleted here.' }];
  edit(t);
  return t;
}
const plan = (edit?: (t: MappingTable) => void) => planFor(mappingsFromJson(table(edit), 'own.json'));

describe('the plan of a table', () => {
  it('evidence: V1 slugs V2 data never holds, V2 slugs that took V1 data over', () => {
    const p = plan();
    expect([...p.v1Only]).toEqual(['old_name', 'old_text', 'by_fax', 'by_phone', 'kept_notes', 'z_gone', 'a_gone', 'torn']);
    expect([...p.v2Only]).toEqual(['new_name', 'new_text', 'methods']);
  });

  it('a V1 slug that V2 also has is no evidence', () => {
    const p = plan((t) => {
      t.v2Fields.push({ slug: 'a_gone', format: 'URL', description: 'A V2 field under a deleted V1 name.' } as never);
    });
    expect([...p.v1Only]).toEqual(['old_name', 'old_text', 'by_fax', 'by_phone', 'kept_notes', 'z_gone', 'torn']);
  });

  it('a V2 slug that V1 data also holds (a rename onto a slug kept as it is) is no evidence', () => {
    const p = plan((t) => {
      t.slugs.push({ kind: 'rename', v1: 'was_kept', v2: 'kept', description: 'Renamed onto a kept slug.' } as never);
    });
    expect([...p.v2Only]).toEqual(['new_name', 'new_text', 'methods']);
    expect(p.v1Only.has('was_kept')).toBe(true);
  });

  it('formats: V2 slugs get the declared format, else the fold’s Multi-select, else the carried V1 format', () => {
    const p = plan();
    expect(
      ['new_name', 'new_text', 'kept', 'kept_url', 'mystery', 'methods', 'fresh', 'nothing'].map((s) => p.v2FormatOfV2(s)),
    ).toEqual(['Boolean', undefined, 'Markdown', 'Date', undefined, 'Multi-select', 'URL', undefined]);
    expect([...p.formats]).toEqual([
      ['Text', 'Markdown'],
      ['Markdown', 'Markdown'],
      ['Phone', 'Markdown'],
      ['Boolean', 'Boolean'],
      ['URL', 'URL'],
    ]);
  });

  it('V1 formats: the row mapping a format to itself, else the first row for it, else the text format', () => {
    const p = plan();
    expect(['Markdown', 'Boolean', 'URL', 'Date', 'Multi-select'].map((f) => p.v1FormatFor(f as never))).toEqual([
      'Markdown',
      'Boolean',
      'URL',
      'Markdown',
      'Markdown',
    ]);
    const noSelfRow = plan((t) => {
      t.formats = [
        { v1: 'Text', v2: 'Markdown' },
        { v1: 'Phone', v2: 'Markdown' },
        { v1: 'Boolean', v2: 'Boolean' },
      ];
    });
    expect(['Markdown', 'Boolean', 'URL'].map((f) => noSelfRow.v1FormatFor(f as never))).toEqual(['Text', 'Boolean', 'Text']);
  });

  it('option order: the declared options, in their order (a valid table declares every option a V1 Boolean names)', () => {
    expect([...plan().optionOrder]).toEqual([['methods', ['post', 'phone', 'fax']]]);
  });

  it('footnote moves and deletions, in table order and slug order, with the warnings', () => {
    const p = plan();
    expect(p.footnotes).toEqual([{ v1: 'kept_notes', targets: ['kept', 'new_name'], inferred: true, warning: undefined }]);
    expect(p.deletes.map((d) => [d.rule.v1, d.boolean, d.sources, (d.rule as { warning?: string }).warning])).toEqual([
      ['a_gone', false, [], undefined],
      ['torn', false, [], 'Torn: deleted here.'],
      ['z_gone', true, ['new_text'], undefined],
    ]);
  });

  it('V2 names: a V1 slug carried one to one gives its V2 slug; any other slug is itself', () => {
    const p = plan();
    expect(['old_name', 'kept', 'mystery', 'by_fax', 'z_gone', 'elsewhere'].map((s) => p.v2NameOf(s))).toEqual([
      'new_name',
      'kept',
      'mystery',
      'by_fax',
      'z_gone',
      'elsewhere',
    ]);
  });

  it('upgrade steps: each V1 slug’s target and format', () => {
    const p = plan();
    expect(
      [...p.upgradeSteps].map(([slug, s]) => [slug, s.fate.fate, s.target, s.format, s.deleted?.rule.v1 ?? null, s.rule.v1]),
    ).toEqual([
      ['old_name', 'carried', 'new_name', 'Boolean', null, 'old_name'],
      ['old_text', 'carried', 'new_text', undefined, null, 'old_text'],
      ['kept', 'carried', 'kept', 'Markdown', null, 'kept'],
      ['kept_url', 'carried', 'kept_url', 'URL', null, 'kept_url'],
      ['mystery', 'carried', 'mystery', undefined, null, 'mystery'],
      ['by_fax', 'option', 'methods', 'Boolean', null, 'by_fax'],
      ['by_phone', 'option', 'methods', 'Boolean', null, 'by_phone'],
      ['kept_notes', 'footnotes', 'kept_notes', undefined, null, 'kept_notes'],
      ['z_gone', 'deleted', 'z_gone', 'Boolean', 'z_gone', 'z_gone'],
      ['a_gone', 'deleted', 'a_gone', undefined, 'a_gone', 'a_gone'],
      ['torn', 'deleted', 'torn', undefined, 'torn', 'torn'],
    ]);
  });

  it('downgrade steps: each V2 slug’s format, the V1 slugs it carries, its folded Booleans and notes (an unknown V1 slug gives no V2 slug)', () => {
    const p = plan((t) => {
      t.slugs.push({
        kind: 'delete',
        v1: 'old_name',
        category: 'redundant',
        reason: 'or not.',
        description: 'Deleted.',
      } as never);
      t.contradictions.push({ v1: 'old_name', kinds: ['rename', 'delete'], resolution: 'rename', warning: 'Renamed here.' });
    });
    expect([...p.downgradeSteps]).toEqual([
      [
        'new_name',
        {
          format: 'Boolean',
          named: [{ v1: 'old_name', warning: 'Renamed here.' }],
          members: undefined,
          notes: ['kept_notes'],
        },
      ],
      ['new_text', { format: undefined, named: [{ v1: 'old_text', warning: undefined }], members: undefined, notes: [] }],
      ['kept', { format: 'Markdown', named: [{ v1: 'kept', warning: undefined }], members: undefined, notes: ['kept_notes'] }],
      ['kept_url', { format: 'Date', named: [{ v1: 'kept_url', warning: undefined }], members: undefined, notes: [] }],
      [
        'methods',
        {
          format: 'Multi-select',
          named: [],
          members: [
            { v1: 'by_fax', option: 'fax' },
            { v1: 'by_phone', option: 'phone' },
          ],
          notes: [],
        },
      ],
      ['fresh', { format: 'URL', named: [], members: undefined, notes: [] }],
    ]);
  });

  it('the names of the properties the rules rename, and one plan per table', () => {
    const mappings = mappingsFromJson(table(), 'own.json');
    expect(planFor(mappings).names).toEqual({
      description: { v1: 'long_name', v2: 'description' },
      boolean: { v1: 'value', v2: 'bool_value' },
    });
    expect(planFor(mappings)).toBe(planFor(mappings));
  });
});

describe('tables the adapter refuses', () => {
  const refusal = (edit: (t: MappingTable) => void): string => {
    try {
      plan(edit);
    } catch (error) {
      expect(error).toBeInstanceOf(MappingError);
      return (error as Error).message;
    }
    throw new Error('the table was accepted');
  };
  const rule = (t: MappingTable, object: 'field' | 'stateItem') =>
    t.properties.find((p) => p.object === object) as MappingTable['properties'][number];

  it('no V1 format for Markdown', () => {
    expect(
      refusal((t) => {
        t.formats = t.formats.filter((f) => f.v2 !== 'Markdown');
      }),
    ).toBe('own.json: formats: the payload adapter needs a V1 format for Markdown');
  });

  it("no description rule, or two; a description rule naming a property a version's descriptor lacks", () => {
    expect(
      refusal((t) => {
        t.properties = t.properties.filter((p) => p.object !== 'field');
      }),
    ).toBe("own.json: properties: the payload adapter needs the property rule of a field descriptor's description");
    expect(
      refusal((t) => {
        t.properties.push({ ...rule(t, 'field'), v1: 'slug' });
      }),
    ).toBe('own.json: properties ("slug"): a second rule for the same property: which one applies?');
    expect(
      refusal((t) => {
        rule(t, 'field').v1 = 'title';
      }),
    ).toBe(
      'own.json: properties ("title"): the V1 payload schema has no text property "title"; the adapter cannot apply this rule',
    );
    // A text property can be empty: `slug` (never empty) is not one.
    expect(
      refusal((t) => {
        rule(t, 'field').v2 = 'slug';
      }),
    ).toBe(
      'own.json: properties ("long_name"): the V2 payload schema has no text property "slug"; the adapter cannot apply this rule',
    );
    expect(
      refusal((t) => {
        rule(t, 'field').v2 = 'summary';
      }),
    ).toBe(
      'own.json: properties ("long_name"): the V2 payload schema has no text property "summary"; the adapter cannot apply this rule',
    );
  });

  it('a Boolean rule naming a V1 property that is not a Boolean; a rule of another kind', () => {
    expect(
      refusal((t) => {
        rule(t, 'stateItem').v1 = 'text';
      }),
    ).toBe(
      'own.json: properties ("text"): the V1 payload schema has no Boolean property "text"; the adapter cannot apply this rule',
    );
    expect(
      refusal((t) => {
        rule(t, 'stateItem').appliesToFormat = 'URL';
      }),
    ).toBe(
      'own.json: properties ("value"): the payload adapter applies property rules for a field descriptor\'s description and a Boolean item\'s value, not this one',
    );
    expect(
      refusal((t) => {
        rule(t, 'stateItem').appliesToFormat = undefined;
      }),
    ).toBe(
      'own.json: properties ("value"): the payload adapter applies property rules for a field descriptor\'s description and a Boolean item\'s value, not this one',
    );
    expect(
      refusal((t) => {
        rule(t, 'field').appliesToFormat = 'Boolean';
      }),
    ).toBe(
      'own.json: properties ("long_name"): the payload adapter applies property rules for a field descriptor\'s description and a Boolean item\'s value, not this one',
    );
  });
});
