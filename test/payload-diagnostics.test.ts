import { describe, expect, it } from 'vitest';
import { downgrade, upgrade } from '../src/payload/adapt.js';
import { PayloadError } from '../src/payload/diagnostics.js';
import { v2Item as item, wisconsin as record } from './helpers/payloads.js';

/**
 * The adapter's diagnostics, asserted exactly where a branch decides them (a property test that
 * only says "it throws" covers no branch): what a user reads on stderr and in `--diagnostics json`.
 */
const said = (r: { diagnostics: readonly { code: string; field?: string; path?: string; message: string }[] }) =>
  r.diagnostics.map((d) => [d.code, d.field, d.path, d.message]);

describe('downgrade of a state record', () => {
  it('drops the footnotes of a slug the table does not know, and says so after keeping it', () => {
    const r = downgrade(record(item('not_in_any_table', { footnotes: 'A note.' })), { kind: 'state' });
    // (The deleted V1 fields a record lacks are said too, field by field: not this item's.)
    expect(said(r).filter((d) => d[1] === 'not_in_any_table')).toEqual([
      [
        'unknown-field',
        'not_in_any_table',
        '$.state_information[0]',
        '"not_in_any_table" is not in the mapping table: kept as it is',
      ],
      [
        'footnotes-dropped',
        'not_in_any_table',
        '$.state_information[0]',
        'V1 has no notes field for "not_in_any_table": its footnotes are dropped',
      ],
    ]);
    // Without footnotes, nothing is dropped.
    const plain = said(downgrade(record(item('not_in_any_table')), { kind: 'state' }));
    expect(plain.filter((d) => d[1] === 'not_in_any_table').map((d) => d[0])).toEqual(['unknown-field']);
  });

  it('drops the footnotes of a field new in V2 (no V1 notes field takes them)', () => {
    const r = downgrade(record(item('absentee_access_levels', { text: 'no_excuse', footnotes: 'A note.' })), { kind: 'state' });
    expect(said(r).filter((d) => d[0] === 'footnotes-dropped')).toEqual([
      [
        'footnotes-dropped',
        'absentee_access_levels',
        '$.state_information[0]',
        'V1 has no notes field for "absentee_access_levels": its footnotes are dropped',
      ],
    ]);
  });

  it('names both places of a duplicate V2 slug', () => {
    const twice = record(item('polls_open'), item('polls_close'), item('polls_open'));
    let error: unknown;
    try {
      downgrade(twice, { kind: 'state' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PayloadError);
    expect((error as Error).message).toBe(
      '$.state_information[2].field_type: duplicate field "polls_open" (also at $.state_information[0])',
    );
  });
});

describe('override lists', () => {
  const override = (slug: string) => ({ state: 'WI', region: { name: 'Dane County' }, field: { slug }, value: 'x' });

  it('downgrade says once that V1 had no override endpoint, and nothing for an empty list', () => {
    expect(said(downgrade([override('polls_open')], { kind: 'overrides' }))).toEqual([
      ['no-v1-overrides', undefined, undefined, 'V1 had no override endpoint: field slugs are given their V1 names'],
    ]);
    expect(said(downgrade([], { kind: 'overrides' }))).toEqual([]);
  });

  it('upgrade says which slugs it keeps as they are: not in the table, or with no one-to-one V2 field', () => {
    const r = upgrade([override('not_in_any_table'), override('id_requirements_vbm'), override('polls_open')], {
      kind: 'overrides',
    });
    expect(said(r)).toEqual([
      ['unknown-field', 'not_in_any_table', '$[0].field.slug', '"not_in_any_table" is not in the mapping table: kept as it is'],
      [
        'unknown-field',
        'id_requirements_vbm',
        '$[1].field.slug',
        '"id_requirements_vbm" has no one-to-one V2 field (unknown): kept as it is',
      ],
    ]);
  });
});
