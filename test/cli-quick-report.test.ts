import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickReportArgs, runQuickReport } from '../src/cli/quick-report.js';
import { DEFAULT_MAX_BYTES } from '../src/files/read.js';
import { runCli } from './helpers/cli.js';

// `report` as typed in a hook or CI is answered without yargs (src/cli/quick-report.ts): each call
// here runs both ways, through the quick path and through the parser, and must print and exit alike.

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'civic-quick-report-'));
  for (const lang of ['ts-js', 'python', 'yaml'])
    cpSync(join('fixtures/report', lang), join(root, 'repo', lang), { recursive: true });
  writeFileSync(join(root, 'repo', 'big.txt'), `${'x'.repeat(300)} vbm_no_excuse\n`);
  mkdirSync(join(root, 'repo', '.git'));
  writeFileSync(join(root, 'repo', '.gitignore'), 'python/geo.py\n');
  // A repository whose config sets the report's options.
  cpSync(join(root, 'repo'), join(root, 'configured'), { recursive: true });
  writeFileSync(
    join(root, 'configured', 'civic-migrate.config.json'),
    JSON.stringify({ failOn: 'manual', format: 'json', exclude: ['yaml'], gitignore: false }),
  );
  writeFileSync(join(root, 'bad-table.json'), '{ "not": "a table" }');
  // A repository whose config keeps the report's findings.
  cpSync(join(root, 'repo'), join(root, 'cached'), { recursive: true });
  writeFileSync(
    join(root, 'cached', 'civic-migrate.config.json'),
    JSON.stringify({ cache: true, cacheLocation: '../kept-by-config' }),
  );
  writeFileSync(join(root, 'not-a-folder'), 'a file\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Both runs' results, with the run's own duration (the one figure that differs) taken out. */
async function both(argv: string[], cwd: string) {
  const steady = (r: { code: number; stdout: string; stderr: string }) => ({
    ...r,
    stdout: r.stdout.replace(/"elapsedMs": \d+/g, '"elapsedMs": 0').replace(/in \d+ ms/g, 'in 0 ms'),
  });
  return { quick: steady(await runCli(argv, { cwd })), parsed: steady(await runCli(argv, { cwd, parsed: true })) };
}

describe('report without the parser', () => {
  const calls: [string, string[]][] = [
    ['repo', ['report']],
    ['repo', ['report', '.']],
    ['repo', ['report', 'ts-js', 'python/civic.py']],
    ['repo', ['report', '--format', 'json', 'ts-js']],
    ['repo', ['report', '--format=markdown', '--fail-on=manual']],
    ['repo', ['report', '--format', 'github', '--fail-on', 'none']],
    ['repo', ['report', '--format', 'gitlab']],
    ['repo', ['report', '--format', 'sarif', 'python']],
    ['repo', ['report', '--no-gitignore', '--assume-civic']],
    ['repo', ['report', '--include', '*.py', '--include=*.yaml']],
    ['repo', ['report', '--exclude=ts-js', '--exclude', 'yaml']],
    ['repo', ['report', '--max-bytes', '100']],
    ['repo', ['report', '--max-bytes=999999999']],
    ['repo', ['report', 'missing']],
    ['repo', ['report', '--mappings', '../bad-table.json']],
    ['configured', ['report']],
    ['configured', ['report', '--format', 'text', '--fail-on', 'any', '--gitignore']],
    ['configured', ['report', '--no-config']],
    // Each call runs twice (quick, parsed): the second answers from what the first kept.
    ['repo', ['report', '--cache', '--cache-location', '../kept']],
    ['repo', ['report', '--format=json', '--cache', '--cache-location=../kept']],
    ['repo', ['report', '--cache', '--cache-location', '../not-a-folder']],
    ['repo', ['report', '--cache-location', '../kept']],
    ['cached', ['report']],
    ['cached', ['report', '--no-cache']],
  ];
  it.each(calls)('in %s: %j prints and exits as the parsed call does', async (dir, argv) => {
    const { quick, parsed } = await both(argv, join(root, dir));
    expect(quick).toEqual(parsed);
    // And the quick path did answer it.
    expect(await runQuickReport(argv, silentIo(join(root, dir)))).toBe(parsed.code);
  });

  it('gives the handler the arguments and defaults the parser gives', () => {
    expect(quickReportArgs(['src', '--format', 'json', '--exclude=a', '--exclude', 'b', '--no-gitignore'])).toEqual({
      paths: ['src'],
      include: undefined,
      exclude: ['a', 'b'],
      gitignore: false,
      'max-bytes': DEFAULT_MAX_BYTES,
      format: 'json',
      'fail-on': 'any',
      output: undefined,
      baseline: undefined,
      'update-baseline': false,
      'json-schema': false,
      observed: undefined,
      history: false,
      commits: 30,
      since: undefined,
      'assume-civic': false,
      cache: false,
      'cache-location': undefined,
    });
    expect(quickReportArgs(['--mappings', 'a/../t.json', '--max-bytes=5'])).toMatchObject({ mappings: 't.json', 'max-bytes': 5 });
  });

  // What the parser must say (or do) is left to it.
  it.each([
    [['-o', 'out.txt']],
    [['--output=out.txt']],
    [['--baseline', 'b.json']],
    [['--history']],
    [['--observed', 'u.json']],
    [['--json-schema']],
    [['--help']],
    [['-h']],
    [['help']],
    [['--format', 'bogus']],
    [['--format', 'json', '--format', 'text']],
    [['--fail-on']],
    [['--format', '--fail-on', 'none']],
    [['--max-bytes', '1e3']],
    [['--max-bytes', '0']],
    [['--no-gitignore', '--gitignore']],
    [['--cache', '--no-cache']],
    [['--cache-location', 'a', '--cache-location', 'b']],
    [['--cache-location', '']],
    [['--project', 'tsconfig.json']],
    [['--unknown']],
    [['--', 'x']],
    [['-']],
  ])('leaves %j to the parser', (rest) => {
    expect(quickReportArgs(rest)).toBeUndefined();
  });

  it('leaves a call to the parser when the config adds what it does not take', async () => {
    const dir = join(root, 'with-baseline');
    cpSync(join(root, 'repo'), dir, { recursive: true });
    writeFileSync(join(dir, 'civic-migrate.config.json'), JSON.stringify({ baseline: 'baseline.json' }));
    expect(await runQuickReport(['report'], silentIo(dir))).toBeUndefined();
    writeFileSync(join(dir, 'civic-migrate.config.json'), '{ broken');
    expect(await runQuickReport(['report'], silentIo(dir))).toBeUndefined();
    expect(await runQuickReport(['codemod', '.'], silentIo(dir))).toBeUndefined();
  });
});

function silentIo(cwd: string) {
  const sink = { write: () => true };
  return { stdout: sink, stderr: sink, stdin: process.stdin, cwd, env: {} };
}
