/** --baseline: only new V1 usage gates; moved code keeps its fingerprint; counts matter. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

const A = "x = state['vbm_no_excuse']\ny = state['vbm_universal']\n";

describe('report --baseline', () => {
  it('--update-baseline writes it; then the same tree passes, with the findings shown as baselined', async () => {
    const dir = writeTree({ 'a.py': A });
    const write = await runCli(['report', '--baseline', 'civic-baseline.json', '--update-baseline'], { cwd: dir });
    expect(write).toMatchObject({ code: 0, stderr: 'civic-migrate: civic-baseline.json: 2 findings written as the baseline\n' });
    const baseline = JSON.parse(readFileSync(join(dir, 'civic-baseline.json'), 'utf8'));
    expect(baseline.findings.map((f: { file: string; token: string }) => [f.file, f.token])).toEqual([
      ['a.py', 'vbm_no_excuse'],
      ['a.py', 'vbm_universal'],
    ]);
    const r = await runCli(['report', '--baseline', 'civic-baseline.json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('(person, string, baselined)');
    expect(r.stdout).toMatch(/PASS \(--fail-on any\): 2 V1 usages in 1 file: 2 for a person \(2 baselined, not gating\)\.\n$/);
  });

  it('moved lines still match; a new finding gates; a copy of an accepted line is new (counts)', async () => {
    const dir = writeTree({ 'a.py': A });
    await runCli(['report', '--baseline', 'b.json', '--update-baseline'], { cwd: dir });
    writeFileSync(join(dir, 'a.py'), `# moved down\n\n${A}`);
    expect((await runCli(['report', '--baseline', 'b.json'], { cwd: dir })).code).toBe(0);
    writeFileSync(join(dir, 'a.py'), `${A}z = state['vbm_no_excuse']\n`);
    const added = await runCli(['report', '--baseline', 'b.json', '--format', 'json'], { cwd: dir });
    expect(added.code).toBe(1);
    const json = JSON.parse(added.stdout);
    expect(json.findings.map((f: { line: number; baselined?: true }) => [f.line, f.baselined ?? false])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(json.summary.gating).toBe(1);
    writeFileSync(join(dir, 'a.py'), `${A}${A}`);
    expect((await runCli(['report', '--baseline', 'b.json'], { cwd: dir })).code).toBe(1);
  });

  it('a missing or malformed baseline is one line, exit 2; --update-baseline needs --baseline', async () => {
    const dir = writeTree({ 'a.py': A, 'bad.json': '{"schemaVersion": 2}' });
    expect(await runCli(['report', '--baseline', 'nope.json'], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: 'civic-migrate: nope.json: cannot read baseline: no such file\n',
    });
    const bad = await runCli(['report', '--baseline', 'bad.json'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^civic-migrate: bad\.json: not a baseline: \$\.schemaVersion: .* \(write one with --update-baseline\)\n$/,
    );
    expect((await runCli(['report', '--update-baseline'], { cwd: dir })).stderr).toBe(
      "civic-migrate: --update-baseline needs --baseline FILE\nRun 'civic-migrate --help' for usage.\n",
    );
  });
});
