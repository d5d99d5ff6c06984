/**
 * Hostile payloads: memory bounded by the input, valid or not. Each case runs in a child process
 * whose heap is held a little above what `JSON.parse` of the input needs (a plain parse is run
 * under the same bound first, to show the bound is fair), so a check that keeps a record per bad
 * item shows as a failed test (a V8 out-of-memory abort), not a slow one.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeTree } from './helpers/tree.js';

const bin = new URL('../bin/civic-migrate.cjs', import.meta.url).pathname;
const library = new URL('../dist/index.js', import.meta.url).href;
const built = existsSync(new URL('../dist/index.js', import.meta.url));

/** The heap bound (MiB): every input below parses within it; holding one issue per bad item does not fit. */
const HEAP = 48;

interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Node with a small heap; never more than 20 s (a hang is a failure too). */
function node(args: readonly string[], options: { cwd?: string; heap?: number; flags?: readonly string[] } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${options.heap ?? HEAP}`, ...(options.flags ?? []), ...args], {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 20_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** A module script run with the built library, printing what it prints. */
const script = (body: string, flags: readonly string[] = [], heap = HEAP) =>
  node(['--input-type=module', '-e', `import * as lib from ${JSON.stringify(library)};\n${body}`], { flags, heap });

const zeros = (n: number) => Array(n).fill('0').join(',');

describe.skipIf(!built && !process.env.CI)('hostile payloads, in a child process with a small heap', () => {
  let dir: string;
  const MANY = 500_000; // 1 MB of JSON: one zod issue per item took 400 MB
  beforeAll(() => {
    dir = writeTree({});
    writeFileSync(join(dir, 'state.json'), `{"code":"IL","name":"Illinois","state_information":[${zeros(MANY)}]}`);
    writeFileSync(join(dir, 'list.json'), `[${zeros(MANY)}]`);
    writeFileSync(
      join(dir, 'parse.mjs'),
      "import { readFileSync } from 'node:fs';\nJSON.parse(readFileSync(process.argv[2], 'utf8'));\n",
    );
  });

  it('the bound is fair: a plain JSON.parse of each input fits in it', async () => {
    const runs = await Promise.all(['state.json', 'list.json'].map((f) => node(['parse.mjs', f], { cwd: dir })));
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
  });

  it('adapt: a typed one-line error, exit 2, for each kind and direction', async () => {
    const adapt = (...args: string[]) => node([bin, 'adapt', ...args], { cwd: dir });
    const runs = await Promise.all([
      adapt('state.json', '--to', 'v2'),
      adapt('state.json', '--to', 'v1'),
      adapt('list.json', '--to', 'v2', '--kind', 'fields'),
      adapt('list.json', '--to', 'v1', '--kind', 'overrides'),
    ]);
    expect(runs).toEqual([
      {
        code: 2,
        signal: null,
        stdout: '',
        stderr: 'civic-migrate: state.json: $.state_information[0]: expected an object, got number 0\n',
      },
      {
        code: 2,
        signal: null,
        stdout: '',
        stderr: 'civic-migrate: state.json: $.state_information[0]: expected an object, got number 0\n',
      },
      { code: 2, signal: null, stdout: '', stderr: 'civic-migrate: list.json: $[0]: expected an object, got number 0\n' },
      { code: 2, signal: null, stdout: '', stderr: 'civic-migrate: list.json: $[0]: expected an object, got number 0\n' },
    ]);
  });

  it('where code generation is refused, the fallback checks stop at the first bad item too', async () => {
    const run = await node(['--disallow-code-generation-from-strings', bin, 'adapt', 'state.json', '--to', 'v2'], { cwd: dir });
    expect(run).toEqual({
      code: 2,
      signal: null,
      stdout: '',
      stderr: 'civic-migrate: state.json: $.state_information[0]: expected an object, got number 0\n',
    });
  });

  it('the library: long sparse arrays, holes and lists of bad items give a PayloadError at once', async () => {
    const run = await script(
      `
      const said = (fn) => { try { fn(); return 'no error'; } catch (e) { return (e instanceof lib.PayloadError ? 'PayloadError ' : 'other ') + e.message; } };
      const sparse = (n) => { const a = []; a.length = n; return a; };
      const item = { field_type: 'polls_open', text: '7 AM', modified_at: '2022-08-17T21:13:34Z' };
      const holed = sparse(1e8); holed[0] = item; holed[5] = item;
      const out = [
        said(() => lib.upgrade({ code: 'IL', name: 'Illinois', state_information: sparse(1e8) })),
        said(() => lib.downgrade({ code: 'IL', name: 'Illinois', state_information: sparse(1e8) })),
        said(() => lib.upgrade({ code: 'IL', name: 'Illinois', state_information: sparse(1e7) })),
        said(() => lib.upgrade({ code: 'IL', name: 'Illinois', state_information: holed })),
        said(() => lib.upgrade(sparse(1e8), { kind: 'fields' })),
        said(() => lib.downgrade(sparse(1e8), { kind: 'overrides' })),
        said(() => lib.parsePayload(sparse(1e8), { kind: 'fields', version: 'v2' })),
      ];
      console.log(JSON.stringify(out));
    `,
      [],
      // The test's own `sparse(1e7)` is a holey array V8 backs with 80 MB at once (the larger ones are
      // dictionaries): a heap that holds it, still far short of one record per item of 1e8 (≥ 1.6 GB).
      256,
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([
      'PayloadError $.state_information[0]: missing (expected an object in a V1 state record)',
      'PayloadError $.state_information[0]: missing (expected an object in a V2 state record)',
      'PayloadError $.state_information[0]: missing (expected an object in a V1 state record)',
      'PayloadError $.state_information[1]: missing (expected an object in a V1 state record)',
      'PayloadError $[0]: missing (expected an object in a V1 field list)',
      'PayloadError $[0]: missing (expected an object in a V2 override list)',
      'PayloadError $[0]: missing (expected an object in a V2 field list)',
    ]);
  });
});
