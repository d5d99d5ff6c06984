import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeDiagnostics } from '../src/client/cutover.js';
import { describeDifference, diffStates, verifyState } from '../src/client/verify.js';
import type { V2StateItem, V2StateRecord } from '../src/payload/index.js';
import { loadDataset, saveDataset, servedData, syntheticDataset } from '../src/server/dataset.js';
import { type RunningServer, startServer } from '../src/server/server.js';
import { runCli } from './helpers/cli.js';

const key = { id: '1c9e2b7a-3d4f-4a5b-8c6d-7e8f9a0b1c2d', secret: '9a'.repeat(32) };
const env = { CIVIC_API_KEY_ID: key.id, CIVIC_API_KEY_SECRET: key.secret };
let dir: string;
let same: RunningServer;
let edited: RunningServer;
/** What the edit below changed in CA's V2 record. */
let changed: { boolField: string; dropped: string; textField: string };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'civic-verify-'));
  const dataset = syntheticDataset();
  same = await startServer({ keys: [key], data: servedData(dataset) });

  // A copy whose real V2 data for CA disagrees with its V1 data in three ways.
  await saveDataset(dataset, join(dir, 'data'));
  const file = join(dir, 'data', 'v2', 'states', 'CA.json');
  const record = JSON.parse(await readFile(file, 'utf8')) as V2StateRecord;
  const items = record.state_information;
  const bool = items.find((i) => typeof i.bool_value === 'boolean') as V2StateItem;
  const text = items.find(
    (i) => i.bool_value == null && i.multiselect_value == null && i !== bool && i.text !== '',
  ) as V2StateItem;
  const dropped = items.at(-1) as V2StateItem;
  changed = { boolField: bool.field_type, dropped: dropped.field_type, textField: text.field_type };
  bool.bool_value = !bool.bool_value;
  text.text = 'Changed in V2.';
  record.state_information = items.slice(0, -1);
  await writeFile(file, JSON.stringify(record));
  edited = await startServer({ keys: [key], data: servedData(await loadDataset(join(dir, 'data'))) });
});
afterAll(async () => {
  await Promise.all([same.close(), edited.close()]);
  await rm(dir, { recursive: true, force: true });
});

describe('verifyState', () => {
  it('finds no difference where V2 is the upgraded V1 data', async () => {
    const dataset = syntheticDataset();
    for (const code of ['CA', 'IL', 'WY']) {
      const report = await verifyState(code, { baseUrl: same.url, env });
      expect({ same: report.same, differences: report.differences }).toEqual({ same: true, differences: [] });
      expect(report.fields).toBe(dataset.v2.states.get(code)?.state_information.length);
    }
  });

  it('lists each differing field and property', async () => {
    const dataset = syntheticDataset();
    const original = dataset.v2.states.get('CA') as V2StateRecord;
    const itemOf = (field: string) => original.state_information.find((i) => i.field_type === field) as V2StateItem;
    const report = await verifyState('CA', { baseUrl: edited.url, env });
    expect(report.same).toBe(false);
    expect(report.differences).toEqual(
      [
        {
          kind: 'value',
          field: changed.boolField,
          property: 'bool_value',
          upgraded: itemOf(changed.boolField).bool_value,
          v2: !itemOf(changed.boolField).bool_value,
        },
        {
          kind: 'value',
          field: changed.textField,
          property: 'text',
          upgraded: itemOf(changed.textField).text,
          v2: 'Changed in V2.',
        },
        { kind: 'only-upgraded', field: changed.dropped },
      ].sort((a, b) => order(a.field) - order(b.field)),
    );
    // Other states are untouched.
    expect((await verifyState('TX', { baseUrl: edited.url, env })).same).toBe(true);

    function order(field: string): number {
      const i = original.state_information.findIndex((item) => item.field_type === field);
      return field === changed.dropped ? Number.MAX_SAFE_INTEGER : i;
    }
  });

  it('honours ignore', async () => {
    const report = await verifyState('CA', { baseUrl: edited.url, env, ignore: ['text', 'bool_value'] });
    expect(report.differences).toEqual([{ kind: 'only-upgraded', field: changed.dropped }]);
  });
});

describe('diffStates', () => {
  const item = (over: Partial<V2StateItem> & { field_type: string }): V2StateItem => ({
    text: '',
    modified_at: '2020-07-24T16:22:42Z',
    ...over,
  });
  const record = (items: V2StateItem[], name = 'California'): V2StateRecord => ({ code: 'CA', name, state_information: items });

  it('treats undocumented variants as equal: footnotes ""/null/absent, null/absent values, option order', () => {
    const a = record([
      item({ field_type: 'a', footnotes: '' }),
      item({ field_type: 'b', multiselect_value: ['x', 'y'] }),
      item({ field_type: 'c', bool_value: null }),
    ]);
    const b = record([
      item({ field_type: 'a' }),
      item({ field_type: 'b', multiselect_value: ['y', 'x'], footnotes: null }),
      item({ field_type: 'c' }),
    ]);
    expect(diffStates(a, b)).toEqual([]);
  });

  it('reports record properties, values, missing and duplicate fields', () => {
    const a = record(
      [
        item({ field_type: 'a', text: 'x' }),
        item({ field_type: 'b' }),
        item({ field_type: 'b' }),
        item({ field_type: 'only_mine' }),
      ],
      'Calif.',
    );
    const b = record([
      item({ field_type: 'a', text: 'y', footnotes: 'note' }),
      item({ field_type: 'b' }),
      item({ field_type: 'only_v2' }),
    ]);
    const diff = diffStates(a, b);
    expect(diff).toEqual([
      { kind: 'value', property: 'name', upgraded: 'Calif.', v2: 'California' },
      { kind: 'duplicate', field: 'b', side: 'upgraded' },
      { kind: 'value', field: 'a', property: 'text', upgraded: 'x', v2: 'y' },
      { kind: 'value', field: 'a', property: 'footnotes', upgraded: undefined, v2: 'note' },
      { kind: 'only-v2', field: 'only_v2' },
      { kind: 'only-upgraded', field: 'only_mine' },
    ]);
    expect(diff.map(describeDifference)).toEqual([
      'name: upgraded V1 "Calif.", V2 "California"',
      'b: appears more than once in the upgraded V1 record',
      'a.text: upgraded V1 "x", V2 "y"',
      'a.footnotes: upgraded V1 (absent), V2 "note"',
      'only_v2: only in V2',
      'only_mine: only in the upgraded V1 data',
    ]);
  });

  it('shortens long values in the description only', () => {
    const long = 'x'.repeat(200);
    const [d] = diffStates(record([item({ field_type: 'a', text: long })]), record([item({ field_type: 'a' })]));
    expect(d).toEqual({ kind: 'value', field: 'a', property: 'text', upgraded: long, v2: '' });
    expect(describeDifference(d as never)).toBe(`a.text: upgraded V1 "${'x'.repeat(76)}…, V2 ""`);
  });
});

describe('civic-migrate verify', () => {
  it('exit 0 and one line when the data matches', async () => {
    const r = await runCli(['verify', '--state', 'CA', '--base-url', same.url], { env });
    const fields = syntheticDataset().v2.states.get('CA')?.state_information.length;
    expect(r).toEqual({
      code: 0,
      stdout: `CA: the upgraded V1 data matches V2 (${fields} fields).\n`,
      stderr: expect.any(String),
    });
    expect(r.stderr).not.toContain(key.secret);
  });

  it('exit 1 with one line per difference', async () => {
    const r = await runCli(['verify', '--state', 'CA', '--base-url', edited.url], { env });
    const report = await verifyState('CA', { baseUrl: edited.url, env });
    expect({ code: r.code, stdout: r.stdout }).toEqual({
      code: 1,
      stdout: `CA: the upgraded V1 data differs from V2 (3 differences):\n${report.differences.map((d) => `  ${describeDifference(d)}\n`).join('')}`,
    });
  });

  it('several states: one block each and a closing summary; `all` checks the 51', async () => {
    const r = await runCli(['verify', '--state', 'CA', '--state', 'TX', '--base-url', edited.url], { env });
    const ca = await verifyState('CA', { baseUrl: edited.url, env });
    const tx = await verifyState('TX', { baseUrl: edited.url, env });
    expect({ code: r.code, stdout: r.stdout }).toEqual({
      code: 1,
      stdout: [
        'CA: the upgraded V1 data differs from V2 (3 differences):',
        ...ca.differences.map((d) => `  ${describeDifference(d)}`),
        `TX: the upgraded V1 data matches V2 (${tx.fields} fields).`,
        '1 of 2 states differ: CA',
        '',
      ].join('\n'),
    });
    const all = await runCli(['verify', '--state', 'all', '--base-url', same.url], { env });
    expect({ code: all.code, last: all.stdout.split('\n').at(-2), lines: all.stdout.split('\n').length }).toEqual({
      code: 0,
      last: 'All 51 states match.',
      lines: 53,
    });
    const json = await runCli(['verify', '--state', 'TX', '--state', 'CA', '--base-url', edited.url, '--json'], { env });
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(JSON.stringify([tx, ca])));
  });

  it('checks every code before the first request', async () => {
    const r = await runCli(['verify', '--state', 'CA', '--state', 'PR', '--base-url', 'http://127.0.0.1:1'], { env });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'civic-migrate: "PR" is not a state code: use one of the 51 upper-case postal codes (50 states and DC); PR (Puerto Rico) is a territory: the API has no data for it\n',
    });
  });

  it('--json prints the whole report', async () => {
    const r = await runCli(['verify', '--state', 'CA', '--base-url', edited.url, '--json'], { env });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(await verifyState('CA', { baseUrl: edited.url, env }))));
  });

  it('exit 2 with one line for a bad state, a missing or wrong key, an unreachable server', async () => {
    const cases: [string[], NodeJS.ProcessEnv, string][] = [
      [
        ['--state', 'ca'],
        env,
        'civic-migrate: "ca" is not a state code: use one of the 51 upper-case postal codes (50 states and DC); did you mean CA (California)?\n',
      ],
      [
        ['--state', 'CA'],
        {},
        'civic-migrate: this endpoint needs an API key: set CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET (or pass keyId/keySecret); keys come from the customer dashboard\n',
      ],
      [
        ['--state', 'CA'],
        { ...env, CIVIC_API_KEY_SECRET: 'nope' },
        `civic-migrate: GET ${same.url}/v1/election/data/state/CA/: 401 Incorrect API key secret (check CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET)\n`,
      ],
    ];
    for (const [args, e, stderr] of cases) {
      expect(await runCli(['verify', ...args, '--base-url', same.url], { env: e })).toEqual({ code: 2, stdout: '', stderr });
    }
  });
});

describe('summarizeDiagnostics', () => {
  it('counts warnings and errors by code, most frequent first; nothing for info only', () => {
    const d = (code: string, severity: 'info' | 'warning' | 'error') => ({ code, severity, message: 'm' }) as never;
    expect(
      summarizeDiagnostics([d('b-code', 'warning'), d('a-code', 'warning'), d('b-code', 'error'), d('c-code', 'info')]),
    ).toBe('1 error, 2 warnings (2 b-code, 1 a-code)');
    expect(summarizeDiagnostics([d('c-code', 'info')])).toBeUndefined();
    expect(summarizeDiagnostics([])).toBeUndefined();
  });
});
