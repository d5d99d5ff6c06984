import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_PATH } from '../src/mapping/load.js';
import { runCli } from './helpers/cli.js';

describe('civic-migrate explain', () => {
  it('explains a renamed Boolean slug in one actionable sentence', async () => {
    expect(await runCli(['explain', 'vbm_no_excuse'])).toEqual({
      code: 0,
      stderr: '',
      stdout:
        "V1 `vbm_no_excuse` is V2 `has_no_excuse_absentee` (renamed). Use `has_no_excuse_absentee` wherever the slug appears (field_type comparisons, map keys, property names); read the item's `bool_value` instead of V1's undocumented `value`. Its format stays Boolean (the 2020 V1 docs give Boolean; SPEC's naming convention 1 makes `has`/`is` slugs Booleans). `civic-migrate codemod` rewrites it.\n",
    });
  });

  it('explains a consolidated slug with the option to check', async () => {
    const { code, stdout } = await runCli(['explain', 'registration_submission_email']);
    expect(code).toBe(0);
    expect(stdout).toBe(
      "V1 `registration_submission_email` is option `email` of the V2 Multi-select field `registration_methods` (consolidated). Where code read it as true, check that `registration_methods`'s `multiselect_value` includes `email`. A person must change the code: `civic-migrate codemod` leaves a `civic-migrate:` marker there.\n",
    );
  });

  it('explains where a V2 slug came from', async () => {
    const { code, stdout } = await runCli(['explain', 'ballot_return_locations']);
    expect(code).toBe(0);
    expect(stdout).toBe(
      'V2 `ballot_return_locations`: option `drop_box` comes from the V1 Boolean `vbm_return_drop_box`; option `early_voting_site` comes from the V1 Boolean `vbm_return_early_voting`; option `local_election_office` comes from the V1 Boolean `vbm_return_election_office`; option `polling_place` comes from the V1 Boolean `vbm_return_polling_place`. Format Multi-select. Options: drop_box, early_voting_site, local_election_office, polling_place (the set may be incomplete).\n',
    );
  });

  it('explains the contradiction with its warning, and long_name and endpoints', async () => {
    expect((await runCli(['explain', 'id_requirements_in_person_registration'])).stdout).toMatch(
      /^V1 `id_requirements_in_person_registration` is V2 `id_laws_in_person_registration` \(renamed\)\. .* Warning: SPEC lists this slug both as renamed/,
    );
    expect((await runCli(['explain', 'long_name'])).stdout).toMatch(/^V1 property `long_name` is `description` in V2\./);
    expect((await runCli(['explain', '/v1/election/state/'])).stdout).toMatch(
      /^V1 endpoint `\/v1\/election\/state\/` has no V2 equivalent\./,
    );
    expect((await runCli(['explain', '/v1/election/state/CA/'])).stdout).toMatch(
      /^V1 endpoint `\/v1\/election\/state\/\{state\}\/` is `\/v2\/election\/data\/state\/\{state\}\/` in V2\./,
    );
  });

  it('says "not in the table" with the closest slugs and exits 1', async () => {
    const { code, stdout, stderr } = await runCli(['explain', 'vbm_no_excus']);
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    expect(stdout).toBe(
      `\`vbm_no_excus\` is not in the table (${DEFAULT_TABLE_PATH}). Closest known: vbm_no_excuse, vbm_notes. If your account has this field, add it with --mappings FILE.\n`,
    );
  });

  it('prints a JSON record with --json', async () => {
    const { code, stdout } = await runCli(['explain', 'overseas_voting', '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json).toMatchObject({ found: true, query: 'overseas_voting', side: 'v1', fixedBy: 'person' });
    expect(json.rule).toEqual({
      kind: 'delete',
      v1: 'overseas_voting',
      category: 'not-tracked',
      format: 'Boolean',
      derive: { from: 'constant', value: true },
      reason: 'overseas voting is available in all states.',
      description: 'Treat it as always true and remove the lookup.',
    });
    const missing = JSON.parse((await runCli(['explain', 'vbm_deadline', '--json'])).stdout);
    expect(missing).toMatchObject({ found: false, query: 'vbm_deadline' });
  });

  it('rejects a missing argument with a usage error (exit 2)', async () => {
    const { code, stderr } = await runCli(['explain']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      "civic-migrate: Not enough non-option arguments: got 0, need at least 1\nRun 'civic-migrate --help' for usage.\n",
    );
  });
});

describe('civic-migrate mappings', () => {
  it('prints the checked-in migration guide', async () => {
    const { code, stdout } = await runCli(['mappings']);
    expect(code).toBe(0);
    expect(stdout).toBe(readFileSync(new URL('../docs/migration-guide.md', import.meta.url), 'utf8'));
  });

  it('prints the validated table as JSON', async () => {
    const { code, stdout } = await runCli(['mappings', '--format', 'json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(readFileSync(DEFAULT_TABLE_PATH, 'utf8')));
  });

  it('uses a table given with --mappings, and rejects an invalid one in one line (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'civic-cli-'));
    const table = JSON.parse(readFileSync(DEFAULT_TABLE_PATH, 'utf8'));
    table.slugs.push({
      kind: 'rename',
      v1: 'vbm_tracking_url',
      v2: 'gov_tool_absentee_tracking',
      description: 'Our account has this field.',
    });
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(table));
    expect((await runCli(['explain', 'vbm_tracking_url', '--mappings', good])).stdout).toBe(
      'V1 `vbm_tracking_url` is V2 `gov_tool_absentee_tracking` (renamed). Our account has this field. Whether its format or meaning changed is not known (SPEC gives only the new name): check the V2 field list before relying on its `text`. `civic-migrate codemod` rewrites it.\n',
    );
    table.slugs.push({ kind: 'rename', v1: 'vbm_other', v2: 'vbm_universal', description: 'A chain for the test.' });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify(table));
    expect(await runCli(['mappings', '--mappings', bad])).toEqual({
      code: 2,
      stdout: '',
      stderr: `civic-migrate: ${bad}: $.slugs[${table.slugs.length - 1}] (rename "vbm_other"): chain: target "vbm_universal" is itself a migrated V1 slug\n`,
    });
    expect(await runCli(['mappings', '--mappings', join(dir, 'none.json')])).toEqual({
      code: 2,
      stdout: '',
      stderr: `civic-migrate: ${join(dir, 'none.json')}: cannot read mapping table: no such file\n`,
    });
  });

  it('rejects an unknown format', async () => {
    const { code, stderr } = await runCli(['mappings', '--format', 'yaml']);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toMatch(/^civic-migrate: Invalid values:/);
  });
});
