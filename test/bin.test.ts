import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The real executable, as `npx civic-migrate` runs it (dist/ is built by `npm test` and `prepack`). */
const bin = new URL('../bin/civic-migrate.cjs', import.meta.url).pathname;
const built = existsSync(new URL('../dist/cli/main.js', import.meta.url));

describe.skipIf(!built && !process.env.CI)('bin/civic-migrate.cjs', () => {
  const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

  it('a short run loads none of the Node modules it does not use (threads, processes, crypto, V8 settings, a stream for a pipe), nor zod, nor TypeScript without a TS/JS candidate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-modules-'));
    writeFileSync(join(dir, 'a.py'), 'x = 1\n');
    const preload = join(dir, 'modules.cjs');
    writeFileSync(
      preload,
      // Written with fs.writeSync: process.stderr on a pipe would load net itself.
      // zod's top level sets globalThis.__zod_globalConfig: whether its module was made; TypeScript
      // (ts-morph's typescript.js) is a module of the require cache once loaded.
      "process.on('exit', () => require('fs').writeSync(2, `MODULES ${process.moduleLoadList.filter((m) => /^NativeModule [a-z_]+$/.test(m)).join(' ')}\\nZOD ${globalThis.__zod_globalConfig !== undefined}\\nTS ${Object.keys(require.cache).some((k) => k.endsWith('typescript.js'))}\\n`));\n",
    );
    // The first `--help` of a build runs the whole parser, which reads the terminal's width from
    // process.stdout as it loads (yargs): the help it prints is kept, and later calls print that.
    const env = { ...process.env, CIVIC_MIGRATE_CACHE_DIR: mkdtempSync(join(tmpdir(), 'cm-modules-cache-')) };
    expect(spawnSync(process.execPath, [bin, '--help'], { cwd: dir, env }).status).toBe(0);
    for (const args of [['--version'], ['--help'], ['explain', 'vbm_no_excuse'], ['report', '--no-config', '.']]) {
      const r = spawnSync(process.execPath, ['--require', preload, bin, ...args], { cwd: dir, env, encoding: 'utf8' });
      const loaded = (/^MODULES (.*)$/m.exec(r.stderr)?.[1] ?? '').split(' ').map((m) => m.replace('NativeModule ', ''));
      expect({ args, status: r.status, loaded: loaded.length > 5 }).toEqual({ args, status: 0, loaded: true });
      const unused = ['worker_threads', 'child_process', 'crypto', 'v8', 'readline', 'net', 'tty'];
      expect({ args, unused: loaded.filter((m) => unused.includes(m)) }).toEqual({ args, unused: [] });
      // Nor zod, which only a table or a config to validate needs (bin/bundle.mjs makes it on first use),
      // nor TypeScript, which only a TS/JS candidate needs.
      expect({ args, zod: /^ZOD (.*)$/m.exec(r.stderr)?.[1], ts: /^TS (.*)$/m.exec(r.stderr)?.[1] }).toEqual({
        args,
        zod: 'false',
        ts: 'false',
      });
    }
    // A TS file with a V1 slug is a candidate: TypeScript is loaded (with the first, as the tree is read).
    writeFileSync(join(dir, 'api.ts'), "export const ok = (state: any) => state['vbm_no_excuse']?.value;\n");
    const ts = spawnSync(process.execPath, ['--require', preload, bin, 'report', '--no-config', '--fail-on', 'none', '.'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    expect({ status: ts.status, ts: /^TS (.*)$/m.exec(ts.stderr)?.[1] }).toEqual({ status: 0, ts: 'true' });
    // A table given with --mappings is validated: zod is made then.
    const table = new URL('../mappings/v1-to-v2.json', import.meta.url).pathname;
    const r = spawnSync(
      process.execPath,
      ['--require', preload, bin, 'report', '--no-config', '--fail-on', 'none', '--mappings', table, '.'],
      {
        cwd: dir,
        env,
        encoding: 'utf8',
      },
    );
    expect({ status: r.status, zod: /^ZOD (.*)$/m.exec(r.stderr)?.[1] }).toEqual({ status: 0, zod: 'true' });
  });

  it('prints help listing the commands, exit 0', () => {
    const r = cli('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^civic-migrate <command> \[options\]/);
    expect(r.stdout).toContain('civic-migrate explain <slug>');
  });

  it.skipIf(!existsSync('/dev/full'))(
    'output that cannot be written (a full disk: /dev/full) is one line on stderr and exit 2, for every kind of call',
    () => {
      for (const args of [
        ['--version'],
        ['--help'],
        ['explain', 'vbm_no_excuse'],
        ['explain', 'vbm_no_excuse', '--json'],
        ['report', '--no-config', 'README.md'],
      ]) {
        const r = spawnSync('sh', ['-c', '"$0" "$@" > /dev/full', process.execPath, bin, ...args], { encoding: 'utf8' });
        expect({ args, status: r.status }).toEqual({ args, status: 2 });
        expect(r.stderr.split('\n').filter((l) => l.startsWith('civic-migrate: cannot write'))).toEqual([
          'civic-migrate: cannot write to standard output: ENOSPC: no space left on device, write',
        ]);
        expect(r.stderr).not.toContain('    at ');
      }
    },
  );

  it('a reader that goes away (`| head -c 1`) ends the output quietly: no error, no stack', () => {
    const r = spawnSync(
      'sh',
      [
        '-c',
        '"$0" "$@" | head -c 1',
        process.execPath,
        bin,
        'report',
        '--no-config',
        '--format',
        'json',
        '--fail-on',
        'none',
        '.',
      ],
      {
        encoding: 'utf8',
        cwd: new URL('../fixtures/apps', import.meta.url).pathname,
      },
    );
    expect(r.stdout).toBe('{');
    expect(r.stderr).not.toContain('    at ');
    expect(r.stderr).not.toContain('EPIPE');
  });

  it('exits 1 for an unknown slug and 2 for a usage error, with one line on stderr', () => {
    expect(cli('explain', 'nope_nope').status).toBe(1);
    const r = cli('frobnicate');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("civic-migrate: Unknown argument: frobnicate\nRun 'civic-migrate --help' for usage.\n");
  });

  it('prints its version: alone without loading the CLI, the same as its parser prints it', async () => {
    const r = cli('--version');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
    const { run } = await import('../src/cli/main.js');
    let printed = '';
    const io = {
      stdout: {
        write: (s: string) => {
          printed += s;
          return true;
        },
      },
      stderr: { write: () => true },
      stdin: process.stdin,
      cwd: process.cwd(),
      env: {},
    } as unknown as Parameters<typeof run>[1];
    expect(await run(['--version'], io)).toBe(0);
    expect(printed).toBe(r.stdout);
  });
});
