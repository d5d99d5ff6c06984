import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IoError } from '../src/errors.js';
import {
  downgrade,
  upgrade,
  type V1StateRecord,
  type V2StateRecord,
  v1FieldListSchema,
  v1StateRecordSchema,
  v2FieldListSchema,
  v2StateRecordSchema,
} from '../src/payload/index.js';
import { STATE_CODES } from '../src/payload/states.js';
import { syntheticOverrides, syntheticV1Dataset } from '../src/payload/synthetic.js';
import { DatasetError, loadDataset, saveDataset, syntheticDataset } from '../src/server/dataset.js';
import { startServer } from '../src/server/server.js';
import { bundledMappings, once } from './helpers/bundled.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'civic-dataset-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

let n = 0;
/** A fresh folder with the given files (path → JSON value or raw text). */
async function folder(files: Record<string, unknown>): Promise<string> {
  const dir = join(root, `d${n++}`);
  await mkdir(dir);
  for (const [path, value] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), typeof value === 'string' ? value : JSON.stringify(value));
  }
  return dir;
}

const mappings = bundledMappings();
const v1 = once(() => syntheticV1Dataset(mappings));
const ca = () => v1().states.CA as V1StateRecord;

describe('syntheticDataset', () => {
  it('has all 51 states in both versions, valid against the schemas, V2 derived through the adapter', () => {
    const d = syntheticDataset(mappings);
    expect([...d.v1.states.keys()]).toEqual(STATE_CODES);
    expect([...d.v2.states.keys()]).toEqual(STATE_CODES);
    expect(v1FieldListSchema.safeParse(d.v1.fields).success).toBe(true);
    expect(v2FieldListSchema.safeParse(d.v2.fields).success).toBe(true);
    for (const code of STATE_CODES) {
      expect(v1StateRecordSchema.safeParse(d.v1.states.get(code)).success).toBe(true);
      expect(v2StateRecordSchema.safeParse(d.v2.states.get(code)).success).toBe(true);
    }
    expect(d.v1.fields).toEqual(v1().fields);
    expect(d.v1.states.get('CA')).toEqual(ca());
    expect(d.v2.fields).toEqual(upgrade(v1().fields, { kind: 'fields', mappings }).value);
    expect(d.v2.states.get('CA')).toEqual(upgrade(ca(), { kind: 'state', mappings, fields: v1().fields }).value);
    expect(d.overrides).toEqual(syntheticOverrides(mappings));
    expect(d.overrides.length).toBeGreaterThan(0);
  });
});

describe('loadDataset', () => {
  it('round-trips saveDataset', async () => {
    const d = syntheticDataset(mappings);
    const dir = join(root, 'saved');
    const files = await saveDataset(d, dir);
    expect(files).toHaveLength(2 + 51 * 2 + 1);
    expect((await readdir(join(dir, 'v1', 'states'))).length).toBe(51);
    const loaded = await loadDataset(dir, mappings);
    expect({ ...loaded, source: 'synthetic' }).toEqual(d);
    await expect(saveDataset(d, dir)).rejects.toThrow(new IoError(dir, 'folder exists and is not empty: choose a new folder'));
  });

  it('derives V2 from V1 files, and V1 from V2 files, per state', async () => {
    const v2ca = upgrade(ca(), { kind: 'state', mappings, fields: v1().fields }).value as V2StateRecord;
    const v2Fields = upgrade(v1().fields, { kind: 'fields', mappings }).value;
    const overrides = syntheticOverrides(mappings);
    const dir = await folder({
      'v1/fields.json': v1().fields,
      'v1/states/CA.json': ca(),
      'v2/fields.json': v2Fields,
      'v2/states/IL.json': upgrade(v1().states.IL as V1StateRecord, { kind: 'state', mappings, fields: v1().fields }).value,
      'overrides.json': overrides,
    });
    const d = await loadDataset(dir, mappings);
    expect([...d.v1.states.keys()]).toEqual(['CA', 'IL']);
    expect([...d.v2.states.keys()]).toEqual(['CA', 'IL']);
    expect(d.v2.states.get('CA')).toEqual(v2ca);
    expect(d.v1.states.get('IL')).toEqual(
      downgrade(d.v2.states.get('IL') as V2StateRecord, { kind: 'state', mappings, fields: v2Fields, overrides }).value,
    );
    expect(d.overrides).toEqual(overrides);
  });

  it('needs only one field list; overrides default to none', async () => {
    const d = await loadDataset(await folder({ 'v1/fields.json': v1().fields }), mappings);
    expect({ states: d.v2.states.size, overrides: d.overrides, v2Fields: d.v2.fields }).toEqual({
      states: 0,
      overrides: [],
      v2Fields: upgrade(v1().fields, { kind: 'fields', mappings }).value,
    });
  });

  it('names the file and the place of every problem', async () => {
    const item0 = ca().state_information[0];
    const cases: [Record<string, unknown>, (dir: string) => [string, string]][] = [
      [{}, (dir) => [dir, 'no field list: expected v1/fields.json or v2/fields.json (see `civic-migrate serve --help`)']],
      [
        { 'v1/fields.json': '[{"slug": ' },
        (dir) => [join(dir, 'v1/fields.json'), 'line 1, column 11: not valid JSON: expected a value, found the end of the input'],
      ],
      [
        { 'v1/fields.json': [{ slug: 'a', field_format: 'Markdown' }] },
        (dir) => [join(dir, 'v1/fields.json'), '$[0].long_name: Invalid input: expected string, received undefined'],
      ],
      [
        { 'v1/fields.json': v1().fields, 'v1/states/ca.json': ca() },
        (dir) => [
          join(dir, 'v1/states/ca.json'),
          'a state file is named after one of the 51 upper-case state codes, e.g. CA.json',
        ],
      ],
      [
        { 'v1/fields.json': v1().fields, 'v1/states/PR.json': ca() },
        (dir) => [
          join(dir, 'v1/states/PR.json'),
          'a state file is named after one of the 51 upper-case state codes, e.g. CA.json',
        ],
      ],
      [
        { 'v1/fields.json': v1().fields, 'v1/states/TX.json': ca() },
        (dir) => [join(dir, 'v1/states/TX.json'), 'code: "CA" does not match the file name (TX)'],
      ],
      [
        {
          'v1/fields.json': v1().fields,
          'v1/states/CA.json': { ...ca(), state_information: [{ ...item0, field_type: 'no_such_field' }] },
        },
        (dir) => [join(dir, 'v1/states/CA.json'), '$.state_information[0].field_type: "no_such_field" is not in v1/fields.json'],
      ],
      [
        {
          'v1/fields.json': v1().fields,
          'v1/states/CA.json': { ...ca(), state_information: [{ ...item0, modified_at: 'yesterday' }] },
        },
        (dir) => [
          join(dir, 'v1/states/CA.json'),
          '$.state_information[0].modified_at: expected an ISO-8601 date-time such as 2020-07-24T16:22:42Z',
        ],
      ],
      [
        { 'v2/states/CA.json': ca(), 'v1/fields.json': v1().fields },
        (dir) => [join(dir, 'v2/fields.json'), 'missing: v2/states/ needs the v2 field list beside it'],
      ],
      [
        { 'v1/fields.json': v1().fields, 'overrides.json': [{ state: 'IL' }] },
        (dir) => [join(dir, 'overrides.json'), '$[0].region: Invalid input: expected object, received undefined'],
      ],
    ];
    for (const [files, expected] of cases) {
      const dir = await folder(files);
      const error = await loadDataset(dir, mappings).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DatasetError);
      const [file, problem] = expected(dir);
      const e = error as DatasetError;
      expect({ file: e.file, message: e.message }).toEqual({
        file,
        message: `${file}: ${problem}`,
      });
    }
  });

  it('reports a missing folder or a file as an IoError', async () => {
    await expect(loadDataset(join(root, 'nope'), mappings)).rejects.toThrow(
      new IoError(join(root, 'nope'), 'cannot read the dataset folder: no such file'),
    );
    const file = join(root, 'file.json');
    await writeFile(file, '[]');
    await expect(loadDataset(file, mappings)).rejects.toThrow(new IoError(file, 'not a directory'));
    expect(await readFile(file, 'utf8')).toBe('[]');
  });
});

describe('startServer data option', () => {
  it('serves the synthetic dataset by default, and accepts a Dataset', async () => {
    const d = syntheticDataset(mappings);
    const small = await loadDataset(await folder({ 'v1/fields.json': v1().fields, 'v1/states/CA.json': ca() }), mappings);
    const [byDefault, fromDataset] = await Promise.all([startServer(), startServer({ data: small })]);
    try {
      const get = async (url: string) => (await fetch(url)).json();
      expect(await get(`${byDefault.url}/v2/election/field/`)).toEqual(d.v2.fields);
      expect(await get(`${fromDataset.url}/v1/election/state/CA/`)).toEqual(ca());
      expect((await fetch(`${fromDataset.url}/v1/election/state/TX/`)).status).toBe(404);
    } finally {
      await Promise.all([byDefault.close(), fromDataset.close()]);
    }
  });
});
