import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';

/**
 * How a read is narrowed to one field, in process (the CLI tests run the built package, which a
 * mutant of src/ does not reach): `value` is renamed only on items of a Boolean field, and the slug
 * compared is the one renamed.
 */
const items = 'const items = record.state_information;\n';
const migrate = (code: string) => transformSource(items + code, 'a.js').output.slice(items.length);

describe('narrowing a read to one field', () => {
  it('by an if, a ternary or an && above the read (either operand order, == too)', () => {
    expect(migrate("for (const item of items) { if (item.field_type === 'vbm_deadline_mail') use(item.value); }\n")).toBe(
      "for (const item of items) { if (item.field_type === 'absentee_deadline_mail') use(item.value); }\n",
    );
    expect(migrate("for (const item of items) { if (item.field_type === 'vbm_no_excuse') use(item.value); }\n")).toBe(
      "for (const item of items) { if (item.field_type === 'has_no_excuse_absentee') use(item.bool_value); }\n",
    );
    expect(migrate("for (const it of items) use('vbm_deadline_mail' === it.field_type ? it.value : null);\n")).toBe(
      "for (const it of items) use('absentee_deadline_mail' === it.field_type ? it.value : null);\n",
    );
    expect(migrate("for (const it of items) use(it.field_type == 'vbm_deadline_mail' && it.value);\n")).toBe(
      "for (const it of items) use(it.field_type == 'absentee_deadline_mail' && it.value);\n",
    );
  });

  it('by the search that picks the item (arrow or function callback)', () => {
    expect(migrate("use(items.find((i) => i.field_type === 'vbm_deadline_mail')?.value);\n")).toBe(
      "use(items.find((i) => i.field_type === 'absentee_deadline_mail')?.value);\n",
    );
    expect(migrate("use(items.findLast(function (i) { return i.field_type === 'vbm_deadline_mail'; }).value);\n")).toBe(
      "use(items.findLast(function (i) { return i.field_type === 'absentee_deadline_mail'; }).value);\n",
    );
    expect(migrate("use(items.find((i) => i.field_type === 'vbm_no_excuse')?.value);\n")).toBe(
      "use(items.find((i) => i.field_type === 'has_no_excuse_absentee')?.bool_value);\n",
    );
  });

  it('not by a condition that admits other fields, a negation, or a search of another kind', () => {
    // `||` accepts another field; `!==` says what it is not; `filter` keeps many.
    expect(migrate("use(items.find((i) => i.field_type === 'vbm_deadline_mail' || i.field_type === 'x')?.value);\n")).toBe(
      "use(items.find((i) => i.field_type === 'absentee_deadline_mail' || i.field_type === 'x')?.bool_value);\n",
    );
    expect(migrate("for (const item of items) if (item.field_type !== 'vbm_deadline_mail') use(item.value);\n")).toBe(
      "for (const item of items) if (item.field_type !== 'absentee_deadline_mail') use(item.bool_value);\n",
    );
    expect(migrate("use(items.filter((i) => i.field_type === 'vbm_deadline_mail')[0].value);\n")).toBe(
      "use(items.filter((i) => i.field_type === 'absentee_deadline_mail')[0].bool_value);\n",
    );
  });

  it('by the slug an item literal spells for itself', () => {
    expect(
      migrate("record.state_information.push({ field_type: 'vbm_deadline_mail', text: 'x', value: 'y', modified_at: 'z' });\n"),
    ).toBe("record.state_information.push({ field_type: 'absentee_deadline_mail', text: 'x', value: 'y', modified_at: 'z' });\n");
    expect(
      migrate("record.state_information.push({ field_type: 'vbm_no_excuse', text: 'True', value: true, modified_at: 'z' });\n"),
    ).toBe(
      "record.state_information.push({ field_type: 'has_no_excuse_absentee', text: 'True', bool_value: true, modified_at: 'z' });\n",
    );
  });
});

describe('what does not narrow a read (#28: each condition of the narrowing pinned)', () => {
  // Not narrowed: the read is renamed as any V1 item's `value`. Narrowed to a text field: kept.
  it('a comparison of another item’s slug, or with a value that is not a literal', () => {
    // (The read's item shows what it is by its own slug member; another item's comparison does not narrow it.)
    expect(
      migrate(
        "for (const item of items) { log(item.field_type); if (other.field_type === 'vbm_deadline_mail') use(item.value); }\n",
      ),
    ).toBe(
      "for (const item of items) { log(item.field_type); if (other.field_type === 'absentee_deadline_mail') use(item.bool_value); }\n",
    );
    expect(migrate('for (const item of items) { if (item.field_type === other) use(item.value); }\n')).toBe(
      'for (const item of items) { if (item.field_type === other) use(item.bool_value); }\n',
    );
  });

  it('a read in the else branch, the false side of a ternary, the left of && or under ||', () => {
    expect(migrate("for (const item of items) { if (item.field_type === 'vbm_deadline_mail') {} else use(item.value); }\n")).toBe(
      "for (const item of items) { if (item.field_type === 'absentee_deadline_mail') {} else use(item.bool_value); }\n",
    );
    expect(migrate("for (const it of items) use(it.field_type === 'vbm_deadline_mail' ? null : it.value);\n")).toBe(
      "for (const it of items) use(it.field_type === 'absentee_deadline_mail' ? null : it.bool_value);\n",
    );
    expect(migrate("for (const it of items) use(it.value && it.field_type === 'vbm_deadline_mail');\n")).toBe(
      "for (const it of items) use(it.bool_value && it.field_type === 'absentee_deadline_mail');\n",
    );
    expect(migrate("for (const it of items) use(it.field_type === 'vbm_deadline_mail' || it.value);\n")).toBe(
      "for (const it of items) use(it.field_type === 'absentee_deadline_mail' || it.bool_value);\n",
    );
  });

  it('a comparison inside a function of the condition, or a condition outside the read’s function', () => {
    expect(
      migrate("for (const item of items) { if (items.some((o) => item.field_type === 'vbm_deadline_mail')) use(item.value); }\n"),
    ).toBe(
      "for (const item of items) { if (items.some((o) => item.field_type === 'absentee_deadline_mail')) use(item.bool_value); }\n",
    );
    expect(migrate("for (const item of items) { if (item.field_type === 'vbm_deadline_mail') later(() => item.value); }\n")).toBe(
      "for (const item of items) { if (item.field_type === 'absentee_deadline_mail') later(() => item.bool_value); }\n",
    );
  });

  it('a search whose callback is not a function of one named item that returns one comparison', () => {
    expect(migrate("use(items.find(function (i) { log(i); return i.field_type === 'vbm_deadline_mail'; }).value);\n")).toBe(
      "use(items.find(function (i) { log(i); return i.field_type === 'absentee_deadline_mail'; }).bool_value);\n",
    );
    expect(migrate("use(items.find(function (i) { i.field_type === 'vbm_deadline_mail'; }).value);\n")).toBe(
      "use(items.find(function (i) { i.field_type === 'absentee_deadline_mail'; }).bool_value);\n",
    );
  });

  it('an item literal whose slug member is not a plain string, or is not the slug member', () => {
    expect(migrate("record.state_information.push({ field_type: slug, text: 'x', value: 'y', modified_at: 'z' });\n")).toBe(
      "record.state_information.push({ field_type: slug, text: 'x', bool_value: 'y', modified_at: 'z' });\n",
    );
    expect(migrate("record.state_information.push({ text: 'vbm_deadline_mail', value: 'y', modified_at: 'z' });\n")).toBe(
      "record.state_information.push({ text: 'absentee_deadline_mail', bool_value: 'y', modified_at: 'z' });\n",
    );
    expect(
      migrate("record.state_information.push({ field_type, ...rest, ['field_type']: 'vbm_deadline_mail', value: 'y' });\n"),
    ).toBe(
      "record.state_information.push({ field_type, ...rest, ['field_type']: 'absentee_deadline_mail', bool_value: 'y' });\n",
    );
  });
});
