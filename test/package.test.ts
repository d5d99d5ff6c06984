/** What `npm pack` ships, and that both module systems load it. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('the package', () => {
  it('ships LICENSE, bin, the build with its types, the table and docs; no source maps, no sources, no tests', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const files: string[] = JSON.parse(r.stdout)[0].files.map((f: { path: string }) => f.path);
    for (const f of [
      'LICENSE',
      'README.md',
      'package.json',
      'bin/civic-migrate.cjs',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/main.js',
      'mappings/v1-to-v2.json',
      'docs/report.schema.json',
    ])
      expect(files, f).toContain(f);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => /^(src|test|fixtures|bench)\//.test(f))).toEqual([]);
  });

  it('installs without an install script of its own; runtime dependencies are ranges, the lock file pins them', () => {
    expect(Object.keys(pkg.scripts).filter((s) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(s))).toEqual([]);
    expect(pkg.scripts.prepack).toBe('npm run build');
    for (const [name, range] of Object.entries(pkg.dependencies)) expect(range, name).toMatch(/^\^\d/);
    expect(readFileSync(new URL('../LICENSE', import.meta.url), 'utf8')).toMatch(/^MIT License/);
  });

  it('loads with require() and with import, the same API', () => {
    const r = spawnSync(
      process.execPath,
      [
        '-e',
        "const c = require('civic-migrate'); const p = require('civic-migrate/eslint').default; import('civic-migrate').then((e) => console.log(typeof c.upgrade, typeof c.transformSource, Object.keys(c).length === Object.keys(e).length, typeof p.rules['no-v1'].create))",
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(r.stderr.replace(/.*ExperimentalWarning.*\n|.*--trace-warnings.*\n/g, '')).toBe('');
    expect(r.stdout).toBe('function function true function\n');
  });

  it('converts the same where code generation is not allowed (a CSP without unsafe-eval): the payload checks fall back to zod', () => {
    const script = `
      const { readFileSync } = require('node:fs');
      const { upgrade, downgrade, safeUpgrade } = require('civic-migrate');
      const read = (f) => JSON.parse(readFileSync('fixtures/payloads/' + f, 'utf8'));
      const bad = safeUpgrade({ code: 'IL', name: 'Illinois', state_information: [{ field_type: '', text: '', modified_at: 'x' }] });
      console.log(JSON.stringify([upgrade(read('v1-state-IL.json')), downgrade(read('v2-state-WI.json')), upgrade(read('v1-fields.json')), bad.error.message]));`;
    const run = (flags: string[]) => spawnSync(process.execPath, [...flags, '-e', script], { cwd: root, encoding: 'utf8' });
    const normal = run([]);
    const noEval = run(['--disallow-code-generation-from-strings']);
    expect(noEval.stderr).toBe('');
    expect(noEval.status).toBe(0);
    expect(noEval.stdout).toBe(normal.stdout);
    expect(JSON.parse(noEval.stdout)[3]).toBe('$.state_information[0].field_type: expected a non-empty string, got ""');
  });
});
