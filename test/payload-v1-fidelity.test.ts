/**
 * A downgraded payload is what the V1 server sent (DOMAIN.md §2): V1's fields in V1's order with
 * V1's keys, Boolean `text` agreeing with `value`, "no data" placeholders read as no data, and no
 * format stated as fact where nobody knows it. Each case edits the real-shaped WI sample.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { downgrade, type V2StateItem, type V2StateRecord, v2FieldListSchema } from '../src/payload/index.js';

const sample = (): V2StateRecord =>
  JSON.parse(readFileSync(new URL('../fixtures/payloads/v2-state-WI.json', import.meta.url), 'utf8'));
const v2Fields = v2FieldListSchema.parse(
  JSON.parse(readFileSync(new URL('../fixtures/payloads/v2-fields.json', import.meta.url), 'utf8')),
);
const item = (record: V2StateRecord, slug: string) =>
  record.state_information.find((i) => i.field_type === slug) as V2StateItem & Record<string, unknown>;
const down = (record: V2StateRecord) => downgrade(record, { kind: 'state', fields: v2Fields });
const v1Item = (r: ReturnType<typeof down>, slug: string) => r.value.state_information.find((i) => i.field_type === slug);

describe('downgraded state records', () => {
  it('hold V1 fields only, sorted by field_type, with V1 keys in V1 order', () => {
    const r = down(sample());
    const slugs = r.value.state_information.map((i) => i.field_type);
    expect(slugs).not.toContain('absentee_access_levels');
    expect(slugs).toEqual([...slugs].sort());
    expect(r.diagnostics.find((d) => d.code === 'v2-only-field')).toMatchObject({
      field: 'absentee_access_levels',
      path: '$.state_information[0]',
      message: '"absentee_access_levels" is new in V2 (Single-select), V1 had no such field: left out of the V1 record',
    });
    for (const i of r.value.state_information)
      expect(Object.keys(i), i.field_type).toEqual(
        'value' in i ? ['text', 'field_type', 'modified_at', 'value'] : ['text', 'field_type', 'modified_at'],
      );
  });

  it('a V2 draft property (`footnote`) does not leak into V1 items: it is said', () => {
    const record = sample();
    item(record, 'has_curbside_voting').footnote = 'draft';
    const r = down(record);
    expect(Object.keys(v1Item(r, 'has_curbside_voting') ?? {})).toEqual(['text', 'field_type', 'modified_at', 'value']);
    expect(r.diagnostics.filter((d) => d.code === 'property-dropped')).toEqual([
      {
        code: 'property-dropped',
        severity: 'info',
        field: 'has_curbside_voting',
        path: expect.stringMatching(/^\$\.state_information\[\d+\]$/),
        message: 'V1 items had no "footnote": left out',
      },
    ]);
  });

  it('a Boolean whose text is empty but bool_value true reads "True" in V1 (text agrees with value)', () => {
    const record = sample();
    Object.assign(item(record, 'has_curbside_voting'), { text: '', bool_value: true });
    const r = down(record);
    expect(v1Item(r, 'has_curbside_voting')).toMatchObject({ text: 'True', value: true });
    expect(r.diagnostics.find((d) => d.code === 'boolean-conflict')?.message).toBe(
      'text "" disagrees with bool_value true: value follows bool_value, and text is written "True"',
    );
  });

  it('text "False" with bool_value true: both say true; an unset Boolean stays "" with false', () => {
    const record = sample();
    Object.assign(item(record, 'has_curbside_voting'), { text: 'False', bool_value: true });
    Object.assign(item(record, 'has_no_excuse_absentee'), { text: '', bool_value: false });
    const r = down(record);
    expect(v1Item(r, 'has_curbside_voting')).toMatchObject({ text: 'True', value: true });
    expect(v1Item(r, 'vbm_no_excuse')).toMatchObject({ text: '', value: false });
  });

  it.each(['N/A', 'n/a', ' NA ', 'None', '-'])('early_voting from early_voting_starts %j (no data) is "False"', (text) => {
    const record = sample();
    Object.assign(item(record, 'early_voting_starts'), { text });
    Object.assign(item(record, 'early_voting_ends'), { text: '' });
    expect(v1Item(down(record), 'early_voting')).toMatchObject({ text: 'False', value: false });
  });

  it('early_voting is "True" when a date is there', () => {
    const record = sample();
    Object.assign(item(record, 'early_voting_ends'), { text: 'n/a' });
    expect(v1Item(down(record), 'early_voting')).toMatchObject({ text: 'True', value: true });
  });
});

describe('downgraded field lists', () => {
  it('leave out V2-only fields and say which V1 formats nobody knows', () => {
    const r = downgrade(v2Fields, { kind: 'fields' });
    expect(r.value.map((f) => f.slug)).not.toContain('absentee_access_levels');
    const unknown = r.diagnostics.find((d) => d.code === 'format-unknown');
    expect(unknown?.severity).toBe('warning');
    expect(unknown?.message).toMatch(
      /^nobody knows the V1 format of [a-z0-9_, ]+: listed as Markdown, V1's text format; check before relying on it$/,
    );
    // Every slug it names is listed as Markdown, and none whose format the table knows.
    const named = (unknown?.message.match(/of (.*?):/)?.[1] ?? '').split(', ');
    for (const slug of named) expect(r.value.find((f) => f.slug === slug)?.field_format, slug).toBe('Markdown');
    expect(named).not.toContain('early_voting');
    expect(named).toContain('felon_vote_release_prison');
  });
});

describe('one Boolean codec, both directions', () => {
  it('upgrade: a V1 item with text "" and value true becomes text "True", bool_value true (said)', async () => {
    const { upgrade } = await import('../src/payload/index.js');
    const v1 = JSON.parse(readFileSync(new URL('../fixtures/payloads/v1-state-IL.json', import.meta.url), 'utf8'));
    const item = (v1.state_information as { field_type: string }[]).find((x) => x.field_type === 'vbm_no_excuse');
    expect(item).toBeDefined();
    Object.assign(item as object, { text: '', value: true });
    const r = upgrade(v1, { kind: 'state' });
    expect(r.value.state_information.find((x) => x.field_type === 'has_no_excuse_absentee')).toMatchObject({
      text: 'True',
      bool_value: true,
    });
    expect(r.diagnostics.find((d) => d.code === 'boolean-conflict')?.message).toBe(
      'text "" disagrees with value true: bool_value follows value, and text is written "True"',
    );
  });
});

describe('the early V2 draft, and a Multi-select without multiselect_value (DOMAIN.md §3)', () => {
  const said = (r: ReturnType<typeof down>, code: string, field: string) =>
    r.diagnostics.filter((d) => d.code === code && d.field === field).map((d) => d.message);
  const methods = (record: V2StateRecord, text: string, draft?: unknown) => {
    const m = item(record, 'absentee_request_methods');
    delete m.multiselect_value;
    m.text = text;
    if (draft !== undefined) m.value = draft;
  };

  it('a Boolean with only the draft `value`: its value is read, and said', () => {
    const record = sample();
    const b = item(record, 'has_no_excuse_absentee');
    delete b.bool_value;
    Object.assign(b, { text: 'False', value: false });
    const r = down(record);
    expect(v1Item(r, 'vbm_no_excuse')).toMatchObject({ text: 'False', value: false });
    expect(said(r, 'legacy-value', 'has_no_excuse_absentee')).toEqual(['no bool_value: the draft "value" (false) was read']);
  });

  it('a Multi-select with no text and only the draft `value` list: its options are read, and said', () => {
    const record = sample();
    methods(record, '', ['fax']);
    const r = down(record);
    expect(v1Item(r, 'vbm_app_submission_fax')).toMatchObject({ text: 'True', value: true });
    expect(v1Item(r, 'vbm_app_submission_email')).toMatchObject({ text: 'False', value: false });
    expect(said(r, 'legacy-value', 'absentee_request_methods')).toEqual(['no multiselect_value: the draft "value" was read']);
  });

  it('with neither, the options come from its text (said); a draft list with a hole is no list of options', () => {
    for (const draft of [undefined, Object.assign(new Array(2), { 0: 'fax' })]) {
      const record = sample();
      methods(record, 'email', draft);
      const r = down(record);
      expect(v1Item(r, 'vbm_app_submission_email')).toMatchObject({ text: 'True', value: true });
      expect(v1Item(r, 'vbm_app_submission_fax')).toMatchObject({ text: 'False', value: false });
      expect(said(r, 'multiselect-from-text', 'absentee_request_methods')).toEqual([
        'no multiselect_value: options read from text "email"',
      ]);
    }
  });
});
