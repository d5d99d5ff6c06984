/** `--format github` (workflow-command annotations) and `--format gitlab` (Code Quality JSON). */
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

const tree = () =>
  writeTree({
    'app.js': "export const a = (s) => s.vbm_no_excuse.text;\nexport const b = (s) => s['vbm_app_submission_email'];\n",
    'dir,name/x%y.py': "state['vbm_universal']\n",
  });

describe('--format github', () => {
  it('one annotation per finding, escaped, error for what gates and warning for the rest', async () => {
    const r = await runCli(['report', '--format', 'github', '--fail-on', 'manual'], { cwd: tree() });
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      "::warning file=app.js,line=1,col=27,endLine=1,endColumn=40,title=civic-migrate rename (codemod fixes it)::V1 `vbm_no_excuse` is V2 `has_no_excuse_absentee` (renamed). Use `has_no_excuse_absentee` wherever the slug appears (field_type comparisons, map keys, property names); read the item's `bool_value` instead of V1's undocumented `value`. Its format stays Boolean (the 2020 V1 docs give Boolean; SPEC's naming convention 1 makes `has`/`is` slugs Booleans). `civic-migrate codemod` rewrites it.",
    );
    expect(lines[1]).toBe(
      "::error file=app.js,line=2,col=28,endLine=2,endColumn=52,title=civic-migrate consolidate (a person must fix it)::`vbm_app_submission_email` is gone in V2: read `absentee_request_methods`' `multiselect_value` and check for `email`",
    );
    // `,` and `%` in a property are escaped, so the file name cannot end the property early.
    expect(lines[2]).toMatch(
      /^::error file=dir%2Cname\/x%25y\.py,line=1,col=8,endLine=1,endColumn=21,title=civic-migrate rename \(a person must fix it\)::V1 `vbm_universal` is V2/,
    );
    expect(lines[3]).toBe('');
    expect(r.stderr).toMatch(/^FAIL \(--fail-on manual\): 3 V1 usages in 2 files/);
  });
});

describe('--format gitlab', () => {
  it('a Code Quality array: check names, severities, locations; fingerprints stable when lines move', async () => {
    const dir = tree();
    const first = JSON.parse((await runCli(['report', '--format', 'gitlab', '--fail-on', 'none'], { cwd: dir })).stdout);
    expect(first.map((i: Record<string, unknown>) => [i.check_name, i.severity, i.location])).toEqual([
      ['civic-migrate/slug-rewritten', 'minor', { path: 'app.js', lines: { begin: 1, end: 1 } }],
      ['civic-migrate/consolidated', 'minor', { path: 'app.js', lines: { begin: 2, end: 2 } }],
      ['civic-migrate/slug-in-text', 'minor', { path: 'dir,name/x%y.py', lines: { begin: 1, end: 1 } }],
    ]);
    expect(new Set(first.map((i: { fingerprint: string }) => i.fingerprint)).size).toBe(3);
    const moved = writeTree({
      'app.js':
        "\n\n// moved down\nexport const a = (s) => s.vbm_no_excuse.text;\nexport const b = (s) => s['vbm_app_submission_email'];\n",
      'dir,name/x%y.py': "\nstate['vbm_universal']\n",
    });
    const again = JSON.parse((await runCli(['report', '--format', 'gitlab', '--fail-on', 'none'], { cwd: moved })).stdout);
    expect(again.map((i: { fingerprint: string }) => i.fingerprint)).toEqual(
      first.map((i: { fingerprint: string }) => i.fingerprint),
    );
  });
});
