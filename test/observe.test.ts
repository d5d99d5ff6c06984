/**
 * Observed usage end to end (#23): an app that reads one slug from a settings file (no code spells
 * it) and has a branch that never runs, run under `civic-migrate observe` against the local reference
 * server; then `report --observed` meets the recording with the code.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Usage } from '../src/observe/recorder.js';
import { usageSchema } from '../src/observe/usage-file.js';
import type { JsonReport } from '../src/report/reporters/json.js';
import { type RunningServer, startServer } from '../src/server/server.js';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/civic-migrate.cjs');

describe('observe, then report --observed', () => {
  let server: RunningServer;
  let app: string;
  let env: NodeJS.ProcessEnv;
  /** Asynchronous: the reference server answers from this process while the CLI runs. */
  const cli = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      execFile(process.execPath, [bin, ...args], { cwd: app, encoding: 'utf8', env }, (error, stdout, stderr) =>
        done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  beforeAll(async () => {
    server = await startServer({ port: 0 });
    const [key] = server.keys;
    app = mkdtempSync(join(tmpdir(), 'civic-observe-'));
    cpSync(join(root, 'fixtures/observe/dynamic-app'), app, { recursive: true });
    // The app imports civic-migrate as an installed package (a link to this checkout).
    mkdirSync(join(app, 'node_modules'));
    symlinkSync(root, join(app, 'node_modules', 'civic-migrate'), 'dir');
    env = {
      PATH: process.env.PATH ?? '',
      HOME: tmpdir(),
      CIVIC_API_BASE_URL: server.url,
      CIVIC_API_KEY_ID: key?.id ?? '',
      CIVIC_API_KEY_SECRET: key?.secret ?? '',
      CIVIC_MIGRATE_CACHE_DIR: 'off',
    };
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (app) rmSync(app, { recursive: true, force: true });
  });

  it('records what the app read, in every format the report has', async () => {
    const run = await cli(['observe', '--sample', '--out', 'usage.json', '--', process.execPath, 'app.mjs', 'WI']);
    expect(run.stderr).toMatch(
      /^civic-migrate observe: 1 process recorded \d+ V1 slugs and 0 V1 endpoint calls → usage\.json\n$/,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Wisconsin: register at .+\nCan anyone vote by mail\? (Yes|No)\n$/);
    const usage = usageSchema.parse(JSON.parse(readFileSync(join(app, 'usage.json'), 'utf8'))) as Usage;
    // What the code read: one text, one value; the lookups read field_type of every item they passed.
    expect(usage.items.external_tool_ovr).toMatchObject({ text: 1 });
    expect(usage.items.vbm_no_excuse).toMatchObject({ value: 1 });
    expect(usage.items.external_tool_polling_place?.text).toBeUndefined();
    expect(usage.lists).toMatchObject({ iterate: 1, lookup: 1, serialized: 0 });
    expect(usage.sites['items.vbm_no_excuse.value']).toBe(`${join(app, 'app.mjs')}:15:46`);
    expect(usage.command).toBe(`${process.execPath} app.mjs WI`);

    const report = await cli([
      'report',
      '--no-config',
      '--observed',
      'usage.json',
      '--format',
      'json',
      '--fail-on',
      'manual',
      '.',
    ]);
    const json = JSON.parse(report.stdout) as JsonReport;
    expect(report.stderr).toMatch(/^FAIL/);
    const byToken = (token: string) => json.findings.filter((f) => f.token === token);
    // The slug no code spells: a finding of its own, at the read; the settings file that holds it is
    // a finding already (a config value), read once at run time.
    expect(byToken('vbm_no_excuse')).toEqual([
      expect.objectContaining({
        kind: 'observed',
        file: 'app.mjs',
        line: 15,
        column: 46,
        fixedBy: 'person',
        replacement: 'has_no_excuse_absentee',
        observed: { reads: 1, site: `${join(app, 'app.mjs')}:15:46` },
        excerpt: { text: "console.log(`${settings.title} ${highlighted.value ? 'Yes' : 'No'}`);", column: 46 },
      }),
      expect.objectContaining({ kind: 'rename', file: 'settings.json', line: 2, observed: { reads: 1 } }),
    ]);
    // Read at run time: the count; the branch that never ran: not read, and still a finding.
    expect(byToken('external_tool_ovr').map((f) => f.observed)).toEqual([{ reads: 1 }]);
    expect(byToken('external_tool_polling_place').map((f) => f.observed)).toEqual([{ reads: 0 }]);
    expect(json.observation).toMatchObject({ sources: ['usage.json'], dynamic: 1 });
    expect(json.summary.byKind.observed).toBe(1);
    expect(report.code).toBe(1);

    const text = (await cli(['report', '--no-config', '--observed', 'usage.json', '--fail-on', 'none', '.'])).stdout;
    expect(text).toMatch(
      / {2}15:46 {2}observed +`vbm_no_excuse` → `has_no_excuse_absentee` {2}\(person, code, read ×1 at run time\)\n/,
    );
    expect(text).toContain(
      'V1 `vbm_no_excuse` was read at run time (value ×1) where no code names it: the code reaches it dynamically',
    );
    expect(text).toMatch(/`external_tool_polling_place` → `gov_tool_polling_place`\s+\([^)]*, not read at run time\)/);
    expect(text).toMatch(
      /^Observed: {6}\d+ findings? read at run time, \d+ findings? not read .* 1 V1 slug read only at run time/m,
    );
    const sarif = JSON.parse(
      (await cli(['report', '--no-config', '--observed', 'usage.json', '--format', 'sarif', '--fail-on', 'none', '.'])).stdout,
    );
    const observedResult = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'observed');
    expect(observedResult.properties.observed).toEqual({ reads: 1, site: `${join(app, 'app.mjs')}:15:46` });
    const markdown = (
      await cli(['report', '--no-config', '--observed', 'usage.json', '--format', 'markdown', '--fail-on', 'none', '.'])
    ).stdout;
    expect(markdown).toContain('`vbm_no_excuse` (read ×1 at run time)');
    expect(markdown).toContain('**Observed:**');
    const github = (
      await cli(['report', '--no-config', '--observed', 'usage.json', '--format', 'github', '--fail-on', 'manual', '.'])
    ).stdout;
    expect(github).toMatch(/::error file=app\.mjs,line=15,.*read ×1 at run time\)/);
  });

  it('a usage file that is not one: one line naming it, exit 2', async () => {
    const r = await cli(['report', '--no-config', '--observed', 'settings.json', '.']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'civic-migrate: settings.json: not a civic-migrate usage file: $.format: Invalid input: expected "civic-migrate-usage/1"\n',
    );
  });

  it('a command that cannot start: one line, exit 2, no usage file', async () => {
    const r = await cli(['observe', '--out', 'none.json', '--', 'no-such-command-civic']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('civic-migrate: cannot run no-such-command-civic: ENOENT\n');
  });

  it("the command's exit code is observe's", async () => {
    const r = await cli(['observe', '--out', 'exit.json', '--', process.execPath, '-e', 'process.exit(3)']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('nothing was recorded');
  });
});
