/**
 * Tests generated from the mapping table: for every rename, consolidation, footnote move, deletion,
 * unchanged and unknown row, upgrade and downgrade do what the row says.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MappingError } from '../src/errors.js';
import { DEFAULT_TABLE_PATH, mappingsFromJson } from '../src/mapping/load.js';
import type {
  ConsolidateRule,
  DeleteRule,
  FootnoteRule,
  MappingTable,
  RenameRule,
  UnchangedRule,
  UnknownRule,
} from '../src/mapping/schema.js';
import {
  type Diagnostic,
  downgrade,
  type RegionalOverride,
  upgrade,
  type V1StateItem,
  type V1StateRecord,
  type V2StateItem,
  type V2StateRecord,
} from '../src/payload/index.js';
import { bundledMappings } from './helpers/bundled.js';

const m = bundledMappings();
const rules = [...m.byV1.values()];
const of = <K extends string>(kind: K) => rules.filter((r) => r.kind === kind);
const renames = of('rename') as RenameRule[];
const consolidations = of('consolidate') as ConsolidateRule[];
const footnotes = of('footnote') as FootnoteRule[];
const deletes = of('delete') as DeleteRule[];
const unchanged = of('unchanged') as UnchangedRule[];
const unknown = of('unknown') as UnknownRule[];
const groups = [...m.consolidations.entries()];

const T1 = '2021-01-01T00:00:00Z';
const T2 = '2022-02-02T02:02:02.020202Z';
const T3 = '2023-03-03T03:03:03Z';

const isBoolean = (v1: string) => m.v1FormatOf(v1) === 'Boolean';
/** A V1 item as the server sends it: Booleans carry `value`. */
const v1Item = (slug: string, text: string, modified_at = T1): V1StateItem =>
  isBoolean(slug) ? { text, field_type: slug, modified_at, value: text === 'True' } : { text, field_type: slug, modified_at };
const v1Record = (items: V1StateItem[], code = 'CA', name = 'California'): V1StateRecord => ({
  code,
  name,
  state_information: items,
});
const v2Record = (items: V2StateItem[], code = 'CA', name = 'California'): V2StateRecord => ({
  code,
  name,
  state_information: items,
});
const sample = (slug: string) => (isBoolean(slug) ? 'True' : `Value of ${slug}.`);
const byField = <T extends { field_type: string }>(items: readonly T[]) => new Map(items.map((i) => [i.field_type, i]));
const codes = (ds: readonly Diagnostic[], field?: string) =>
  ds.filter((d) => field === undefined || d.field === field).map((d) => d.code);

it('the table has rows of every kind (the generated tests below are not empty)', () => {
  expect([renames, consolidations, footnotes, deletes, unchanged, unknown].map((l) => l.length > 0)).toEqual([
    true,
    true,
    true,
    true,
    true,
    true,
  ]);
  expect(groups.length).toBeGreaterThan(0);
});

describe.each(renames)('rename $v1 → $v2', (rule) => {
  const boolean = isBoolean(rule.v1);
  const v2Item: V2StateItem = boolean
    ? { field_type: rule.v2, text: 'True', bool_value: true, footnotes: '', modified_at: T2 }
    : { field_type: rule.v2, text: sample(rule.v1), footnotes: '', modified_at: T2 };

  it('upgrade: the item under its V2 slug, the same value', () => {
    const { value } = upgrade(v1Record([v1Item(rule.v1, sample(rule.v1), T2)]), { kind: 'state' });
    expect(value.state_information).toEqual([v2Item]);
  });

  it('downgrade: the item under its V1 slug again', () => {
    const { value } = downgrade(v2Record([v2Item]), { kind: 'state' });
    expect(byField(value.state_information).get(rule.v1)).toEqual(v1Item(rule.v1, sample(rule.v1), T2));
    expect(byField(value.state_information).has(rule.v2)).toBe(false);
  });

  it('field list: slug renamed, long_name ⇄ description', () => {
    const format = m.v1FormatOf(rule.v1) ?? 'Markdown';
    const up = upgrade([{ slug: rule.v1, long_name: `About ${rule.v1}`, field_format: format }], { kind: 'fields' });
    expect(up.value).toEqual([{ slug: rule.v2, description: `About ${rule.v1}`, field_format: format }]);
    const down = downgrade(up.value, { kind: 'fields' });
    expect(down.value.find((f) => f.slug === rule.v1)).toEqual({
      slug: rule.v1,
      long_name: `About ${rule.v1}`,
      field_format: format,
    });
  });
});

describe.each(groups)('consolidation into %s', (v2, members) => {
  const order = m.v2Fields.get(v2)?.options ?? members.map((x) => x.option);
  // Every other member true, so both outcomes are covered.
  const truth = new Map(members.map((x, i) => [x.v1, i % 2 === 0]));
  const selected = order.filter((o) => members.some((x) => x.option === o && truth.get(x.v1)));

  it('upgrade: one Multi-select item with the options whose Boolean was true, in option-set order', () => {
    const items = members.map((x, i) => v1Item(x.v1, truth.get(x.v1) ? 'True' : 'False', i === 1 ? T3 : T1));
    const { value, diagnostics } = upgrade(v1Record(items), { kind: 'state' });
    expect(value.state_information).toEqual([
      {
        field_type: v2,
        text: selected.join(', '),
        multiselect_value: selected,
        footnotes: '',
        modified_at: members.length > 1 ? T3 : T1,
      },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('downgrade: every V1 Boolean back, "True"/"False" with value', () => {
    const { value } = downgrade(
      v2Record([{ field_type: v2, text: selected.join(', '), multiselect_value: selected, footnotes: '', modified_at: T2 }]),
      {
        kind: 'state',
      },
    );
    const back = byField(value.state_information);
    for (const x of members) expect(back.get(x.v1)).toEqual(v1Item(x.v1, truth.get(x.v1) ? 'True' : 'False', T2));
  });

  it('field list: one Multi-select descriptor with the option set; downgrade lists the V1 Booleans', () => {
    const up = upgrade(
      members.map((x) => ({ slug: x.v1, long_name: x.v1, field_format: 'Boolean' })),
      { kind: 'fields' },
    );
    expect(up.value).toEqual([
      { slug: v2, description: m.v2Fields.get(v2)?.description, field_format: 'Multi-select', options: order },
    ]);
    const down = downgrade(up.value, { kind: 'fields' });
    for (const x of members) expect(down.value.find((f) => f.slug === x.v1)?.field_format).toBe('Boolean');
  });

  it.each(order.filter((o) => !members.some((x) => x.option === o)))(
    'downgrade: option %s has no V1 Boolean and is reported',
    (option) => {
      const { diagnostics } = downgrade(
        v2Record([{ field_type: v2, text: option, multiselect_value: [option], footnotes: '', modified_at: T2 }]),
        { kind: 'state' },
      );
      expect(diagnostics.filter((d) => d.code === 'option-dropped')).toEqual([
        {
          code: 'option-dropped',
          severity: 'warning',
          field: v2,
          path: '$.state_information[0]',
          message: `option "${option}" of "${v2}" has no V1 Boolean: dropped`,
        },
      ]);
    },
  );
});

describe.each(footnotes)('footnote move $v1 → $targets', (rule) => {
  const notes = `Notes from ${rule.v1}.`;
  /** The target's V1 source and its V2 item (a Multi-select target comes from its V1 Booleans). */
  const targetItems = (slug: string) => {
    const origin = (m.byV2.get(slug) ?? []).find((o) => o.kind !== 'footnote');
    if (origin?.kind === 'consolidate') return (m.consolidations.get(slug) ?? []).map((x) => v1Item(x.v1, 'False'));
    return [v1Item(origin && 'v1' in origin ? origin.v1 : slug, sample(origin && 'v1' in origin ? origin.v1 : slug))];
  };

  it('upgrade: the notes become the footnotes of every target; the notes field is gone', () => {
    const items = [...rule.targets.flatMap(targetItems), v1Item(rule.v1, notes)];
    const { value } = upgrade(v1Record(items), { kind: 'state' });
    expect(value.state_information.map((i) => [i.field_type, i.footnotes])).toEqual(
      [...rule.targets].sort().map((t) => [t, notes]),
    );
  });

  it('downgrade: the notes field again, from the targets’ footnotes', () => {
    const up = upgrade(v1Record([...rule.targets.flatMap(targetItems), v1Item(rule.v1, notes, T3)]), { kind: 'state' });
    const { value } = downgrade(up.value, { kind: 'state' });
    expect(byField(value.state_information).get(rule.v1)?.text).toBe(notes);
  });

  it('upgrade: notes with none of their targets in the record are reported as lost', () => {
    const { value, diagnostics } = upgrade(v1Record([v1Item(rule.v1, notes)]), { kind: 'state' });
    expect(value.state_information).toEqual([]);
    expect(codes(diagnostics, rule.v1)).toContain('notes-without-target');
  });
});

describe.each(deletes)('deletion of $v1 ($category)', (rule) => {
  it('upgrade: dropped and reported', () => {
    const { value, diagnostics } = upgrade(v1Record([v1Item(rule.v1, sample(rule.v1))]), { kind: 'state' });
    expect(value.state_information).toEqual([]);
    expect(codes(diagnostics, rule.v1).filter((c) => c !== 'table-warning')).toEqual([
      // With nothing else in the record, only a constant derive gives the same value back.
      rule.derive?.from === 'constant' && (rule.derive.value ? 'True' : 'False') === sample(rule.v1)
        ? 'deleted-field'
        : 'deleted-value-lost',
    ]);
  });

  it('downgrade: present for V1 code, derived where the table says how, else V1’s empty value', () => {
    const { value, diagnostics } = downgrade(v2Record([]), { kind: 'state', overrides: [] });
    const item = byField(value.state_information).get(rule.v1);
    const derive = rule.derive;
    const boolean = isBoolean(rule.v1);
    const empty = boolean ? { text: '', value: false } : { text: '' };
    const expected =
      derive?.from === 'constant'
        ? { text: derive.value ? 'True' : 'False', value: derive.value }
        : derive?.from === 'overrides'
          ? { text: 'False', value: false }
          : empty;
    expect(item).toEqual({ field_type: rule.v1, modified_at: '1970-01-01T00:00:00Z', ...expected });
    const derived = derive?.from === 'constant' || derive?.from === 'overrides';
    expect(codes(diagnostics, rule.v1).filter((c) => c !== 'table-warning')).toEqual([
      derived ? 'deleted-field-derived' : 'deleted-field-emptied',
    ]);
  });

  it('field list: dropped on upgrade, listed again on downgrade', () => {
    const format = m.v1FormatOf(rule.v1) ?? 'Markdown';
    const up = upgrade([{ slug: rule.v1, long_name: rule.v1, field_format: format }], { kind: 'fields' });
    expect(up.value).toEqual([]);
    const down = downgrade([], { kind: 'fields' });
    expect(down.value.find((f) => f.slug === rule.v1)?.field_format).toBe(format);
  });
});

describe('derived deletions from V2 data', () => {
  const derived = deletes.filter((d) => d.derive !== undefined);

  it.each(derived)('$v1: derived from its sources', (rule) => {
    const derive = rule.derive;
    if (!derive) throw new Error('unreachable');
    const overrides: RegionalOverride[] = [];
    const items: V2StateItem[] = [];
    let expected: string;
    switch (derive.from) {
      case 'anyNonEmpty': {
        const [first, ...rest] = derive.fields;
        items.push({ field_type: first as string, text: 'data', footnotes: '', modified_at: T3 });
        for (const f of rest) items.push({ field_type: f, text: '', footnotes: '', modified_at: T1 });
        expected = 'True';
        break;
      }
      case 'copy':
        items.push({ field_type: derive.field, text: 'https://example.gov/info', footnotes: '', modified_at: T3 });
        expected = 'https://example.gov/info';
        break;
      case 'constant':
        expected = derive.value ? 'True' : 'False';
        break;
      case 'overrides':
        // The state given by name on one override: both forms are accepted.
        overrides.push({
          state: 'California',
          region: { name: 'Los Angeles County' },
          field: { slug: derive.field },
          value: 'https://la.example.gov/',
        });
        items.push({ field_type: derive.field, text: 'https://ca.example.gov/', footnotes: '', modified_at: T3 });
        expected = 'True';
        break;
    }
    const { value } = downgrade(v2Record(items), { kind: 'state', overrides });
    const item = byField(value.state_information).get(rule.v1);
    expect(item?.text).toBe(expected);
    if (isBoolean(rule.v1)) expect(item?.value).toBe(expected === 'True');
    // A derived value counts as "given back" on upgrade when it matches, so it is not reported as lost.
    const v1 = downgrade(v2Record(items), { kind: 'state', overrides }).value;
    const again = upgrade(v1, { kind: 'state', overrides });
    expect(codes(again.diagnostics, rule.v1)).toEqual(['deleted-field']);
  });

  it('anyNonEmpty is False when its fields are all empty, and the item is emptied when none is present', () => {
    const rule = derived.find((d) => d.derive?.from === 'anyNonEmpty');
    if (rule?.derive?.from !== 'anyNonEmpty') throw new Error('the table has no anyNonEmpty derive');
    const empty = downgrade(
      v2Record(rule.derive.fields.map((f) => ({ field_type: f, text: '', footnotes: '', modified_at: T1 }))),
      { kind: 'state' },
    );
    expect(byField(empty.value.state_information).get(rule.v1)).toMatchObject({ text: 'False', value: false, modified_at: T1 });
    const none = downgrade(v2Record([]), { kind: 'state' });
    expect(codes(none.diagnostics, rule.v1)).toEqual(['deleted-field-emptied']);
  });

  it('overrides for another state, or no override list at all, do not make a state regional', () => {
    const rule = derived.find((d) => d.derive?.from === 'overrides');
    if (rule?.derive?.from !== 'overrides') throw new Error('the table has no overrides derive');
    const elsewhere = [
      { state: 'NV', region: { name: 'Clark County' }, field: { slug: rule.derive.field }, value: 'https://x.gov/' },
    ];
    const other = downgrade(v2Record([]), { kind: 'state', overrides: elsewhere });
    expect(byField(other.value.state_information).get(rule.v1)?.text).toBe('False');
    const without = downgrade(v2Record([]), { kind: 'state' });
    expect(byField(without.value.state_information).get(rule.v1)?.text).toBe('');
    expect(without.diagnostics.find((d) => d.field === rule.v1)?.message).toBe(
      `"${rule.v1}" (deleted in V2, ${rule.category}) given V1's empty value: it is derived from ${rule.derive.field} overrides: pass the V2 override list`,
    );
  });
});

describe.each(unchanged)('unchanged $v1', (rule) => {
  it('kept under the same slug both ways', () => {
    const item = v1Item(rule.v1, sample(rule.v1));
    const up = upgrade(v1Record([item]), { kind: 'state' });
    expect(up.value.state_information.map((i) => i.field_type)).toEqual([rule.v1]);
    expect(up.diagnostics.filter((d) => d.field === rule.v1)).toEqual([]);
    const down = downgrade(up.value, { kind: 'state' });
    expect(byField(down.value.state_information).get(rule.v1)).toEqual(item);
  });
});

describe.each(unknown)('$v1 (no known V2 fate)', (rule) => {
  it('kept as it is and reported; strict refuses it', () => {
    const item = v1Item(rule.v1, 'Something.');
    const { value, diagnostics } = upgrade(v1Record([item]), { kind: 'state' });
    expect(value.state_information).toEqual([{ field_type: rule.v1, text: 'Something.', footnotes: '', modified_at: T1 }]);
    expect(diagnostics).toEqual([
      {
        code: 'unknown-field',
        severity: 'warning',
        field: rule.v1,
        path: '$.state_information[0]',
        message: `"${rule.v1}" has no known fate in V2: kept as it is`,
      },
    ]);
    expect(() => upgrade(v1Record([item]), { kind: 'state', strict: true })).toThrow(
      `$.state_information[0]: strict: "${rule.v1}" has no known fate in V2: kept as it is`,
    );
  });
});

it('contradictions: each resolved row carries the table’s warning into the diagnostics', () => {
  for (const [slug, c] of m.contradictions) {
    const { diagnostics } = upgrade(v1Record([v1Item(slug, sample(slug))]), { kind: 'state' });
    expect(diagnostics.filter((d) => d.code === 'table-warning')).toEqual([
      { code: 'table-warning', severity: 'warning', field: slug, path: '$.state_information[0]', message: c.warning },
    ]);
  }
});

describe('the table’s property rules, as the adapter applies them', () => {
  const raw = JSON.parse(readFileSync(DEFAULT_TABLE_PATH, 'utf8')) as MappingTable;
  /** upgrade with a copy of the bundled table changed by `edit`: the MappingError's message. */
  const refusal = (edit: (properties: MappingTable['properties']) => void) => {
    const table = structuredClone(raw);
    edit(table.properties);
    const mappings = mappingsFromJson(table, 'my-table.json');
    try {
      upgrade(v1Record([]), { kind: 'state', mappings });
    } catch (error) {
      expect(error).toBeInstanceOf(MappingError);
      return (error as Error).message;
    }
    throw new Error('the table was accepted');
  };
  const booleanRule = (ps: readonly MappingTable['properties'][number][]) =>
    ps.find((p) => p.appliesToFormat === 'Boolean') as MappingTable['properties'][number];

  it('names each version’s properties by the rules: a Boolean item and a descriptor carry the rules’ names', () => {
    const bool = booleanRule(m.properties);
    const description = m.properties.find((p) => p.object === 'field') as (typeof m.properties)[0];
    const slug = renames.find((r) => isBoolean(r.v1))?.v1 as string;
    const up = upgrade(v1Record([v1Item(slug, 'True')]), { kind: 'state' }).value.state_information[0];
    expect(up?.[bool.v2]).toBe(true);
    const down = downgrade(up === undefined ? v2Record([]) : v2Record([up]), { kind: 'state' }).value;
    expect(byField(down.state_information).get(slug)?.[bool.v1]).toBe(true);
    const field = upgrade([{ slug, [description.v1]: 'Long name', field_format: 'Boolean' }], { kind: 'fields' }).value[0];
    expect(field?.[description.v2]).toBe('Long name');
  });

  it('refuses a table without the rule it needs, a rule naming a property the payload schemas lack, or one it cannot apply', () => {
    expect(refusal((ps) => ps.splice(ps.indexOf(booleanRule(ps)), 1))).toBe(
      "my-table.json: properties: the payload adapter needs the property rule of a Boolean item's value",
    );
    expect(
      refusal((ps) => {
        booleanRule(ps).v2 = 'boolean_value';
      }),
    ).toBe(
      'my-table.json: properties ("value"): the V2 payload schema has no Boolean property "boolean_value"; the adapter cannot apply this rule',
    );
    expect(
      refusal((ps) => {
        booleanRule(ps).v2 = 'text';
      }),
    ).toMatch(/the V2 payload schema has no Boolean property "text"/);
    expect(refusal((ps) => ps.push({ ...booleanRule(ps), v1: 'modified_at', v2: 'modified_at', appliesToFormat: 'URL' }))).toBe(
      'my-table.json: properties ("modified_at"): the payload adapter applies property rules for a field descriptor\'s description and a Boolean item\'s value, not this one',
    );
    expect(refusal((ps) => ps.push({ ...booleanRule(ps), v1: 'text' }))).toBe(
      'my-table.json: properties ("text"): a second rule for the same property: which one applies?',
    );
  });
});

it('reads the field list option on each call: a descriptor edited in place between calls is seen (no stale index)', () => {
  const slug = unknown[0]?.v1 ?? unchanged[0]?.v1;
  if (slug === undefined) throw new Error('the table has no unknown or unchanged row');
  const fields = [{ slug, long_name: 'A field', field_format: 'Markdown' }];
  const record = v1Record([{ text: 'True', field_type: slug, modified_at: T1 }]);
  const first = upgrade(record, { kind: 'state', fields }).value.state_information[0];
  expect(first && 'bool_value' in first).toBe(false);
  (fields[0] as { field_format: string }).field_format = 'Boolean';
  const second = upgrade(record, { kind: 'state', fields }).value.state_information[0];
  expect(second?.bool_value).toBe(true);
});

describe('diagnostics no other test reaches', () => {
  const bool = renames.find((r) => isBoolean(r.v1)) as RenameRule;
  const said = (ds: readonly Diagnostic[], code: string) => ds.filter((d) => d.code === code).map((d) => d.message);

  it('boolean-unreadable: a Boolean text that is not True/False/"" is kept, its value false', () => {
    const r = upgrade(v1Record([{ text: 'Yes', field_type: bool.v1, modified_at: T1 }]), { kind: 'state' });
    expect(r.value.state_information[0]).toMatchObject({ field_type: bool.v2, text: 'Yes', bool_value: false });
    expect(said(r.diagnostics, 'boolean-unreadable')).toEqual([
      'text "Yes" is not "True", "False" or "": kept; bool_value is false',
    ]);
  });

  it('unset-option: an unset Boolean folded into a Multi-select is an unselected option, said', () => {
    const [v2, members] = groups[0] as (typeof groups)[number];
    const first = members[0] as { v1: string; option: string };
    const r = upgrade(v1Record([{ text: '', field_type: first.v1, modified_at: T1, value: false }]), { kind: 'state' });
    expect(r.value.state_information[0]).toMatchObject({ field_type: v2, text: '', multiselect_value: [] });
    expect(said(r.diagnostics, 'unset-option')).toEqual([
      `"${first.v1}" is unset, but V2 option "${first.option}" of "${v2}" is either selected or not: not selected (downgrade gives "False")`,
    ]);
  });

  it('unknown-format: a field_format the table does not know is Markdown, said where it stands and on each use', () => {
    const fields = [{ slug: 'my_field', long_name: 'Mine', field_format: 'Checkbox' }];
    const r = upgrade(fields, { kind: 'fields' });
    expect(r.value[0]).toMatchObject({ slug: 'my_field', field_format: 'Markdown' });
    expect(r.diagnostics.filter((d) => d.code === 'unknown-format').map((d) => [d.path, d.message])).toEqual([
      ['$[0].field_format', 'field_format "Checkbox" is not a V1 format the table knows: treated as Markdown'],
    ]);
    const state = upgrade(v1Record([{ text: 'x', field_type: 'my_field', modified_at: T1 }]), { kind: 'state', fields });
    expect(said(state.diagnostics, 'unknown-format')).toEqual([
      'field_format "Checkbox" in the field list is not a V1 format the table knows: treated as Markdown',
    ]);
  });

  it('format-downgraded: a V2 format V1 did not have is listed as V1 text', () => {
    const r = downgrade([{ slug: 'my_choices', description: 'Mine', field_format: 'Multi-select', options: ['a'] }], {
      kind: 'fields',
    });
    expect(r.value.find((d) => d.slug === 'my_choices')).toEqual({
      slug: 'my_choices',
      long_name: 'Mine',
      field_format: 'Markdown',
    });
    expect(said(r.diagnostics, 'format-downgraded')).toEqual([
      'V1 has no Multi-select format: "my_choices" is listed as Markdown (its value is in text)',
    ]);
  });
});
