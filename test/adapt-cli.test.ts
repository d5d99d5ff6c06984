/** `civic-migrate adapt`: files and stdin, --out, diagnostics, exit codes. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

const cwd = new URL('../fixtures/payloads/', import.meta.url).pathname;
const read = (name: string) => readFileSync(join(cwd, name), 'utf8');
const json = (name: string): unknown => JSON.parse(read(name));
const tmp = mkdtempSync(join(tmpdir(), 'civic-adapt-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('adapt --to v2', () => {
  it('a V1 state record file, with the V1 field list and the override list', async () => {
    const r = await runCli(
      ['adapt', 'v1-state-IL.json', '--to', 'v2', '--fields', 'v1-fields.json', '--overrides', 'v2-overrides.json'],
      { cwd },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(json('v1-state-IL.upgraded.json'));
    expect(r.stdout).toBe(`${JSON.stringify(json('v1-state-IL.upgraded.json'), null, 2)}\n`);
    expect(r.stderr.split('\n')).toEqual([
      'v1-state-IL.json: $.state_information[14] (felon_vote_release_prison): warning [deleted-value-lost] "felon_vote_release_prison" is deleted in V2 (redundant): its value is dropped and downgrade cannot give it back (V2 has nothing to derive it from)',
      'v1-state-IL.json: $.state_information[15] (id_requirements_in_person_registration): warning [table-warning] SPEC lists this slug both as renamed (to `id_laws_in_person_registration`) and as deleted, redundant with `id_laws_same_day_registration`, a slug that exists nowhere else (the same-day registration ID field is `id_laws_sdr`). Treated as the rename: check the V2 field list for your account.',
      'v1-state-IL.json: $.state_information[23] (specific_general_election_date): warning [deleted-value-lost] "specific_general_election_date" is deleted in V2 (2022-specific): its value is dropped and downgrade cannot give it back (V2 has nothing to derive it from)',
      'v1-state-IL.json: $.state_information[31] (vbm_notes): warning [table-warning] SPEC does not name the fields that took over "vbm_notes": the footnote targets (absentee_process_summary, absentee_voting_laws) are this table\'s inference',
      'v1-state-IL.json: $.state_information[33] (vbm_state_provides_dropboxes): warning [deleted-value-lost] "vbm_state_provides_dropboxes" is deleted in V2 (too-difficult): its value is dropped and downgrade cannot give it back (V2 has nothing to derive it from)',
      'civic-migrate adapt: v1-state-IL.json: V1 → V2 state record: 0 errors, 5 warnings, 6 info (--verbose lists them)',
      '',
    ]);
  });

  it('stdin by default and with -, --compact output', async () => {
    for (const args of [
      ['adapt', '--to', 'v2', '--compact'],
      ['adapt', '-', '--to', 'v2', '--compact'],
    ]) {
      const r = await runCli(args, { cwd, stdin: read('v1-fields.json') });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${JSON.stringify(json('v1-fields.upgraded.json'))}\n`);
      expect(r.stderr.split('\n').at(-2)).toBe(
        'civic-migrate adapt: <stdin>: V1 → V2 field list: 0 errors, 2 warnings, 14 info (--verbose lists them)',
      );
    }
  });

  it('--verbose lists the info findings too', async () => {
    const r = await runCli(['adapt', 'v1-fields.json', '--to', 'v2', '--verbose'], { cwd });
    expect(r.stderr.split('\n').filter((l) => l.includes(': info ['))).toHaveLength(14);
    expect(r.stderr.split('\n').at(-2)).toBe(
      'civic-migrate adapt: v1-fields.json: V1 → V2 field list: 0 errors, 2 warnings, 14 info',
    );
  });

  it('--out writes the file (and nothing to stdout); an existing file is replaced', async () => {
    const out = join(tmp, 'il-v2.json');
    writeFileSync(out, 'old');
    const r = await runCli(
      ['adapt', 'v1-state-IL.json', '--to', 'v2', '--out', out, '--fields', 'v1-fields.json', '--overrides', 'v2-overrides.json'],
      {
        cwd,
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(json('v1-state-IL.upgraded.json'));
    expect(readdirSync(tmp)).toEqual(['il-v2.json']);
  });
});

describe('adapt --to v1', () => {
  it('a V2 record from stdin; --diagnostics json', async () => {
    const r = await runCli(
      ['adapt', '--to', 'v1', '--fields', 'v2-fields.json', '--overrides', 'v2-overrides.json', '--diagnostics', 'json'],
      {
        cwd,
        stdin: read('v2-state-WI.json'),
      },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(json('v2-state-WI.downgraded.json'));
    const report = JSON.parse(r.stderr) as {
      source: string;
      kind: string;
      from: string;
      to: string;
      diagnostics: { code: string }[];
    };
    expect({ ...report, diagnostics: report.diagnostics.length }).toEqual({
      source: '<stdin>',
      kind: 'state',
      from: 'v2',
      to: 'v1',
      diagnostics: 35,
    });
    expect(report.diagnostics[1]).toEqual({
      code: 'option-dropped',
      severity: 'warning',
      field: 'absentee_request_methods',
      path: '$.state_information[2]',
      message: 'option "online" of "absentee_request_methods" has no V1 Boolean: dropped',
    });
  });

  it('an override list', async () => {
    const r = await runCli(['adapt', 'v2-overrides.json', '--to', 'v1'], { cwd });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(json('v2-overrides.downgraded.json'));
  });
});

describe('exit codes', () => {
  it('1: --strict meets a lossy step; nothing is written', async () => {
    const out = join(tmp, 'strict.json');
    const r = await runCli(['adapt', 'v2-state-WI.json', '--to', 'v1', '--strict', '--out', out], { cwd });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(readdirSync(tmp)).not.toContain('strict.json');
    const lines = r.stderr.split('\n');
    expect(lines.filter((l) => l.includes(': error ['))).toEqual([
      'v2-state-WI.json: $.state_information[2] (absentee_request_methods): error [option-dropped] option "online" of "absentee_request_methods" has no V1 Boolean: dropped',
      'v2-state-WI.json: $.state_information[9] (has_curbside_voting): error [unknown-field] "has_curbside_voting" is not in the mapping table: kept as it is',
      'v2-state-WI.json: $.state_information[10] (has_no_excuse_absentee): error [footnotes-dropped] V1 has no notes field for "has_no_excuse_absentee": its footnotes are dropped',
    ]);
    expect(lines.at(-2)).toBe(
      'civic-migrate: v2-state-WI.json: $.state_information[2]: strict: option "online" of "absentee_request_methods" has no V1 Boolean: dropped (and 2 more)',
    );
  });

  it.each([
    [
      ['adapt', 'bad-syntax.json', '--to', 'v2'],
      'civic-migrate: bad-syntax.json: line 5, column 106: not valid JSON: expected a property name in double quotes, found "}"',
    ],
    [
      ['adapt', 'bad-text-number.json', '--to', 'v2'],
      'civic-migrate: bad-text-number.json: $.state_information[1].text: expected a string, got number 18',
    ],
    [
      ['adapt', 'v2-state-WI.json', '--to', 'v2'],
      'civic-migrate: v2-state-WI.json: $.state_information[0].footnotes: this is a V2 state record (items have "footnotes"); upgrade takes V1',
    ],
    [['adapt', 'missing.json', '--to', 'v2'], 'civic-migrate: missing.json: cannot read the payload: no such file'],
    [
      ['adapt', 'v1-state-IL.json', '--to', 'v2', '--fields', 'v2-fields.json'],
      'civic-migrate: v2-fields.json: $[0].long_name: missing (expected a string in a V1 field list)',
    ],
    [
      ['adapt', 'v1-state-IL.json', '--to', 'v2', '--kind', 'overrides'],
      'civic-migrate: v1-state-IL.json: $: expected a V1 override list (an array), got an object',
    ],
  ])('2: %j', async (args, line) => {
    const out = join(tmp, 'never.json');
    const r = await runCli([...args, '--out', out], { cwd });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${line}\n`);
    expect(readdirSync(tmp)).not.toContain('never.json');
  });

  it('2: usage errors', async () => {
    const noTo = await runCli(['adapt', 'v1-fields.json'], { cwd });
    expect(noTo.code).toBe(2);
    expect(noTo.stderr.split('\n')[0]).toBe('civic-migrate: Missing required argument: to');
    const twoStdins = await runCli(['adapt', '-', '--to', 'v2', '--fields=-'], { cwd, stdin: '[]' });
    expect(twoStdins.code).toBe(2);
    expect(twoStdins.stderr.split('\n')[0]).toBe(
      'civic-migrate: only one of the payload, --fields and --overrides can be read from stdin (-)',
    );
  });
});
