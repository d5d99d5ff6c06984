/**
 * Values that meet at one place are of one kind (src/roles/tracker.ts: `meet`, `meetStaying`,
 * `stayInto`; #28 mutation testing): an object literal the program writes where API objects go
 * (a default, a mock handed to a helper) is such an object too, so its keys move with the reads;
 * where the data there stays on V1 (a base shared with another service), the literal, the literals
 * it holds and the slugs it spells stay with it, with a marker, and are not renamed. Exact output
 * of the codemod (one file) and of the engine.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { analyze, HOST, V1 } from './helpers/program.js';

const migrate = (lines: readonly string[]) => transformSource(lines.join('\n'), 'a.js').output.split('\n');

/** A base the API shares with another VoteAmerica service: what it requests stays V1. */
const SHARED = [
  `const HOST = ${HOST};`,
  "const BASE = HOST + '/v1';",
  "exports.s = (id) => fetch(BASE + '/registration/status/' + id + '/');",
];
const ALONE = [`const HOST = ${HOST};`, "const BASE = HOST + '/v1';"];
const STAYS_NOTE = 'requested through a base that stays on V1 (it is shared with another service)';

describe('a literal that meets API objects', () => {
  it("a default (`fields[0] ?? { long_name: '' }`) is a descriptor: its key moves with the reads", () => {
    const code = [
      `const BASE = ${V1};`,
      "exports.f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const first = fields[0] ?? { long_name: '' }; return first.long_name; };",
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node("{ long_name: '' }"))).toEqual([
      "`{ long_name: '' }`: an object the program builds",
      "`{ long_name: '' }`: V1 field descriptor",
    ]);
    expect(migrate(code)[1]).toBe(
      "exports.f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const first = fields[0] ?? { description: '' }; return first.description; };",
    );
  });

  it('a literal that meets only objects of its own program stays as it is', () => {
    const code = ['exports.f = (o) => { const x = o.a ?? { long_name: 1 }; return x.long_name; };'];
    expect(migrate(code)).toEqual(code);
  });
});

describe('a mock that meets data staying on V1', () => {
  const body = [
    "const names = (list) => list.filter((f) => f.slug === 'vbm_no_excuse').map((f) => f.long_name);",
    "exports.f = async () => names(await fetch(BASE + '/election/field/').then((r) => r.json()));",
    "exports.t = () => names([{ slug: 'vbm_no_excuse', long_name: 'x' }]);",
  ];

  it("a list of descriptors handed where a shared base's list goes: its slug and keys stay, each with a marker", () => {
    const out = migrate([...SHARED, ...body]);
    const at = out.indexOf(body[2] as string);
    // The mock is the line as written, after its two markers: nothing renamed in it.
    expect(at).toBeGreaterThan(0);
    expect(out.slice(at - 2, at)).toEqual([
      `// civic-migrate: \`long_name\` is read from a V1 field descriptor ${STAYS_NOTE}: it becomes \`description\` when that request moves to V2`,
      `// civic-migrate: \`vbm_no_excuse\` names the field of V1 field descriptors ${STAYS_NOTE}: it becomes \`has_no_excuse_absentee\` when that request moves to V2`,
    ]);
    const a = analyze({ 'a.js': [...SHARED, ...body].join('\n') });
    const slug = a.node("'vbm_no_excuse'", 1);
    expect(a.roles.slugSlot(slug)?.role.key).toBe('api:slug:::shared');
    expect(a.roles.slugSlot(slug)?.prev?.role.key).toBe('api:v1.descriptor:::shared');
  });

  it('the same mock beside a base of its own moves with the reads', () => {
    expect(migrate([...ALONE, ...body]).slice(2)).toEqual([
      "const names = (list) => list.filter((f) => f.slug === 'has_no_excuse_absentee').map((f) => f.description);",
      "exports.f = async () => names(await fetch(BASE + '/election/field/').then((r) => r.json()));",
      "exports.t = () => names([{ slug: 'has_no_excuse_absentee', description: 'x' }]);",
    ]);
  });

  it('a mock shaped like a descriptor (a V1 descriptor of its own) kept in a constant: it stays with the data it meets', () => {
    const MOCK = "const MOCK = [{ slug: 'vbm_no_excuse', long_name: 'x', field_format: 'Boolean', field_type: 'Boolean' }];";
    const code = [
      ...SHARED,
      'const names = (list) => list.map((f) => f.long_name);',
      "exports.f = async () => names(await fetch(BASE + '/election/field/').then((r) => r.json()));",
      MOCK,
      'exports.t = () => names(MOCK);',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node("{ slug: 'vbm_no_excuse', long_name: 'x', field_format: 'Boolean', field_type: 'Boolean' }"))).toEqual([
      "`{ slug: 'vbm_no_excuse', long_name: 'x', field_format: 'B…` reads field_format, field_type, long_name, slug: V1 field descriptor",
      "`{ slug: 'vbm_no_excuse', long_name: 'x', field_format: 'B…`: V1 field descriptor that stays on V1",
    ]);
    expect(migrate(code).slice(-4)).toEqual([
      `// civic-migrate: \`long_name\` is read from a V1 field descriptor ${STAYS_NOTE}: it becomes \`description\` when that request moves to V2`,
      `// civic-migrate: \`vbm_no_excuse\` names the field of V1 field descriptors ${STAYS_NOTE}: it becomes \`has_no_excuse_absentee\` when that request moves to V2`,
      MOCK,
      'exports.t = () => names(MOCK);',
    ]);
  });

  const record = [
    "const yes = (record) => record.state_information.filter((i) => i.field_type === 'vbm_no_excuse' && i.value).length;",
    "exports.f = async () => yes(await fetch(BASE + '/election/data/state/IL/').then((r) => r.json()));",
    "exports.t = () => yes({ code: 'IL', name: 'Illinois', state_information: [{ field_type: 'vbm_no_excuse', value: true }], more: { a: 1 } });",
  ];

  it('a whole state record: the items it holds and the slug each spells stay, said of the item', () => {
    const out = migrate([...SHARED, ...record]);
    const at = out.indexOf(record[2] as string);
    expect(at).toBeGreaterThan(0);
    expect(out.slice(at - 2, at)).toEqual([
      `// civic-migrate: \`value\` is read from a V1 state information item ${STAYS_NOTE}: it becomes \`bool_value\` when that request moves to V2`,
      `// civic-migrate: \`vbm_no_excuse\` names the field of V1 state information items ${STAYS_NOTE}: it becomes \`has_no_excuse_absentee\` when that request moves to V2`,
    ]);
    const a = analyze({ 'a.js': [...SHARED, ...record].join('\n') });
    expect(a.says(a.node("[{ field_type: 'vbm_no_excuse', value: true }]"))).toEqual([
      "`[{ field_type: 'vbm_no_excuse', value: true }]`: an array the program builds",
      "`[{ field_type: 'vbm_no_excuse', value: true }]`: V1 list of state information items that stays on V1",
      "`[{ field_type: 'vbm_no_excuse', value: true }]`: an array the program builds",
    ]);
    expect(a.says(a.node("{ field_type: 'vbm_no_excuse', value: true }"))).toContain(
      "`{ field_type: 'vbm_no_excuse', value: true }`: V1 state information item that stays on V1",
    );
    // A member the API's record does not have is not followed into.
    expect(a.says(a.node('{ a: 1 }'))).toEqual([]);
  });

  it('the same record beside a base of its own moves', () => {
    expect(migrate([...ALONE, ...record]).slice(2)).toEqual([
      "const yes = (record) => record.state_information.filter((i) => i.field_type === 'has_no_excuse_absentee' && i.bool_value).length;",
      "exports.f = async () => yes(await fetch(BASE + '/election/data/state/IL/').then((r) => r.json()));",
      "exports.t = () => yes({ code: 'IL', name: 'Illinois', state_information: [{ field_type: 'has_no_excuse_absentee', bool_value: true }], more: { a: 1 } });",
    ]);
  });
});
