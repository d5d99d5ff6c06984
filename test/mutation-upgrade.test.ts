/**
 * The upgrade of the V1 samples (fixtures/payloads) with every diagnostic whole: code, field, JSON
 * path and the sentence a user reads (#28: the fixture tests compare codes, which leaves the wording
 * of each branch free to change unnoticed).
 */
import { describe, expect, it } from 'vitest';
import { loadMappings, mappingsFromJson } from '../src/mapping/load.js';
import { upgrade } from '../src/payload/index.js';
import { payloadProblem, said, samplePayload } from './helpers/payloads.js';

const T = '2024-03-01T12:00:00Z';
const item = (field_type: string, extra: Record<string, unknown> = {}) => ({ text: 'x', field_type, modified_at: T, ...extra });
const record = (...items: Record<string, unknown>[]) => ({ code: 'IL', name: 'Illinois', state_information: items });
const descriptor = (slug: string, field_format = 'Markdown') => ({ slug, long_name: `Long ${slug}`, field_format });

describe('upgrade of the V1 samples, every diagnostic whole', () => {
  it('the field list', () => {
    expect(said(upgrade(samplePayload('v1-fields.json')).diagnostics)).toEqual([
      [
        'deleted-field',
        'early_voting',
        '$[0]',
        '"early_voting" is deleted in V2 (redundant): dropped; downgrade lists it again (its long_name made from the slug)',
      ],
      [
        'notes-moved',
        'early_voting_notes',
        '$[2]',
        '"early_voting_notes" is not a V2 field: its text is in the footnotes of early_voting_starts, early_voting_ends',
      ],
      [
        'deleted-field',
        'external_tool_felony_restoration_state_info',
        '$[5]',
        '"external_tool_felony_restoration_state_info" is deleted in V2 (redundant): dropped; downgrade lists it again (its long_name made from the slug)',
      ],
      [
        'deleted-field',
        'external_tool_vbm_has_regional_urls',
        '$[8]',
        '"external_tool_vbm_has_regional_urls" is deleted in V2 (redundant): dropped; downgrade lists it again (its long_name made from the slug)',
      ],
      [
        'notes-moved',
        'felon_vote_notes',
        '$[10]',
        '"felon_vote_notes" is not a V2 field: its text is in the footnotes of felony_voting_options',
      ],
      [
        'deleted-field',
        'felon_vote_release_prison',
        '$[14]',
        '"felon_vote_release_prison" is deleted in V2 (redundant): dropped; downgrade lists it again (its long_name made from the slug)',
      ],
      [
        'table-warning',
        'id_requirements_in_person_registration',
        '$[15]',
        'SPEC lists this slug both as renamed (to `id_laws_in_person_registration`) and as deleted, redundant with `id_laws_same_day_registration`, a slug that exists nowhere else (the same-day registration ID field is `id_laws_sdr`). Treated as the rename: check the V2 field list for your account.',
      ],
      [
        'deleted-field',
        'overseas_voting',
        '$[17]',
        '"overseas_voting" is deleted in V2 (not-tracked): dropped; downgrade lists it again (its long_name made from the slug)',
      ],
      [
        'deleted-field',
        'provisional_voting',
        '$[18]',
        '"provisional_voting" is deleted in V2 (not-tracked): dropped; downgrade lists it again (its long_name made from the slug)',
      ],
      [
        'notes-moved',
        'sdr_notes',
        '$[21]',
        '"sdr_notes" is not a V2 field: its text is in the footnotes of has_sdr_early_voting, has_sdr_election_day, sdr_locations',
      ],
      [
        'deleted-field',
        'specific_general_election_date',
        '$[23]',
        '"specific_general_election_date" is deleted in V2 (2022-specific): dropped; downgrade lists it again (its long_name made from the slug)',
      ],
      [
        'table-warning',
        'vbm_notes',
        '$[31]',
        'SPEC does not name the fields that took over "vbm_notes": the footnote targets (absentee_process_summary, absentee_voting_laws) are this table\'s inference',
      ],
      [
        'notes-moved',
        'vbm_notes',
        '$[31]',
        '"vbm_notes" is not a V2 field: its text is in the footnotes of absentee_process_summary, absentee_voting_laws',
      ],
      [
        'deleted-field',
        'vbm_state_provides_dropboxes',
        '$[33]',
        '"vbm_state_provides_dropboxes" is deleted in V2 (too-difficult): dropped; downgrade lists it again (its long_name made from the slug)',
      ],
      [
        'descriptor-synthesized',
        'felony_voting_options',
        null,
        'V2 "felony_voting_options" built from the mapping table: it folds felon_vote_in_prison, felon_vote_parole, felon_vote_post_sentence, felon_vote_probation (option set incomplete: V2 may have more)',
      ],
      [
        'descriptor-synthesized',
        'absentee_request_methods',
        null,
        'V2 "absentee_request_methods" built from the mapping table: it folds vbm_app_submission_email, vbm_app_submission_fax, vbm_app_submission_in_person, vbm_app_submission_mail, vbm_app_submission_phone',
      ],
    ]);
  });

  it('the state record, with the V1 field list and the override list', () => {
    const r = upgrade(samplePayload('v1-state-IL.json'), {
      fields: samplePayload('v1-fields.json') as never,
      overrides: samplePayload('v2-overrides.json') as never,
    });
    expect(said(r.diagnostics)).toEqual([
      [
        'deleted-field',
        'early_voting',
        '$.state_information[0]',
        '"early_voting" is deleted in V2 (redundant; see early_voting_starts, early_voting_ends): dropped; downgrade gives it back ("True" when early_voting_starts or early_voting_ends has data (not empty, not "N/A"))',
      ],
      [
        'unset-boolean',
        'emergency_ballot_voting',
        '$.state_information[4]',
        '"emergency_ballot_voting" is unset (text ""): bool_value is false, text stays ""',
      ],
      [
        'deleted-field',
        'external_tool_felony_restoration_state_info',
        '$.state_information[5]',
        '"external_tool_felony_restoration_state_info" is deleted in V2 (redundant; see source_rights_restoration_info): dropped; downgrade gives it back (copied from source_rights_restoration_info)',
      ],
      [
        'deleted-field',
        'external_tool_vbm_has_regional_urls',
        '$.state_information[8]',
        '"external_tool_vbm_has_regional_urls" is deleted in V2 (redundant; see gov_tool_absentee_request): dropped; downgrade gives it back ("True" when the override list has gov_tool_absentee_request overrides for the state)',
      ],
      [
        'deleted-value-lost',
        'felon_vote_release_prison',
        '$.state_information[14]',
        '"felon_vote_release_prison" is deleted in V2 (redundant): its value is dropped and downgrade cannot give it back (V2 has nothing to derive it from)',
      ],
      [
        'table-warning',
        'id_requirements_in_person_registration',
        '$.state_information[15]',
        'SPEC lists this slug both as renamed (to `id_laws_in_person_registration`) and as deleted, redundant with `id_laws_same_day_registration`, a slug that exists nowhere else (the same-day registration ID field is `id_laws_sdr`). Treated as the rename: check the V2 field list for your account.',
      ],
      [
        'deleted-field',
        'overseas_voting',
        '$.state_information[17]',
        '"overseas_voting" is deleted in V2 (not-tracked): dropped; downgrade gives it back (always "True")',
      ],
      [
        'deleted-field',
        'provisional_voting',
        '$.state_information[18]',
        '"provisional_voting" is deleted in V2 (not-tracked): dropped; downgrade gives it back (always "True")',
      ],
      [
        'deleted-value-lost',
        'specific_general_election_date',
        '$.state_information[23]',
        '"specific_general_election_date" is deleted in V2 (2022-specific): its value is dropped and downgrade cannot give it back (V2 has nothing to derive it from)',
      ],
      [
        'table-warning',
        'vbm_notes',
        '$.state_information[31]',
        'SPEC does not name the fields that took over "vbm_notes": the footnote targets (absentee_process_summary, absentee_voting_laws) are this table\'s inference',
      ],
      [
        'deleted-value-lost',
        'vbm_state_provides_dropboxes',
        '$.state_information[33]',
        '"vbm_state_provides_dropboxes" is deleted in V2 (too-difficult): its value is dropped and downgrade cannot give it back (V2 has nothing to derive it from)',
      ],
    ]);
  });
});

describe('upgrade of a state record, branch by branch', () => {
  it('slugs kept as they are: a V1 slug with no known V2 fate, and slugs the table does not know', () => {
    const r = upgrade(record(item('id_requirements_vbm'), item('my_own_field')), { kind: 'state' });
    expect(said(r.diagnostics)).toEqual([
      [
        'unknown-field',
        'id_requirements_vbm',
        '$.state_information[0]',
        '"id_requirements_vbm" has no known fate in V2: kept as it is',
      ],
      ['unknown-field', 'my_own_field', '$.state_information[1]', '"my_own_field" is not in the mapping table: kept as it is'],
    ]);
    expect(r.value.state_information.map((i) => i.field_type)).toEqual(['id_requirements_vbm', 'my_own_field']);
  });

  it('folds V1 Booleans into their Multi-select: true ones selected, an unset one said, the latest time kept', () => {
    const later = '2025-01-01T00:00:00Z';
    const r = upgrade(
      record(
        item('vbm_app_submission_mail', { text: 'True', value: true }),
        item('vbm_app_submission_fax', { text: '', modified_at: later }),
        item('vbm_app_submission_phone', { text: 'False', value: false }),
      ),
      { kind: 'state' },
    );
    expect(said(r.diagnostics)).toEqual([
      [
        'unset-option',
        'vbm_app_submission_fax',
        '$.state_information[1]',
        '"vbm_app_submission_fax" is unset, but V2 option "fax" of "absentee_request_methods" is either selected or not: not selected (downgrade gives "False")',
      ],
    ]);
    expect(r.value.state_information).toEqual([
      { field_type: 'absentee_request_methods', text: 'mail', multiselect_value: ['mail'], footnotes: '', modified_at: later },
    ]);
  });

  it('a V1 notes field none of whose targets is in the record: its text is dropped, and said', () => {
    const r = upgrade(record(item('sdr_notes', { text: 'Bring an ID.' })), { kind: 'state' });
    expect(said(r.diagnostics)).toEqual([
      [
        'notes-without-target',
        'sdr_notes',
        '$.state_information[0]',
        '"sdr_notes" moves into the footnotes of has_sdr_early_voting, has_sdr_election_day, sdr_locations, none of which is in the record: its text is dropped',
      ],
    ]);
    expect(r.value.state_information).toEqual([]);
  });

  it('a V1 slug twice names its earlier item, for an absorbed field (notes) and for a carried one', () => {
    expect(payloadProblem(() => upgrade(record(item('sdr_notes'), item('sdr_notes')), { kind: 'state' }))).toBe(
      '$.state_information[1].field_type: duplicate field "sdr_notes" (also at $.state_information[0])',
    );
    expect(
      payloadProblem(() => upgrade(record(item('polls_open'), item('polls_close'), item('polls_open')), { kind: 'state' })),
    ).toBe('$.state_information[2].field_type: duplicate field "polls_open" (also at $.state_information[0])');
  });

  it('a deleted value downgrade would not give back: what it would give, or why it gives nothing', () => {
    const differs = upgrade(
      record(item('early_voting', { text: 'False', value: false }), item('early_voting_starts', { text: 'Oct 1' })),
      {
        kind: 'state',
      },
    );
    expect(said(differs.diagnostics)).toEqual([
      [
        'deleted-value-lost',
        'early_voting',
        '$.state_information[0]',
        '"early_voting" is deleted in V2 (redundant; see early_voting_starts, early_voting_ends): its value is dropped and downgrade cannot give it back (it would give "True", "True" when early_voting_starts or early_voting_ends has data (not empty, not "N/A"))',
      ],
    ]);
    const nothing = upgrade(record(item('early_voting', { text: 'True', value: true }), item('polls_open', { mine: 1 })), {
      kind: 'state',
    });
    expect(said(nothing.diagnostics)).toEqual([
      [
        'deleted-value-lost',
        'early_voting',
        '$.state_information[0]',
        '"early_voting" is deleted in V2 (redundant; see early_voting_starts, early_voting_ends): its value is dropped and downgrade cannot give it back (none of early_voting_starts, early_voting_ends is in the record)',
      ],
    ]);
    // Properties of the user's own are kept.
    expect(nothing.value.state_information).toEqual([
      { field_type: 'polls_open', text: 'x', footnotes: '', modified_at: T, mine: 1 },
    ]);
  });

  it("an item's format: the field list's, else a V1 value's, else the table's, else Markdown", () => {
    const r = upgrade(
      record(
        item('my_bool', { text: 'True', value: true }),
        item('polls_open', { text: 'True' }),
        item('vbm_no_excuse', { text: 'True' }),
        item('my_plain', { text: 'True' }),
      ),
      { kind: 'state', fields: [{ slug: 'polls_open', long_name: 'Polls open', field_format: 'Boolean' }] },
    );
    expect(r.value.state_information).toEqual([
      { field_type: 'has_no_excuse_absentee', text: 'True', bool_value: true, footnotes: '', modified_at: T },
      { field_type: 'my_bool', text: 'True', bool_value: true, footnotes: '', modified_at: T },
      { field_type: 'my_plain', text: 'True', footnotes: '', modified_at: T },
      { field_type: 'polls_open', text: 'True', bool_value: true, footnotes: '', modified_at: T },
    ]);
  });

  it('a V1 notes text goes to the footnotes of the targets the record has; an empty one is nothing to move', () => {
    const r = upgrade(
      record(
        item('early_voting_starts', { text: 'Oct 1' }),
        item('early_voting_notes', { text: 'N1' }),
        item('felon_vote_notes', { text: '' }),
      ),
      { kind: 'state' },
    );
    expect(said(r.diagnostics)).toEqual([]);
    expect(r.value.state_information).toEqual([
      { field_type: 'early_voting_starts', text: 'Oct 1', footnotes: 'N1', modified_at: T },
    ]);
  });
});

describe('upgrade of a field list, branch by branch', () => {
  it('unknown slugs kept and said; folded Booleans become their Multi-select, built from the table and said', () => {
    const r = upgrade(
      [
        descriptor('my_own_field'),
        descriptor('id_requirements_vbm'),
        descriptor('vbm_app_submission_fax', 'Boolean'),
        descriptor('vbm_app_submission_mail', 'Boolean'),
      ],
      { kind: 'fields' },
    );
    expect(said(r.diagnostics)).toEqual([
      ['unknown-field', 'my_own_field', '$[0]', '"my_own_field" is not in the mapping table: kept as it is'],
      ['unknown-field', 'id_requirements_vbm', '$[1]', '"id_requirements_vbm" has no known fate in V2: kept as it is'],
      [
        'descriptor-synthesized',
        'absentee_request_methods',
        null,
        'V2 "absentee_request_methods" built from the mapping table: it folds vbm_app_submission_fax, vbm_app_submission_mail',
      ],
    ]);
    expect(r.value).toEqual([
      {
        slug: 'absentee_request_methods',
        description: 'Ways a voter can request an absentee ballot.',
        field_format: 'Multi-select',
        options: ['email', 'fax', 'in_person', 'mail', 'online', 'phone'],
      },
      { slug: 'id_requirements_vbm', description: 'Long id_requirements_vbm', field_format: 'Markdown' },
      { slug: 'my_own_field', description: 'Long my_own_field', field_format: 'Markdown' },
    ]);
  });

  it('a slug twice names the earlier descriptor', () => {
    expect(
      payloadProblem(() =>
        upgrade([descriptor('vbm_no_excuse', 'Boolean'), descriptor('vbm_no_excuse', 'Boolean')], { kind: 'fields' }),
      ),
    ).toBe('$[1].slug: duplicate field "vbm_no_excuse" (also at $[0])');
  });
});

describe('upgrade, more branches', () => {
  it('a duplicate names the first item with that slug, wherever it is', () => {
    const twice = record(
      item('polls_close'),
      item('vbm_no_excuse', { text: 'True', value: true }),
      item('polls_open'),
      item('vbm_no_excuse', { text: 'True', value: true }),
    );
    expect(payloadProblem(() => upgrade(twice, { kind: 'state' }))).toBe(
      '$.state_information[3].field_type: duplicate field "vbm_no_excuse" (also at $.state_information[1])',
    );
  });

  it('a V2 field in a V1 record is kept and said', () => {
    expect(said(upgrade(record(item('absentee_access_levels')), { kind: 'state' }).diagnostics)).toEqual([
      [
        'v2-only-field',
        'absentee_access_levels',
        '$.state_information[0]',
        '"absentee_access_levels" is a V2 field V1 did not have: kept as it is',
      ],
    ]);
  });

  it('deleted values downgrade gives back: derived without a V1 value sent, or empty', () => {
    const derived = upgrade(record(item('early_voting', { text: 'True' }), item('early_voting_starts', { text: 'Oct 1' })), {
      kind: 'state',
    });
    expect(said(derived.diagnostics)).toEqual([
      [
        'deleted-field',
        'early_voting',
        '$.state_information[0]',
        '"early_voting" is deleted in V2 (redundant; see early_voting_starts, early_voting_ends): dropped; downgrade gives it back ("True" when early_voting_starts or early_voting_ends has data (not empty, not "N/A"))',
      ],
    ]);
    const empty = upgrade(record(item('specific_general_election_date', { text: '' })), { kind: 'state' });
    expect(said(empty.diagnostics)).toEqual([
      [
        'deleted-field',
        'specific_general_election_date',
        '$.state_information[0]',
        '"specific_general_election_date" is deleted in V2 (2022-specific): dropped; downgrade gives it back (empty)',
      ],
    ]);
  });

  it("folded options come in the option set's order, whatever the V1 order; of equal instants the first spelling is kept", () => {
    const r = upgrade(
      record(
        item('vbm_app_submission_mail', { text: 'True', value: true }),
        item('vbm_app_submission_email', { text: 'True', value: true, modified_at: '2024-03-01T12:00:00.000Z' }),
      ),
      { kind: 'state' },
    );
    expect(r.value.state_information).toEqual([
      {
        field_type: 'absentee_request_methods',
        text: 'email, mail',
        multiselect_value: ['email', 'mail'],
        footnotes: '',
        modified_at: T,
      },
    ]);
  });

  it('a field list with a format V1 does not have says so, naming V1', () => {
    expect(said(upgrade([{ slug: 'my_x', long_name: 'x', field_format: 'Fancy' }], { kind: 'fields' }).diagnostics)).toEqual([
      ['unknown-field', 'my_x', '$[0]', '"my_x" is not in the mapping table: kept as it is'],
      [
        'unknown-format',
        'my_x',
        '$[0].field_format',
        'field_format "Fancy" is not a V1 format the table knows: treated as Markdown',
      ],
    ]);
  });

  it('an override of a renamed V1 slug gets its V2 name, unsaid', () => {
    const override = { state: 'WI', region: { name: 'Dane County' }, field: { slug: 'vbm_no_excuse' }, value: 'x' };
    const r = upgrade([override], { kind: 'overrides' });
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual([{ ...override, field: { slug: 'has_no_excuse_absentee' } }]);
  });
});

describe('upgrade, the last branches', () => {
  it('a slug only V2 has, in a V1 record, is refused as a V2 record', () => {
    expect(
      payloadProblem(() => upgrade(record(item('has_no_excuse_absentee', { text: 'True', value: true })), { kind: 'state' })),
    ).toBe(
      '$.state_information[0].field_type: this is a V2 state record ("has_no_excuse_absentee" is a V2 slug); upgrade takes V1',
    );
  });

  it('a deleted Boolean whose text downgrade gives back but whose value it does not: lost', () => {
    const r = upgrade(
      record(item('early_voting', { text: 'True', value: false }), item('early_voting_starts', { text: 'Oct 1' })),
      {
        kind: 'state',
      },
    );
    expect(said(r.diagnostics)).toEqual([
      [
        'deleted-value-lost',
        'early_voting',
        '$.state_information[0]',
        '"early_voting" is deleted in V2 (redundant; see early_voting_starts, early_voting_ends): its value is dropped and downgrade cannot give it back (it would give "True", "True" when early_voting_starts or early_voting_ends has data (not empty, not "N/A"))',
      ],
    ]);
  });

  it('a folded Boolean listed twice names the earlier descriptor (not folded twice)', () => {
    const fax = { slug: 'vbm_app_submission_fax', long_name: 'Fax', field_format: 'Boolean' };
    expect(payloadProblem(() => upgrade([fax, { ...fax }], { kind: 'fields' }))).toBe(
      '$[1].slug: duplicate field "vbm_app_submission_fax" (also at $[0])',
    );
  });

  it('a V2 field in a V1 field list is kept and said', () => {
    const r = upgrade([{ slug: 'absentee_access_levels', long_name: 'Access', field_format: 'Markdown' }], { kind: 'fields' });
    expect(said(r.diagnostics)).toEqual([
      [
        'v2-only-field',
        'absentee_access_levels',
        '$[0]',
        '"absentee_access_levels" is a V2 field V1 did not have: kept as it is',
      ],
    ]);
  });

  it("an absorbed field's table warning is said at its item (a table of the test's own: the contradiction resolved as a deletion)", () => {
    const json = structuredClone(loadMappings().table);
    json.contradictions = json.contradictions.map((c) => ({
      ...c,
      resolution: 'delete' as const,
      warning: 'Treated as deleted here.',
    }));
    const mappings = mappingsFromJson(json, 'resolved-as-delete.json');
    const r = upgrade(record(item('id_requirements_in_person_registration')), { kind: 'state', mappings });
    expect(said(r.diagnostics)).toEqual([
      ['table-warning', 'id_requirements_in_person_registration', '$.state_information[0]', 'Treated as deleted here.'],
      [
        'deleted-value-lost',
        'id_requirements_in_person_registration',
        '$.state_information[0]',
        '"id_requirements_in_person_registration" is deleted in V2 (redundant; see id_laws_same_day_registration): its value is dropped and downgrade cannot give it back (V2 has nothing to derive it from)',
      ],
    ]);
  });
});
