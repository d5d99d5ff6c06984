import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/client/client.js';
import { syntheticDataset } from '../src/server/dataset.js';
import { runCli } from './helpers/cli.js';
import { type Served, untilBanner } from './helpers/serve.js';

const root = new URL('..', import.meta.url).pathname;
let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'civic-serve-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function serve(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Served> {
  const script = `import { run } from ${JSON.stringify(join(root, 'src/cli/main.ts'))};
process.exitCode = await run(process.argv.slice(1), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: process.cwd(), env: process.env });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, 'serve', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
  });
  return untilBanner(child);
}

describe('civic-migrate serve (a real process)', () => {
  it('prints the URLs, a demo key and a sample curl; serves both versions; stops on SIGTERM with exit 0', async () => {
    const s = await serve(['--port', '0']);
    const banner = s.stdout();
    const url = /V2: (http:\/\/127\.0\.0\.1:\d+)\/v2\//.exec(banner)?.[1] as string;
    const id = /CIVIC_API_KEY_ID=(\S+)/.exec(banner)?.[1] as string;
    const secret = /CIVIC_API_KEY_SECRET=(\S+)/.exec(banner)?.[1] as string;
    const d = syntheticDataset();
    expect(banner).toBe(
      [
        `Civic Data API reference server (synthetic data: 51 states, ${d.overrides.length} overrides)`,
        `  V1: ${url}/v1/`,
        `  V2: ${url}/v2/`,
        'Demo API key, made for this run:',
        `  export CIVIC_API_KEY_ID=${id}`,
        `  export CIVIC_API_KEY_SECRET=${secret}`,
        'Try:',
        `  curl ${url}/v2/election/field/`,
        `  curl -u "$CIVIC_API_KEY_ID:$CIVIC_API_KEY_SECRET" ${url}/v2/election/data/state/AK/`,
        `Point an integration at it with CIVIC_API_BASE_URL=${url}. Ctrl+C stops it.`,
        '',
      ].join('\n'),
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);

    const v2 = createClient({ version: 'v2', baseUrl: url, keyId: id, keySecret: secret });
    expect(await v2.state('CA')).toEqual(d.v2.states.get('CA'));
    expect(await createClient({ version: 'v1', baseUrl: url, env: {} }).fields()).toEqual(d.v1.fields);

    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
    const log = s
      .stdout()
      .slice(banner.length)
      .replace(/^\S+Z /gm, 'T ')
      .replace(/ [\d.]+ms$/gm, '');
    expect(log).toBe(
      'T GET /v2/election/data/state/CA/ 200\nT GET /v1/election/field/ 200\nSIGTERM: finishing open requests and stopping.\n',
    );
    expect(s.stderr()).toBe('');
  });

  it('accepts keys from --key and the environment, prints no secret, stops on SIGINT', async () => {
    const env = { CIVIC_API_KEY_ID: 'env-key', CIVIC_API_KEY_SECRET: 'env-secret-value' };
    const s = await serve(['--port', '0', '--quiet', '--key', 'cli-key:cli-secret-value', '--key-from-env'], env);
    const url = /V2: (http:\/\/127\.0\.0\.1:\d+)\/v2\//.exec(s.stdout())?.[1] as string;
    expect(s.stdout()).toContain('Accepting 2 API keys (from the environment and --key).\n');
    for (const [keyId, keySecret] of [
      ['cli-key', 'cli-secret-value'],
      ['env-key', 'env-secret-value'],
    ]) {
      expect(await createClient({ version: 'v2', baseUrl: url, keyId, keySecret }).overrides()).toEqual(
        syntheticDataset().overrides,
      );
    }
    s.child.kill('SIGINT');
    expect(await s.exit).toBe(0);
    expect(s.stdout()).not.toContain('secret-value');
    expect(s.stdout()).not.toContain('GET /');
  });
});

describe('civic-migrate serve: failures before listening, and --save-data', () => {
  it('exit 2 with one line, never repeating a key', async () => {
    const cases: [string[], NodeJS.ProcessEnv, string][] = [
      [['--key', 'no-colon-secret'], {}, '--key #1 must be ID:SECRET (the API key ID, a colon, the secret), both non-empty'],
      [['--key', 'a:b', '--key', 'id:'], {}, '--key #2 must be ID:SECRET (the API key ID, a colon, the secret), both non-empty'],
      [['--key', 'a:b', '--key', 'a:c'], {}, '--key: the same key ID is given twice'],
      [
        ['--key-from-env'],
        { CIVIC_API_KEY_ID: 'x' },
        '--key-from-env needs both CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET to be set',
      ],
      [['--port', '70000'], {}, '--port must be an integer from 0 to 65535'],
      [['--port', '1.5'], {}, '--port must be an integer from 0 to 65535'],
    ];
    for (const [args, env, line] of cases) {
      expect(await runCli(['serve', ...args], { env })).toEqual({
        code: 2,
        stdout: '',
        stderr: `civic-migrate: ${line}\nRun 'civic-migrate --help' for usage.\n`,
      });
    }
    const missing = join(tmp, 'missing');
    expect(await runCli(['serve', '--data', missing])).toEqual({
      code: 2,
      stdout: '',
      stderr: `civic-migrate: ${missing}: cannot read the dataset folder: no such file\n`,
    });
    expect(await runCli(['serve', '--data', tmp])).toEqual({
      code: 2,
      stdout: '',
      stderr: `civic-migrate: ${tmp}: no field list: expected v1/fields.json or v2/fields.json (see \`civic-migrate serve --help\`)\n`,
    });
  });

  it('--save-data writes the dataset, which --data serves back', async () => {
    const dir = join(tmp, 'data');
    expect(await runCli(['serve', '--save-data', dir])).toEqual({
      code: 0,
      stdout: `Wrote 105 files to ${dir} (serve them with --data ${dir}).\n`,
      stderr: '',
    });
    expect((await readdir(dir)).sort()).toEqual(['overrides.json', 'v1', 'v2']);
    const s = await serve(['--port', '0', '--data', dir, '--key', 'k:s']);
    expect(s.stdout().split('\n')[0]).toBe(
      `Civic Data API reference server (data from ${dir}: 51 states, ${syntheticDataset().overrides.length} overrides)`,
    );
    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
  });
});
