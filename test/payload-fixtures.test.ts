/** The sample payloads in fixtures/payloads/: whole outputs and whole diagnostic lists. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  detectPayload,
  downgrade,
  overrideListSchema,
  upgrade,
  v1FieldListSchema,
  v1StateRecordSchema,
  v2FieldListSchema,
  v2StateRecordSchema,
} from '../src/payload/index.js';

const dir = new URL('../fixtures/payloads/', import.meta.url);
const text = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const json = (name: string): unknown => JSON.parse(text(name));
const summary = (ds: readonly { code: string; severity: string; field?: string; path?: string }[]) =>
  ds.map((d) => [d.severity, d.code, d.field ?? '', d.path ?? ''].join(' '));

describe('the samples are valid payloads of their version and kind', () => {
  it.each([
    ['v1-fields.json', v1FieldListSchema, { kind: 'fields', version: 'v1' }],
    ['v1-state-IL.json', v1StateRecordSchema, { kind: 'state', version: 'v1' }],
    ['v2-fields.json', v2FieldListSchema, { kind: 'fields', version: 'v2' }],
    ['v2-state-WI.json', v2StateRecordSchema, { kind: 'state', version: 'v2' }],
    ['v2-overrides.json', overrideListSchema, { kind: 'overrides', version: 'v2' }],
    ['v1-state-IL.upgraded.json', v2StateRecordSchema, { kind: 'state', version: 'v2' }],
    ['v2-state-WI.downgraded.json', v1StateRecordSchema, { kind: 'state', version: 'v1' }],
    ['v1-fields.upgraded.json', v2FieldListSchema, { kind: 'fields', version: 'v2' }],
    ['v2-fields.downgraded.json', v1FieldListSchema, { kind: 'fields', version: 'v1' }],
  ] as const)('%s', (name, schema, detected) => {
    expect(schema.safeParse(json(name)).success).toBe(true);
    expect(detectPayload(json(name))).toEqual(detected);
  });
});

describe('upgrade of the V1 samples', () => {
  it('state record, with the V1 field list and the override list: the expected V2 record', () => {
    const { kind, value, diagnostics } = upgrade(json('v1-state-IL.json'), {
      fields: v1FieldListSchema.parse(json('v1-fields.json')),
      overrides: overrideListSchema.parse(json('v2-overrides.json')),
    });
    expect(kind).toBe('state');
    expect(value).toEqual(json('v1-state-IL.upgraded.json'));
    expect(summary(diagnostics)).toEqual([
      'info deleted-field early_voting $.state_information[0]',
      'info unset-boolean emergency_ballot_voting $.state_information[4]',
      'info deleted-field external_tool_felony_restoration_state_info $.state_information[5]',
      'info deleted-field external_tool_vbm_has_regional_urls $.state_information[8]',
      'warning deleted-value-lost felon_vote_release_prison $.state_information[14]',
      'warning table-warning id_requirements_in_person_registration $.state_information[15]',
      'info deleted-field overseas_voting $.state_information[17]',
      'info deleted-field provisional_voting $.state_information[18]',
      'warning deleted-value-lost specific_general_election_date $.state_information[23]',
      'warning table-warning vbm_notes $.state_information[31]',
      'warning deleted-value-lost vbm_state_provides_dropboxes $.state_information[33]',
    ]);
  });

  it('the V1 field list gives the formats: without it, fields the table has no format for are Markdown', () => {
    const withList = upgrade(json('v1-state-IL.json'), { fields: v1FieldListSchema.parse(json('v1-fields.json')) }).value;
    const without = upgrade(json('v1-state-IL.json')).value;
    // early_voting_starts is a Date on the server; the table does not know it. Only the formats matter here, and
    // V2 Date and Markdown items have the same shape, so the records are equal.
    expect(without).toEqual(withList);
  });

  it('without the override list, the regional-URL Boolean is reported as lost', () => {
    const { diagnostics } = upgrade(json('v1-state-IL.json'));
    expect(diagnostics.find((d) => d.field === 'external_tool_vbm_has_regional_urls')).toEqual({
      code: 'deleted-value-lost',
      severity: 'warning',
      field: 'external_tool_vbm_has_regional_urls',
      path: '$.state_information[8]',
      message:
        '"external_tool_vbm_has_regional_urls" is deleted in V2 (redundant; see gov_tool_absentee_request): its value is dropped and downgrade cannot give it back (it is derived from gov_tool_absentee_request overrides: pass the V2 override list)',
    });
  });

  it('field list: the expected V2 list', () => {
    const { value, diagnostics } = upgrade(json('v1-fields.json'));
    expect(value).toEqual(json('v1-fields.upgraded.json'));
    expect(summary(diagnostics)).toEqual([
      'info deleted-field early_voting $[0]',
      'info notes-moved early_voting_notes $[2]',
      'info deleted-field external_tool_felony_restoration_state_info $[5]',
      'info deleted-field external_tool_vbm_has_regional_urls $[8]',
      'info notes-moved felon_vote_notes $[10]',
      'info deleted-field felon_vote_release_prison $[14]',
      'warning table-warning id_requirements_in_person_registration $[15]',
      'info deleted-field overseas_voting $[17]',
      'info deleted-field provisional_voting $[18]',
      'info notes-moved sdr_notes $[21]',
      'info deleted-field specific_general_election_date $[23]',
      'warning table-warning vbm_notes $[31]',
      'info notes-moved vbm_notes $[31]',
      'info deleted-field vbm_state_provides_dropboxes $[33]',
      'info descriptor-synthesized felony_voting_options ',
      'info descriptor-synthesized absentee_request_methods ',
    ]);
  });
});

describe('downgrade of the V2 samples', () => {
  it('state record, with the V2 field list and the override list: the expected V1 record', () => {
    const { value, diagnostics } = downgrade(json('v2-state-WI.json'), {
      fields: v2FieldListSchema.parse(json('v2-fields.json')),
      overrides: overrideListSchema.parse(json('v2-overrides.json')),
    });
    expect(value).toEqual(json('v2-state-WI.downgraded.json'));
    const notInfo = diagnostics.filter((d) => d.severity !== 'info' && d.code !== 'deleted-field-emptied');
    expect(notInfo).toEqual([
      {
        code: 'option-dropped',
        severity: 'warning',
        field: 'absentee_request_methods',
        path: '$.state_information[2]',
        message: 'option "online" of "absentee_request_methods" has no V1 Boolean: dropped',
      },
      {
        code: 'unknown-field',
        severity: 'warning',
        field: 'has_curbside_voting',
        path: '$.state_information[9]',
        message: '"has_curbside_voting" is not in the mapping table: kept as it is',
      },
      {
        code: 'footnotes-dropped',
        severity: 'warning',
        field: 'has_no_excuse_absentee',
        path: '$.state_information[10]',
        message: 'V1 has no notes field for "has_no_excuse_absentee": its footnotes are dropped',
      },
      {
        code: 'table-warning',
        severity: 'warning',
        field: 'vbm_notes',
        message:
          'SPEC does not name the fields that took over "vbm_notes": the footnote targets (absentee_process_summary, absentee_voting_laws) are this table\'s inference',
      },
    ]);
    expect(summary(diagnostics.filter((d) => d.severity === 'info'))).toEqual([
      'info v2-only-field absentee_access_levels $.state_information[0]',
      'info boolean-normalized has_sdr_election_day $.state_information[12]',
      'info footnotes-merged sdr_notes ',
      'info deleted-field-derived early_voting ',
      'info deleted-field-derived external_tool_felony_restoration_state_info ',
      'info deleted-field-derived external_tool_vbm_has_regional_urls ',
      'info deleted-field-derived overseas_voting ',
      'info deleted-field-derived provisional_voting ',
    ]);
  });

  it('field list: the expected V1 list', () => {
    const { value } = downgrade(json('v2-fields.json'));
    expect(value).toEqual(json('v2-fields.downgraded.json'));
  });

  it('override list: slugs given their V1 names', () => {
    const { value, diagnostics } = downgrade(json('v2-overrides.json'), { kind: 'overrides' });
    expect(value).toEqual(json('v2-overrides.downgraded.json'));
    expect(summary(diagnostics)).toEqual(['info no-v1-overrides  ']);
    expect(upgrade(value, { kind: 'overrides' }).value).toEqual(json('v2-overrides.json'));
  });

  it('the V2 field list gives the formats: a Boolean without bool_value is still read as a Boolean', () => {
    const record = json('v2-state-WI.json') as { state_information: Record<string, unknown>[] };
    const bare = {
      ...record,
      state_information: record.state_information.map(({ bool_value: _drop, ...rest }) => rest),
    };
    const withList = downgrade(bare, { kind: 'state', fields: v2FieldListSchema.parse(json('v2-fields.json')) }).value;
    expect(withList.state_information.find((i) => i.field_type === 'vbm_no_excuse')).toEqual({
      text: 'True',
      field_type: 'vbm_no_excuse',
      modified_at: '2024-01-15T16:00:00Z',
      value: true,
    });
  });
});
