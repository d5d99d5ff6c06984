/**
 * The item codec (src/payload/codec.ts) branch by branch, with every result and diagnostic whole
 * (#28): how a Boolean, a Multi-select and the other formats are read from either version, how items
 * and descriptors of either version are written (property order included), which properties are
 * extras, and how overrides are copied and checked for duplicates.
 */
import { describe, expect, it } from 'vitest';
import { loadMappings } from '../src/mapping/load.js';
import {
  type CodecRun,
  checkDuplicate,
  convertOverride,
  copyExtrasOf,
  extrasOf,
  type Item,
  readBoolean,
  readItem,
  readOptions,
  writeDescriptor,
  writeItem,
} from '../src/payload/codec.js';
import { Diagnostics } from '../src/payload/diagnostics.js';
import type { RegionalOverride } from '../src/payload/schemas.js';
import { planFor } from '../src/payload/steps.js';
import { payloadProblem, said } from './helpers/payloads.js';

const T = '2024-03-01T12:00:00Z';
const newRun = (): CodecRun => ({ plan: planFor(loadMappings()), diags: new Diagnostics(false), source: 'in.json' });
const item = (text: string, extra: Record<string, unknown> = {}): Item => ({ text, field_type: 'b', modified_at: T, ...extra });

/** What `readBoolean` returns and says for one item. */
function boolean(version: 'v1' | 'v2', it: Item, reportUnset = false) {
  const run = newRun();
  const read = readBoolean(run, version, it, 3, reportUnset);
  return { read, said: said(run.diags.list) };
}

describe('readBoolean', () => {
  it('a value that agrees with its text says nothing', () => {
    expect(boolean('v1', item('True', { value: true }))).toEqual({
      read: { bool: true, text: 'True', unset: false },
      said: [],
    });
    expect(boolean('v1', item('False', { value: false }))).toEqual({
      read: { bool: false, text: 'False', unset: false },
      said: [],
    });
    expect(boolean('v2', item('True', { bool_value: true }))).toEqual({
      read: { bool: true, text: 'True', unset: false },
      said: [],
    });
  });

  it('a value that disagrees with its text wins, and the conflict is said in the names of the direction', () => {
    expect(boolean('v1', item('False', { value: true }))).toEqual({
      read: { bool: true, text: 'True', unset: false },
      said: [
        [
          'boolean-conflict',
          'b',
          '$.state_information[3]',
          'text "False" disagrees with value true: bool_value follows value, and text is written "True"',
        ],
      ],
    });
    expect(boolean('v2', item('True', { bool_value: false }))).toEqual({
      read: { bool: false, text: 'False', unset: false },
      said: [
        [
          'boolean-conflict',
          'b',
          '$.state_information[3]',
          'text "True" disagrees with bool_value false: value follows bool_value, and text is written "False"',
        ],
      ],
    });
  });

  it('an empty text with a true value is a conflict; with a false value it is an unset Boolean', () => {
    expect(boolean('v1', item('', { value: true }), true)).toEqual({
      read: { bool: true, text: 'True', unset: false },
      said: [
        [
          'boolean-conflict',
          'b',
          '$.state_information[3]',
          'text "" disagrees with value true: bool_value follows value, and text is written "True"',
        ],
      ],
    });
    expect(boolean('v1', item('', { value: false }), true)).toEqual({
      read: { bool: false, text: '', unset: true },
      said: [['unset-boolean', 'b', '$.state_information[3]', '"b" is unset (text ""): bool_value is false, text stays ""']],
    });
  });

  it('an unreadable text with a value is a conflict, written as the value says', () => {
    expect(boolean('v1', item('yes', { value: false }))).toEqual({
      read: { bool: false, text: 'False', unset: false },
      said: [
        [
          'boolean-conflict',
          'b',
          '$.state_information[3]',
          'text "yes" disagrees with value false: bool_value follows value, and text is written "False"',
        ],
      ],
    });
  });

  it('an unreadable text without a value is kept, and said', () => {
    expect(boolean('v1', item('yes'))).toEqual({
      read: { bool: false, text: 'yes', unset: false },
      said: [
        [
          'boolean-unreadable',
          'b',
          '$.state_information[3]',
          'text "yes" is not "True", "False" or "": kept; bool_value is false',
        ],
      ],
    });
    // A value that is not a Boolean is no value.
    expect(boolean('v1', item('yes', { value: 'true' })).read).toEqual({ bool: false, text: 'yes', unset: false });
  });

  it('a text read in another case or with spaces is written as V1 compares it, and said', () => {
    expect(boolean('v1', item(' true '))).toEqual({
      read: { bool: true, text: 'True', unset: false },
      said: [['boolean-normalized', 'b', '$.state_information[3]', 'text " true " written as "True", as V1 code compares it']],
    });
    expect(boolean('v2', item('FALSE', { bool_value: false }))).toEqual({
      read: { bool: false, text: 'False', unset: false },
      said: [['boolean-normalized', 'b', '$.state_information[3]', 'text "FALSE" written as "False", as V1 code compares it']],
    });
  });

  it('an unset Boolean is said only when asked', () => {
    expect(boolean('v1', item(''), true)).toEqual({
      read: { bool: false, text: '', unset: true },
      said: [['unset-boolean', 'b', '$.state_information[3]', '"b" is unset (text ""): bool_value is false, text stays ""']],
    });
    expect(boolean('v2', item(''), true)).toEqual({
      read: { bool: false, text: '', unset: true },
      said: [['unset-boolean', 'b', '$.state_information[3]', '"b" is unset (text ""): value is false, text stays ""']],
    });
    expect(boolean('v1', item(''), false)).toEqual({ read: { bool: false, text: '', unset: true }, said: [] });
    // A text that says True is not unset.
    expect(boolean('v1', item('True'), true)).toEqual({ read: { bool: true, text: 'True', unset: false }, said: [] });
  });

  it("V2 reads the draft's value when bool_value is missing, and says so; bool_value wins over it", () => {
    expect(boolean('v2', item('True', { value: true }))).toEqual({
      read: { bool: true, text: 'True', unset: false },
      said: [['legacy-value', 'b', '$.state_information[3]', 'no bool_value: the draft "value" (true) was read']],
    });
    expect(boolean('v2', item('False', { value: false }))).toEqual({
      read: { bool: false, text: 'False', unset: false },
      said: [['legacy-value', 'b', '$.state_information[3]', 'no bool_value: the draft "value" (false) was read']],
    });
    expect(boolean('v2', item('False', { bool_value: false, value: true }))).toEqual({
      read: { bool: false, text: 'False', unset: false },
      said: [],
    });
    // A draft value that is not a Boolean is not read.
    expect(boolean('v2', item('False', { value: 'true' }))).toEqual({
      read: { bool: false, text: 'False', unset: false },
      said: [],
    });
    // V1 has no draft: its `bool_value` is an extra, not read.
    expect(boolean('v1', item('False', { bool_value: true }))).toEqual({
      read: { bool: false, text: 'False', unset: false },
      said: [],
    });
  });
});

describe('readOptions', () => {
  const options = (it: Item) => {
    const run = newRun();
    return { options: readOptions(run, it, 2), said: said(run.diags.list) };
  };

  it('multiselect_value as sent', () => {
    const sent = ['b', 'a'];
    const run = newRun();
    expect(readOptions(run, item('a', { multiselect_value: sent }), 2)).toBe(sent);
    expect(run.diags.list).toEqual([]);
  });

  it("the draft's value when it is a list of strings, said", () => {
    expect(options(item('z', { value: ['a', 'b'] }))).toEqual({
      options: ['a', 'b'],
      said: [['legacy-value', 'b', '$.state_information[2]', 'no multiselect_value: the draft "value" was read']],
    });
  });

  it('else the text, split at commas, said when it names options', () => {
    const read = [
      'multiselect-from-text',
      'b',
      '$.state_information[2]',
      'no multiselect_value: options read from text " a, b,,c "',
    ];
    expect(options(item(' a, b,,c '))).toEqual({ options: ['a', 'b', 'c'], said: [read] });
    // A draft value that is not a list of strings (a hole, a number) is not read.
    // biome-ignore lint/suspicious/noSparseArray: a hole is the case
    expect(options(item(' a, b,,c ', { value: [, 'x'] }))).toEqual({ options: ['a', 'b', 'c'], said: [read] });
    expect(options(item(' a, b,,c ', { value: ['x', 1] }))).toEqual({ options: ['a', 'b', 'c'], said: [read] });
    expect(options(item(' a, b,,c ', { value: 'x' }))).toEqual({ options: ['a', 'b', 'c'], said: [read] });
    expect(options(item(' , '))).toEqual({ options: [], said: [] });
    expect(options(item(''))).toEqual({ options: [], said: [] });
  });
});

describe('readItem', () => {
  const read = (version: 'v1' | 'v2', format: Parameters<typeof readItem>[3], it: Item) => {
    const run = newRun();
    return { content: readItem(run, version, it, format, 1), said: said(run.diags.list) };
  };

  it('a Boolean: its text and value; an unset one is said when read from V1 only', () => {
    expect(read('v1', 'Boolean', item('true'))).toStrictEqual({
      content: { text: 'True', bool: true },
      said: [['boolean-normalized', 'b', '$.state_information[1]', 'text "true" written as "True", as V1 code compares it']],
    });
    expect(read('v1', 'Boolean', item(''))).toStrictEqual({
      content: { text: '', bool: false },
      said: [['unset-boolean', 'b', '$.state_information[1]', '"b" is unset (text ""): bool_value is false, text stays ""']],
    });
    expect(read('v2', 'Boolean', item(''))).toStrictEqual({ content: { text: '', bool: false }, said: [] });
  });

  it('a V1 Multi-select: its text and the options it names', () => {
    expect(read('v1', 'Multi-select', item('a, b'))).toStrictEqual({
      content: { text: 'a, b', options: ['a', 'b'] },
      said: [],
    });
  });

  it('a V2 Multi-select: its text as sent, or the options joined when it has none', () => {
    expect(read('v2', 'Multi-select', item('as sent', { multiselect_value: ['a', 'b'] }))).toStrictEqual({
      content: { text: 'as sent' },
      said: [],
    });
    expect(read('v2', 'Multi-select', item('', { multiselect_value: ['a', 'b'] }))).toStrictEqual({
      content: { text: 'a, b' },
      said: [],
    });
  });

  it('the other formats: the text alone', () => {
    for (const format of ['Single-select', 'Markdown', 'URL', 'Date'] as const)
      for (const version of ['v1', 'v2'] as const)
        expect(read(version, format, item('True', { value: true, multiselect_value: ['a'] }))).toStrictEqual({
          content: { text: 'True' },
          said: [],
        });
  });
});

describe('writeItem', () => {
  const names = () => planFor(loadMappings()).names;
  const entries = (o: object) => Object.entries(o);

  it("V1: text, field_type, modified_at, and a Boolean's value (false unless true)", () => {
    expect(entries(writeItem(names(), 'v1', 's', 'Boolean', { text: 'True', bool: true }, T))).toEqual([
      ['text', 'True'],
      ['field_type', 's'],
      ['modified_at', T],
      ['value', true],
    ]);
    expect(entries(writeItem(names(), 'v1', 's', 'Boolean', { text: '' }, T))).toEqual([
      ['text', ''],
      ['field_type', 's'],
      ['modified_at', T],
      ['value', false],
    ]);
    expect(entries(writeItem(names(), 'v1', 's', 'Markdown', { text: 'x', bool: true }, undefined))).toEqual([
      ['text', 'x'],
      ['field_type', 's'],
      ['modified_at', undefined],
    ]);
  });

  it('V2: field_type, text, the format’s value, empty footnotes, modified_at', () => {
    expect(entries(writeItem(names(), 'v2', 's', 'Boolean', { text: 'False', bool: false }, T))).toEqual([
      ['field_type', 's'],
      ['text', 'False'],
      ['bool_value', false],
      ['footnotes', ''],
      ['modified_at', T],
    ]);
    expect(entries(writeItem(names(), 'v2', 's', 'Boolean', { text: 'True' }, T))).toEqual([
      ['field_type', 's'],
      ['text', 'True'],
      ['bool_value', false],
      ['footnotes', ''],
      ['modified_at', T],
    ]);
    expect(entries(writeItem(names(), 'v2', 's', 'Multi-select', { text: 'a, b', options: ['c'] }, T))).toEqual([
      ['field_type', 's'],
      ['text', 'a, b'],
      ['multiselect_value', ['c']],
      ['footnotes', ''],
      ['modified_at', T],
    ]);
    expect(entries(writeItem(names(), 'v2', 's', 'Multi-select', { text: 'a, b' }, T))).toEqual([
      ['field_type', 's'],
      ['text', 'a, b'],
      ['multiselect_value', ['a', 'b']],
      ['footnotes', ''],
      ['modified_at', T],
    ]);
    expect(entries(writeItem(names(), 'v2', 's', 'URL', { text: 'u', bool: true, options: ['a'] }, T))).toEqual([
      ['field_type', 's'],
      ['text', 'u'],
      ['footnotes', ''],
      ['modified_at', T],
    ]);
  });
});

describe('descriptors and extras', () => {
  const names = () => planFor(loadMappings()).names;

  it('writeDescriptor: V1 with long_name; V2 with description, and options (a copy) when given', () => {
    expect(Object.entries(writeDescriptor(names(), 'v1', 's', 'About', 'Text', ['a']))).toEqual([
      ['slug', 's'],
      ['long_name', 'About'],
      ['field_format', 'Text'],
    ]);
    expect(Object.entries(writeDescriptor(names(), 'v2', 's', 'About', 'Markdown'))).toEqual([
      ['slug', 's'],
      ['description', 'About'],
      ['field_format', 'Markdown'],
    ]);
    const options = ['a', 'b'];
    const written = writeDescriptor(names(), 'v2', 's', 'About', 'Multi-select', options);
    expect(Object.entries(written)).toEqual([
      ['slug', 's'],
      ['description', 'About'],
      ['field_format', 'Multi-select'],
      ['options', ['a', 'b']],
    ]);
    expect(written.options).not.toBe(options);
  });

  it("extrasOf: the properties the version's schema does not name (V2 items read the draft's value)", () => {
    expect(extrasOf('record', 'v2', { code: 'WI', name: 'W', state_information: [], id: 1, updated: 'x' })).toEqual([
      'id',
      'updated',
    ]);
    expect(extrasOf('record', 'v1', { code: 'WI', name: 'W', state_information: [], id: 1 })).toEqual(['id']);
    expect(
      extrasOf('item', 'v2', {
        field_type: 's',
        text: '',
        bool_value: true,
        multiselect_value: [],
        footnotes: '',
        modified_at: T,
        value: true,
        footnote: 'x',
      }),
    ).toEqual(['footnote']);
    expect(extrasOf('item', 'v1', { field_type: 's', text: '', modified_at: T, value: true, footnotes: '' })).toEqual([
      'footnotes',
    ]);
    expect(
      extrasOf('descriptor', 'v2', { slug: 's', description: 'd', field_format: 'URL', options: [], long_name: 'x' }),
    ).toEqual(['long_name']);
    expect(extrasOf('descriptor', 'v1', { slug: 's', long_name: 'd', field_format: 'URL', description: 'x' })).toEqual([
      'description',
    ]);
  });

  it('copyExtrasOf: the extras deep-copied, known properties and ones the target has left alone', () => {
    const nested = { deep: [1] };
    const target: Record<string, unknown> = { text: 'kept', mine: 'kept' };
    copyExtrasOf('item', 'v1', { text: 'other', field_type: 's', modified_at: T, value: true, mine: 'other', nested }, target);
    expect(target).toEqual({ text: 'kept', mine: 'kept', nested: { deep: [1] } });
    expect(target.nested).not.toBe(nested);
    const record: Record<string, unknown> = {};
    copyExtrasOf('record', 'v1', { code: 'WI', name: 'W', state_information: [], id: 1 }, record);
    expect(record).toEqual({ id: 1 });
    const descriptor: Record<string, unknown> = {};
    copyExtrasOf('descriptor', 'v1', { slug: 's', long_name: 'd', field_format: 'URL', order: 2 }, descriptor);
    expect(descriptor).toEqual({ order: 2 });
  });
});

describe('overrides', () => {
  const override = (extra: Record<string, unknown> = {}): RegionalOverride =>
    ({
      state: 'WI',
      region: { name: 'Dane County', fips: '55025' },
      field: { slug: 'old', id: 7 },
      value: 'x',
      ...extra,
    }) as RegionalOverride;

  it('convertOverride: another slug, every extra kept at every level, nothing shared with the input', () => {
    const o = override({ note: { n: 1 } });
    const out = convertOverride(o, 'new');
    expect(out).toStrictEqual({
      state: 'WI',
      region: { name: 'Dane County', fips: '55025' },
      field: { slug: 'new', id: 7 },
      value: 'x',
      note: { n: 1 },
    });
    expect(Object.keys(out)).toEqual(['state', 'region', 'field', 'value', 'note']);
    expect(out.region).not.toBe(o.region);
    expect((out as unknown as { note: unknown }).note).not.toBe((o as unknown as { note: unknown }).note);
  });

  it('checkDuplicate: the same state (code or name), region and slug twice is refused at the second', () => {
    const run = newRun();
    const seen = new Set<string>();
    checkDuplicate(run, seen, override(), 'new', 0);
    checkDuplicate(run, seen, override({ region: { name: 'Rock County' } }), 'new', 1);
    checkDuplicate(run, seen, override(), 'other', 2);
    checkDuplicate(run, seen, override({ state: 'IL' }), 'new', 3);
    expect(payloadProblem(() => checkDuplicate(run, seen, override({ state: 'Wisconsin' }), 'new', 4))).toBe(
      'in.json: $[4]: duplicate override: "Dane County" of Wisconsin already has a value for "new"',
    );
    // A state no code names is its own key.
    checkDuplicate(run, seen, override({ state: 'Nowhere' }), 'new', 5);
    checkDuplicate(run, seen, override({ state: 'Elsewhere' }), 'new', 6);
    expect(payloadProblem(() => checkDuplicate(run, seen, override({ state: 'Nowhere' }), 'new', 7))).toBe(
      'in.json: $[7]: duplicate override: "Dane County" of Nowhere already has a value for "new"',
    );
  });
});
