/**
 * The downgrade of the V2 samples (fixtures/payloads) with every diagnostic whole: code, field, JSON
 * path and the sentence a user reads (#28: the fixture tests compare codes, which leaves the wording
 * of each branch free to change unnoticed).
 */
import { describe, expect, it } from 'vitest';
import { loadMappings, mappingsFromJson } from '../src/mapping/load.js';
import { type Diagnostic, downgrade } from '../src/payload/index.js';
import { v2Item as item, payloadProblem, wisconsin as record, said, samplePayload } from './helpers/payloads.js';

const T = '2024-03-01T12:00:00Z';
/** The diagnostics but those of the deleted V1 fields every V2 record lacks. */
const aboutItems = (ds: readonly Diagnostic[]) => said(ds.filter((d) => !d.code.startsWith('deleted-field')));
const override = (slug: string, value = 'x') => ({ state: 'WI', region: { name: 'Dane County' }, field: { slug }, value });

/** The deleted V1 fields WI's V2 record cannot give a value back to, with their deletion category. */
const EMPTIED: [string, string][] = [
  ['emergency_ballot_request_start', 'not-tracked'],
  ['external_tool_vbm_application_requires_printing', 'not-tracked'],
  ['felon_vote_release_prison', 'redundant'],
  ['id_laws_out_of_state_accepted', 'too-difficult'],
  ['id_laws_student_id_accepted', 'too-difficult'],
  ['registration_directions_felony_conviction', 'not-tracked'],
  ['specific_ballot_drop_date', '2022-specific'],
  ['specific_ballot_return_deadline_by_mail', '2022-specific'],
  ['specific_ballot_return_deadline_in_person', '2022-specific'],
  ['specific_early_voting_ends', '2022-specific'],
  ['specific_early_voting_starts', '2022-specific'],
  ['specific_general_election_date', '2022-specific'],
  ['specific_minimum_dob', '2022-specific'],
  ['specific_official_election_calendar', '2022-specific'],
  ['specific_registration_deadline_by_mail', '2022-specific'],
  ['specific_registration_deadline_in_person', '2022-specific'],
  ['specific_registration_deadline_online', '2022-specific'],
  ['specific_vbm_request_deadline_by_in_person', '2022-specific'],
  ['specific_vbm_request_deadline_by_mail', '2022-specific'],
  ['specific_vbm_request_deadline_online', '2022-specific'],
  ['vbm_counties_provides_dropboxes', 'too-difficult'],
  ['vbm_return_hand_deliver_allowed', 'redundant'],
  ['vbm_state_provides_dropboxes', 'too-difficult'],
];

describe('downgrade of the V2 samples, every diagnostic whole', () => {
  it('the field list', () => {
    expect(said(downgrade(samplePayload('v2-fields.json')).diagnostics)).toEqual([
      [
        'v2-only-field',
        'absentee_access_levels',
        '$[0]',
        '"absentee_access_levels" is new in V2, V1 had no such field: left out of the V1 list',
      ],
      [
        'descriptor-synthesized',
        'absentee_request_methods',
        '$[2]',
        '"absentee_request_methods" listed as its V1 Booleans vbm_app_submission_email, vbm_app_submission_fax, vbm_app_submission_in_person, vbm_app_submission_mail, vbm_app_submission_phone (long_name made from the slug)',
      ],
      [
        'option-dropped',
        'absentee_request_methods',
        '$[2]',
        'option "online" of "absentee_request_methods" has no V1 Boolean: not listed',
      ],
      [
        'descriptor-synthesized',
        'felony_voting_options',
        '$[6]',
        '"felony_voting_options" listed as its V1 Booleans felon_vote_in_prison, felon_vote_parole, felon_vote_post_sentence, felon_vote_probation (long_name made from the slug)',
      ],
      [
        'unknown-field',
        'has_curbside_voting',
        '$[9]',
        '"has_curbside_voting" is not in the mapping table: kept under its V2 slug',
      ],
      [
        'descriptor-synthesized',
        null,
        null,
        '28 fields deleted in V2 are listed again for V1 code (long_name made from the slug): early_voting, emergency_ballot_request_start, external_tool_felony_restoration_state_info, external_tool_vbm_application_requires_printing, external_tool_vbm_has_regional_urls, felon_vote_release_prison, id_laws_out_of_state_accepted, id_laws_student_id_accepted, overseas_voting, provisional_voting, registration_directions_felony_conviction, specific_ballot_drop_date, specific_ballot_return_deadline_by_mail, specific_ballot_return_deadline_in_person, specific_early_voting_ends, specific_early_voting_starts, specific_general_election_date, specific_minimum_dob, specific_official_election_calendar, specific_registration_deadline_by_mail, specific_registration_deadline_in_person, specific_registration_deadline_online, specific_vbm_request_deadline_by_in_person, specific_vbm_request_deadline_by_mail, specific_vbm_request_deadline_online, vbm_counties_provides_dropboxes, vbm_return_hand_deliver_allowed, vbm_state_provides_dropboxes',
      ],
      [
        'format-unknown',
        null,
        null,
        "nobody knows the V1 format of emergency_ballot_request_start, felon_vote_release_prison, id_laws_out_of_state_accepted, id_laws_student_id_accepted, registration_directions_felony_conviction, specific_ballot_drop_date, specific_ballot_return_deadline_by_mail, specific_ballot_return_deadline_in_person, specific_early_voting_ends, specific_early_voting_starts, specific_general_election_date, specific_minimum_dob, specific_official_election_calendar, specific_registration_deadline_by_mail, specific_registration_deadline_in_person, specific_registration_deadline_online, specific_vbm_request_deadline_by_in_person, specific_vbm_request_deadline_by_mail, specific_vbm_request_deadline_online: listed as Markdown, V1's text format; check before relying on it",
      ],
    ]);
  });

  it('the state record, with the V2 field list and the override list', () => {
    const r = downgrade(samplePayload('v2-state-WI.json'), {
      fields: samplePayload('v2-fields.json') as never,
      overrides: samplePayload('v2-overrides.json') as never,
    });
    expect(said(r.diagnostics.filter((d) => d.code !== 'deleted-field-emptied'))).toEqual([
      [
        'v2-only-field',
        'absentee_access_levels',
        '$.state_information[0]',
        '"absentee_access_levels" is new in V2 (Single-select), V1 had no such field: left out of the V1 record',
      ],
      [
        'option-dropped',
        'absentee_request_methods',
        '$.state_information[2]',
        'option "online" of "absentee_request_methods" has no V1 Boolean: dropped',
      ],
      [
        'unknown-field',
        'has_curbside_voting',
        '$.state_information[9]',
        '"has_curbside_voting" is not in the mapping table: kept as it is',
      ],
      [
        'footnotes-dropped',
        'has_no_excuse_absentee',
        '$.state_information[10]',
        'V1 has no notes field for "has_no_excuse_absentee": its footnotes are dropped',
      ],
      [
        'boolean-normalized',
        'has_sdr_election_day',
        '$.state_information[12]',
        'text "true" written as "True", as V1 code compares it',
      ],
      [
        'footnotes-merged',
        'sdr_notes',
        null,
        'has_sdr_early_voting, has_sdr_election_day, sdr_locations have different footnotes: "sdr_notes" joins them',
      ],
      [
        'table-warning',
        'vbm_notes',
        null,
        'SPEC does not name the fields that took over "vbm_notes": the footnote targets (absentee_process_summary, absentee_voting_laws) are this table\'s inference',
      ],
      [
        'deleted-field-derived',
        'early_voting',
        null,
        '"early_voting" (deleted in V2) derived: "True" when early_voting_starts or early_voting_ends has data (not empty, not "N/A")',
      ],
      [
        'deleted-field-derived',
        'external_tool_felony_restoration_state_info',
        null,
        '"external_tool_felony_restoration_state_info" (deleted in V2) derived: copied from source_rights_restoration_info',
      ],
      [
        'deleted-field-derived',
        'external_tool_vbm_has_regional_urls',
        null,
        '"external_tool_vbm_has_regional_urls" (deleted in V2) derived: "True" when the override list has gov_tool_absentee_request overrides for the state',
      ],
      ['deleted-field-derived', 'overseas_voting', null, '"overseas_voting" (deleted in V2) derived: always "True"'],
      ['deleted-field-derived', 'provisional_voting', null, '"provisional_voting" (deleted in V2) derived: always "True"'],
    ]);
    expect(said(r.diagnostics.filter((d) => d.code === 'deleted-field-emptied'))).toEqual(
      EMPTIED.map(([slug, category]) => [
        'deleted-field-emptied',
        slug,
        null,
        `"${slug}" (deleted in V2, ${category}) given V1's empty value: V2 has nothing to derive it from`,
      ]),
    );
  });
});

describe('downgrade of a state record, branch by branch', () => {
  it('a V1 slug the table gives no V2 fate is kept as it is, and said so (not "not in the table")', () => {
    expect(aboutItems(downgrade(record(item('id_requirements_vbm')), { kind: 'state' }).diagnostics)).toEqual([
      [
        'unknown-field',
        'id_requirements_vbm',
        '$.state_information[0]',
        '"id_requirements_vbm" is a V1 slug with no known fate in V2: kept as it is',
      ],
    ]);
  });

  it("a renamed field's table warning is said at its item", () => {
    expect(aboutItems(downgrade(record(item('id_laws_in_person_registration')), { kind: 'state' }).diagnostics)).toEqual([
      [
        'table-warning',
        'id_requirements_in_person_registration',
        '$.state_information[0]',
        'SPEC lists this slug both as renamed (to `id_laws_in_person_registration`) and as deleted, redundant with `id_laws_same_day_registration`, a slug that exists nowhere else (the same-day registration ID field is `id_laws_sdr`). Treated as the rename: check the V2 field list for your account.',
      ],
    ]);
  });

  it("properties V1 items and records never had are left out and named, the item's at the item", () => {
    const r = downgrade(
      { ...record(item('polls_open', { footnote: 'draft', mine: 1 })), updated: 'x', id: 3 },
      { kind: 'state' },
    );
    expect(aboutItems(r.diagnostics)).toEqual([
      ['property-dropped', 'polls_open', '$.state_information[0]', 'V1 items had no "footnote", "mine": left out'],
      ['property-dropped', null, null, 'V1 records had no "updated", "id": left out'],
    ]);
    expect(r.value.state_information.find((i) => i.field_type === 'polls_open')).toEqual({
      text: 'x',
      field_type: 'polls_open',
      modified_at: T,
    });
    expect(Object.keys(r.value)).toEqual(['code', 'name', 'state_information']);
  });

  it('an option with no V1 Boolean is said once, however often it is selected', () => {
    const r = downgrade(
      record(item('absentee_request_methods', { text: 'online, mail', multiselect_value: ['online', 'mail', 'online'] })),
      { kind: 'state' },
    );
    expect(aboutItems(r.diagnostics)).toEqual([
      [
        'option-dropped',
        'absentee_request_methods',
        '$.state_information[0]',
        'option "online" of "absentee_request_methods" has no V1 Boolean: dropped',
      ],
    ]);
    expect(
      r.value.state_information
        .filter((i) => i.field_type.startsWith('vbm_app_submission_'))
        .map((i) => [i.field_type, i.text, i.value]),
    ).toEqual([
      ['vbm_app_submission_email', 'False', false],
      ['vbm_app_submission_fax', 'False', false],
      ['vbm_app_submission_in_person', 'False', false],
      ['vbm_app_submission_mail', 'True', true],
      ['vbm_app_submission_phone', 'False', false],
    ]);
  });

  it('the same footnotes on two targets of a V1 notes field are written once, at the later time, and not said merged', () => {
    const later = '2025-01-01T00:00:00Z';
    const r = downgrade(
      record(
        item('has_sdr_early_voting', { text: 'True', bool_value: true, footnotes: 'Bring an ID.' }),
        item('has_sdr_election_day', { text: 'True', bool_value: true, footnotes: 'Bring an ID.', modified_at: later }),
      ),
      { kind: 'state' },
    );
    expect(aboutItems(r.diagnostics)).toEqual([]);
    expect(r.value.state_information.find((i) => i.field_type === 'sdr_notes')).toEqual({
      text: 'Bring an ID.',
      field_type: 'sdr_notes',
      modified_at: later,
    });
  });

  it('different footnotes are joined by a blank line, and said merged', () => {
    const r = downgrade(
      record(
        item('has_sdr_early_voting', { text: 'True', bool_value: true, footnotes: 'Bring an ID.' }),
        item('has_sdr_election_day', { text: 'True', bool_value: true, footnotes: '' }),
        item('sdr_locations', { footnotes: 'At the clerk.' }),
      ),
      { kind: 'state' },
    );
    expect(aboutItems(r.diagnostics)).toEqual([
      [
        'footnotes-merged',
        'sdr_notes',
        null,
        'has_sdr_early_voting, has_sdr_election_day, sdr_locations have different footnotes: "sdr_notes" joins them',
      ],
    ]);
    expect(r.value.state_information.find((i) => i.field_type === 'sdr_notes')?.text).toBe('Bring an ID.\n\nAt the clerk.');
  });

  it("an item's format: the field list's, else bool_value's, else the table's, else the draft value's, else Markdown", () => {
    const r = downgrade(
      record(
        item('my_a', { text: 'True', bool_value: true }),
        item('my_g', { text: 'zzz', value: true }),
        item('polls_open', { text: 'True', bool_value: true }),
        item('my_e'),
      ),
      { kind: 'state' },
    );
    expect(r.value.state_information.filter((i) => i.field_type.startsWith('my_') || i.field_type === 'polls_open')).toEqual([
      { text: 'True', field_type: 'my_a', modified_at: T, value: true },
      { text: 'x', field_type: 'my_e', modified_at: T },
      { text: 'True', field_type: 'my_g', modified_at: T, value: true },
      { text: 'True', field_type: 'polls_open', modified_at: T, value: true },
    ]);
    expect(aboutItems(r.diagnostics).filter((d) => d[0] !== 'unknown-field')).toEqual([
      ['legacy-value', 'my_g', '$.state_information[1]', 'no bool_value: the draft "value" (true) was read'],
      [
        'boolean-conflict',
        'my_g',
        '$.state_information[1]',
        'text "zzz" disagrees with bool_value true: value follows bool_value, and text is written "True"',
      ],
    ]);
    // The field list's format wins over what the item looks like.
    const listed = downgrade(record(item('my_a', { text: 'True', bool_value: true })), {
      kind: 'state',
      fields: [{ slug: 'my_a', description: 'Mine', field_format: 'Markdown' }],
    });
    expect(listed.value.state_information.find((i) => i.field_type === 'my_a')).toEqual({
      text: 'True',
      field_type: 'my_a',
      modified_at: T,
    });
  });

  it('fields V2 deleted get the latest time of the record, wherever that item is', () => {
    const latest = '2025-05-05T00:00:00Z';
    for (const items of [
      [item('polls_close', { modified_at: latest }), item('polls_open')],
      [item('polls_open'), item('polls_close', { modified_at: latest })],
    ]) {
      const r = downgrade(record(...items), { kind: 'state' });
      expect(
        r.value.state_information.filter((i) => ['early_voting', 'emergency_ballot_request_start'].includes(i.field_type)),
      ).toEqual([
        { text: '', field_type: 'early_voting', modified_at: latest, value: false },
        { text: '', field_type: 'emergency_ballot_request_start', modified_at: latest },
      ]);
    }
  });
});

describe('downgrade of a field list, branch by branch', () => {
  it('a duplicate V2 slug names the earlier descriptor and its JSON path', () => {
    const d = { slug: 'polls_open', description: 'When polls open', field_format: 'Markdown' };
    expect(payloadProblem(() => downgrade([d, { ...d }], { kind: 'fields' }))).toBe(
      '$[1].slug: duplicate field "polls_open" (also at $[0])',
    );
  });

  it('extra descriptor properties are left out and named; a slug the table does not know keeps its V2 slug', () => {
    const r = downgrade(
      [
        { slug: 'polls_open', description: 'When polls open', field_format: 'Markdown', extra: 1 },
        { slug: 'my_own_field', description: 'Mine', field_format: 'URL' },
      ],
      { kind: 'fields' },
    );
    expect(said(r.diagnostics.slice(0, 2))).toEqual([
      ['property-dropped', 'polls_open', '$[0]', 'V1 descriptors had no "extra": left out'],
      ['unknown-field', 'my_own_field', '$[1]', '"my_own_field" is not in the mapping table: kept under its V2 slug'],
    ]);
    expect(r.value.find((f) => f.slug === 'my_own_field')).toEqual({
      slug: 'my_own_field',
      long_name: 'Mine',
      field_format: 'URL',
    });
  });
});

describe('downgrade of an override list, branch by branch', () => {
  it('V1 names where V2 has a one-to-one V1 field; V2-only and unknown slugs kept, each said', () => {
    const r = downgrade([override('absentee_access_levels'), override('has_no_excuse_absentee'), override('my_own_field')], {
      kind: 'overrides',
    });
    expect(said(r.diagnostics)).toEqual([
      [
        'v2-only-field',
        'absentee_access_levels',
        '$[0].field.slug',
        '"absentee_access_levels" has no one-to-one V1 field: kept under its V2 slug',
      ],
      ['unknown-field', 'my_own_field', '$[2].field.slug', '"my_own_field" is not in the mapping table: kept as it is'],
      ['no-v1-overrides', null, null, 'V1 had no override endpoint: field slugs are given their V1 names'],
    ]);
    expect(r.value.map((o) => o.field.slug)).toEqual(['absentee_access_levels', 'vbm_no_excuse', 'my_own_field']);
  });

  it('a V2 slug and its V1 name in one list are one field twice', () => {
    expect(
      payloadProblem(() =>
        downgrade([override('has_no_excuse_absentee'), override('vbm_no_excuse', 'y')], { kind: 'overrides' }),
      ),
    ).toBe('$[1]: duplicate override: "Dane County" of WI already has a value for "vbm_no_excuse"');
  });
});

describe('downgrade, more branches', () => {
  it('a duplicate V2 slug names the first item that has it, wherever it is', () => {
    expect(
      payloadProblem(() => downgrade(record(item('polls_close'), item('polls_open'), item('polls_open')), { kind: 'state' })),
    ).toBe('$.state_information[2].field_type: duplicate field "polls_open" (also at $.state_information[1])');
  });

  it('footnotes of blanks only are no footnotes: nothing dropped, nothing moved', () => {
    const r = downgrade(
      record(
        item('my_own_field', { footnotes: ' \n' }),
        item('absentee_access_levels', { text: 'no_excuse', footnotes: '  ' }),
        item('has_sdr_early_voting', { text: 'True', bool_value: true, footnotes: '\t' }),
        item('sdr_locations', { footnotes: 'At the clerk.' }),
      ),
      { kind: 'state' },
    );
    expect(aboutItems(r.diagnostics)).toEqual([
      ['unknown-field', 'my_own_field', '$.state_information[0]', '"my_own_field" is not in the mapping table: kept as it is'],
      [
        'v2-only-field',
        'absentee_access_levels',
        '$.state_information[1]',
        '"absentee_access_levels" is new in V2 (Single-select), V1 had no such field: left out of the V1 record',
      ],
    ]);
    expect(r.value.state_information.find((i) => i.field_type === 'sdr_notes')?.text).toBe('At the clerk.');
  });

  it('of two items at the same instant, spelled differently, the first one’s time is kept', () => {
    const r = downgrade(record(item('polls_open'), item('polls_close', { modified_at: '2024-03-01T12:00:00.000Z' })), {
      kind: 'state',
    });
    expect(r.value.state_information.find((i) => i.field_type === 'early_voting')?.modified_at).toBe(T);
  });

  it('a field list beside a record, with a format V2 does not have, says so once, naming V2', () => {
    const r = downgrade(record(item('polls_open')), {
      kind: 'state',
      fields: [{ slug: 'polls_open', description: 'When polls open', field_format: 'Fancy' as 'Markdown' }],
    });
    expect(aboutItems(r.diagnostics)).toEqual([
      [
        'unknown-format',
        'polls_open',
        null,
        'field_format "Fancy" in the field list is not a V2 format the table knows: treated as Markdown',
      ],
    ]);
  });

  it('a field list: unknown formats named, a folded field without options lists its Booleans and drops nothing', () => {
    const r = downgrade(
      [
        { slug: 'my_x', description: 'Mine', field_format: 'Fancy' },
        { slug: 'absentee_request_methods', description: 'Ways', field_format: 'Multi-select' },
      ],
      { kind: 'fields' },
    );
    expect(said(r.diagnostics.filter((d) => d.field !== undefined))).toEqual([
      [
        'unknown-format',
        'my_x',
        '$[0].field_format',
        'field_format "Fancy" is not a V2 format the table knows: treated as Markdown',
      ],
      ['unknown-field', 'my_x', '$[0]', '"my_x" is not in the mapping table: kept under its V2 slug'],
      [
        'descriptor-synthesized',
        'absentee_request_methods',
        '$[1]',
        '"absentee_request_methods" listed as its V1 Booleans vbm_app_submission_email, vbm_app_submission_fax, vbm_app_submission_in_person, vbm_app_submission_mail, vbm_app_submission_phone (long_name made from the slug)',
      ],
    ]);
    expect(r.value.find((f) => f.slug === 'my_x')).toEqual({ slug: 'my_x', long_name: 'Mine', field_format: 'Markdown' });
  });

  it('a V2-only format is listed as V1 text and said; a format V1 had is not', () => {
    const r = downgrade(
      [
        { slug: 'my_single', description: 'One of', field_format: 'Single-select' },
        { slug: 'my_url', description: 'A link', field_format: 'URL' },
      ],
      { kind: 'fields' },
    );
    expect(said(r.diagnostics.filter((d) => d.field !== undefined))).toEqual([
      ['unknown-field', 'my_single', '$[0]', '"my_single" is not in the mapping table: kept under its V2 slug'],
      [
        'format-downgraded',
        'my_single',
        '$[0]',
        'V1 has no Single-select format: "my_single" is listed as Markdown (its value is in text)',
      ],
      ['unknown-field', 'my_url', '$[1]', '"my_url" is not in the mapping table: kept under its V2 slug'],
    ]);
  });

  it('on a table with no deleted field, nothing is listed again and no format is unknown', () => {
    const json = structuredClone(loadMappings().table);
    json.slugs = json.slugs.filter((r) => r.kind !== 'delete');
    json.contradictions = json.contradictions.filter((c) => !c.kinds.includes('delete'));
    const mappings = mappingsFromJson(json, 'no-deletes.json');
    const r = downgrade([{ slug: 'polls_open', description: 'When polls open', field_format: 'Markdown' }], {
      kind: 'fields',
      mappings,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual([{ slug: 'polls_open', long_name: 'When polls open', field_format: 'Markdown' }]);
  });

  it('an override of a V1 slug keeps it, unsaid', () => {
    const r = downgrade([override('vbm_no_excuse')], { kind: 'overrides' });
    expect(said(r.diagnostics)).toEqual([
      ['no-v1-overrides', null, null, 'V1 had no override endpoint: field slugs are given their V1 names'],
    ]);
    expect(r.value.map((o) => o.field.slug)).toEqual(['vbm_no_excuse']);
  });
});

describe("downgrade on a table of the test's own", () => {
  it("a deleted field's table warning is said once, for the record (the contradiction resolved as a deletion)", () => {
    const json = structuredClone(loadMappings().table);
    json.contradictions = json.contradictions.map((c) => ({
      ...c,
      resolution: 'delete' as const,
      warning: 'Treated as deleted here.',
    }));
    const mappings = mappingsFromJson(json, 'resolved-as-delete.json');
    const r = downgrade(record(item('polls_open')), { kind: 'state', mappings });
    expect(said(r.diagnostics.filter((d) => d.field === 'id_requirements_in_person_registration'))).toEqual([
      ['table-warning', 'id_requirements_in_person_registration', null, 'Treated as deleted here.'],
      [
        'deleted-field-emptied',
        'id_requirements_in_person_registration',
        null,
        '"id_requirements_in_person_registration" (deleted in V2, redundant) given V1\'s empty value: V2 has nothing to derive it from',
      ],
    ]);
  });
});
