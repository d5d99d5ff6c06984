/** civic-migrate.config.json: options a team would repeat; the command line wins. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

const PY = "x = state['vbm_no_excuse']\n";
const JS = 'export const f = (s) => s.vbm_no_excuse.text;\n';

describe('the config file', () => {
  it('sets report options (fail-on, format, exclude) from the folder or one above it; flags win', async () => {
    const dir = writeTree({ 'app/a.py': PY, 'app/vendor/b.py': PY });
    writeFileSync(
      join(dir, 'civic-migrate.config.json'),
      JSON.stringify({ failOn: 'none', format: 'json', exclude: ['vendor/'] }),
    );
    const r = await runCli(['report'], { cwd: join(dir, 'app') });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).findings.map((f: { file: string }) => f.file)).toEqual(['a.py']);
    const flags = await runCli(['report', '--fail-on', 'any', '--format', 'text', '--exclude', 'nothing'], {
      cwd: join(dir, 'app'),
    });
    expect(flags.code).toBe(1);
    expect(flags.stdout).toContain('vendor/b.py');
  });

  it('"civic-migrate" in package.json works the same; paths are relative to the file; --no-config ignores it', async () => {
    const dir = writeTree({ 'src/a.js': JS, 'tables/t.json': '{}' });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x', 'civic-migrate': { mappings: 'tables/t.json' } }));
    mkdirSync(join(dir, 'src/deep'));
    const r = await runCli(['codemod', '--no-project'], { cwd: join(dir, 'src/deep') });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^civic-migrate: ${join(dir, 'tables/t.json')}: `));
    expect((await runCli(['codemod', '.', '--no-project', '--no-config'], { cwd: join(dir, 'src') })).code).toBe(0);
  });

  it('an invalid config is one line naming the file and the key, exit 2', async () => {
    const dir = writeTree({ 'civic-migrate.config.json': JSON.stringify({ failOn: 'sometimes' }) });
    const r = await runCli(['report'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^civic-migrate: ${join(dir, 'civic-migrate.config.json')}: \\$\\.failOn: Invalid option: expected one of "manual"\\|"any"\\|"none"\\n$`,
      ),
    );
    writeFileSync(join(dir, 'civic-migrate.config.json'), '{"failOn": ');
    expect((await runCli(['report'], { cwd: dir })).stderr).toMatch(/civic-migrate\.config\.json: not valid JSON/);
    writeFileSync(join(dir, 'civic-migrate.config.json'), '{"colour": "blue"}');
    expect((await runCli(['report'], { cwd: dir })).stderr).toMatch(/civic-migrate\.config\.json: .*colour/);
  });

  it("a config's project is the report's program too (it was an unknown argument to report: exit 2)", async () => {
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { allowJs: true }, include: ['src'] }),
      'src/a.js': JS,
      'src/b.py': PY,
    };
    const off = writeTree({ ...files, 'civic-migrate.config.json': JSON.stringify({ project: false, format: 'json' }) });
    const r = await runCli(['report', '--fail-on', 'none'], { cwd: off });
    expect([r.code, r.stderr]).toEqual([0, 'PASS: 2 V1 usages in 2 files: 1 for `civic-migrate codemod`, 1 for a person.\n']);
    expect(JSON.parse(r.stdout).program).toBeUndefined();
    const on = writeTree({ ...files, 'civic-migrate.config.json': JSON.stringify({ project: 'tsconfig.json', format: 'json' }) });
    const p = await runCli(['report', '--fail-on', 'none'], { cwd: on });
    expect([p.code, JSON.parse(p.stdout).program]).toEqual([0, { config: 'tsconfig.json' }]);
    // And on the command line.
    const flag = await runCli(['report', '--fail-on', 'none', '--no-config', '--project', 'tsconfig.json', '--format', 'json'], {
      cwd: off,
    });
    expect(JSON.parse(flag.stdout).program).toEqual({ config: 'tsconfig.json' });
    const none = await runCli(['report', '--fail-on', 'none', '--no-project', '--format', 'json'], { cwd: on });
    expect(JSON.parse(none.stdout).program).toBeUndefined();
  });
});
