/**
 * The recorder (src/observe/recorder.ts): V1 data handed to an app with a recorder cannot be told
 * apart from the same data without one by what the app's code does with it (property tests over
 * field lists, state records and override lists shaped like the fixtures), and what it records is
 * exact (example tests: counts, lists, sites, usage files, the client).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/client/client.js';
import {
  createRecorder,
  flushUsage,
  mergeUsage,
  readUsageFile,
  type Usage,
  UsageFileError,
  usageSchema,
} from '../src/observe/index.js';
import {
  downgrade,
  type PayloadKind,
  type RegionalOverride,
  type V1StateRecord,
  type V2FieldDescriptor,
  type V2StateRecord,
} from '../src/payload/index.js';
import { type Dataset, servedData, syntheticDataset } from '../src/server/dataset.js';
import { type RunningServer, startServer } from '../src/server/server.js';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../fixtures/payloads/${name}`, import.meta.url), 'utf8'));
const V2_FIELDS = fixture<V2FieldDescriptor[]>('v2-fields.json');
const V2_STATE = fixture<V2StateRecord>('v2-state-WI.json');
const V2_OVERRIDES = fixture<RegionalOverride[]>('v2-overrides.json');
const SYNTHETIC = syntheticDataset();
const SYNTHETIC_STATES = [...SYNTHETIC.v2.states.values()];
const THIS_FILE = fileURLToPath(import.meta.url);

type Obj = Record<string, unknown>;

// Arbitraries: payloads of the fixtures' and the synthetic dataset's shapes (subsets of their
// entries, in any order, free text and footnotes changed), valid V2 input for `downgrade`.
const text = fc.string({ maxLength: 12 });
const fieldList: fc.Arbitrary<V2FieldDescriptor[]> = fc
  .shuffledSubarray([...V2_FIELDS, ...SYNTHETIC.v2.fields.filter((f) => !V2_FIELDS.some((g) => g.slug === f.slug))], {
    minLength: 0,
    maxLength: 30,
  })
  .chain((fields) => fc.tuple(...fields.map((f) => text.map((description) => ({ ...f, description }) as V2FieldDescriptor))));
const stateRecord: fc.Arbitrary<V2StateRecord> = fc.constantFrom(V2_STATE, ...SYNTHETIC_STATES.slice(0, 10)).chain((record) =>
  fc
    .shuffledSubarray(record.state_information as Obj[], { minLength: 0 })
    .chain((items) =>
      fc.tuple(
        ...items.map((item) =>
          fc.option(text, { nil: undefined }).map((footnotes) => (footnotes === undefined ? item : { ...item, footnotes })),
        ),
      ),
    )
    .map((items) => ({ ...record, state_information: items }) as V2StateRecord),
);
const overrideList: fc.Arbitrary<RegionalOverride[]> = fc
  .shuffledSubarray([...V2_OVERRIDES, ...SYNTHETIC.overrides], { minLength: 0 })
  .chain((list) =>
    // A region names one override per (state, slug): the index keeps names distinct.
    fc.tuple(
      ...list.map((o, i) =>
        fc.tuple(text, text).map(([value, name]) => ({ ...o, value, region: { name: `${name} ${i}` } }) as RegionalOverride),
      ),
    ),
  );

const ABSENT = ['bool_value', 'footnotes', 'description'];

/** The V1 objects of a downgraded payload (items, descriptors or overrides) and their list. */
function partsOf(kind: PayloadKind, value: unknown): { list: Obj[] } {
  return { list: (kind === 'state' ? (value as V1StateRecord).state_information : value) as Obj[] };
}

/** What the app's code sees of a payload, in every way the brief lists, compared between the two. */
function expectIndistinguishable(kind: PayloadKind, input: unknown) {
  const recorder = createRecorder();
  const plain = downgrade(input, { kind, recorder: false }).value as Obj;
  const watched = downgrade(input, { kind, recorder }).value as Obj;
  expect(JSON.stringify(watched)).toBe(JSON.stringify(plain));
  expect(JSON.stringify(watched, null, 2)).toBe(JSON.stringify(plain, null, 2));
  expect(structuredClone(watched)).toEqual(structuredClone(plain));
  expect(JSON.stringify(structuredClone(watched))).toBe(JSON.stringify(plain));
  const p = partsOf(kind, plain).list;
  const w = partsOf(kind, watched).list;
  expect(Array.isArray(w)).toBe(true);
  expect(w.length).toBe(p.length);
  expect(Object.keys(w)).toEqual(Object.keys(p));
  for (let i = 0; i < p.length; i++) {
    const pi = p[i] as Obj;
    const wi = w[i] as Obj;
    expect(Object.keys(wi)).toEqual(Object.keys(pi));
    expect({ ...wi }).toEqual({ ...pi });
    expect(structuredClone(wi)).toEqual(structuredClone(pi));
    for (const k of Object.keys(pi)) {
      expect(k in wi).toBe(true);
      const v = wi[k];
      // Primitives are the same value; objects are the same object on every read.
      if (typeof v === 'object' && v !== null) {
        expect(wi[k]).toBe(v);
        expect(v).toEqual(pi[k]);
      } else expect(v).toBe(pi[k]);
    }
    for (const k of ABSENT) expect(k in wi).toBe(k in pi);
  }
  // Iteration and lookup over the lists.
  expect([...w]).toEqual([...p]);
  const forOf: unknown[] = [];
  for (const x of w) forOf.push(x);
  expect(forOf).toEqual(p);
  expect(w.map((x) => JSON.stringify(x))).toEqual(p.map((x) => JSON.stringify(x)));
  const key = kind === 'state' ? 'field_type' : kind === 'fields' ? 'slug' : 'state';
  const last = p.at(-1)?.[key];
  expect(w.findIndex((x) => x[key] === last)).toBe(p.findIndex((x) => x[key] === last));
  expect(JSON.stringify(w.find((x) => x[key] === last))).toBe(JSON.stringify(p.find((x) => x[key] === last)));
  expect(JSON.stringify(w.filter((x) => x[key] === last))).toBe(JSON.stringify(p.filter((x) => x[key] === last)));
  // Writes: assignment then read back, delete then `in`, delete then assign again.
  const props = kind === 'state' ? ['text', 'modified_at'] : kind === 'fields' ? ['long_name', 'slug'] : ['value', 'state'];
  w.forEach((wi, i) => {
    const pi = p[i] as Obj;
    const [a, b] = props as [string, string];
    wi[a] = `changed ${i}`;
    pi[a] = `changed ${i}`;
    expect(wi[a]).toBe(`changed ${i}`);
    delete wi[b];
    delete pi[b];
    expect(b in wi).toBe(false);
    expect(Object.keys(wi)).toEqual(Object.keys(pi));
    if (i % 2 === 0) {
      wi[b] = 'again';
      pi[b] = 'again';
      expect(wi[b]).toBe('again');
    }
  });
  expect(JSON.stringify(watched)).toBe(JSON.stringify(plain));
  expect(structuredClone(watched)).toEqual(structuredClone(plain));
  expect(w.map((x) => ({ ...x }))).toEqual(p.map((x) => ({ ...x })));
}

/** `watch` keeps every value it watches: each property reads as the very value it held (`===`). */
function expectSameValues(kind: PayloadKind, input: unknown) {
  const value = downgrade(input, { kind, recorder: false }).value;
  const before = partsOf(kind, value).list.map((o) => ({ ...o }));
  createRecorder().watch(kind, value);
  partsOf(kind, value).list.forEach((o, i) => {
    for (const [k, v] of Object.entries(before[i] as Obj)) expect(o[k]).toBe(v);
  });
}

describe('recorded data cannot be told apart from unrecorded data', () => {
  it('field lists', () => {
    fc.assert(
      fc.property(fieldList, (x) => {
        expectIndistinguishable('fields', x);
        expectSameValues('fields', x);
      }),
      { numRuns: 60 },
    );
  });
  it('state records', () => {
    fc.assert(
      fc.property(stateRecord, (x) => {
        expectIndistinguishable('state', x);
        expectSameValues('state', x);
      }),
      { numRuns: 60 },
    );
  });
  it('override lists', () => {
    fc.assert(
      fc.property(overrideList, (x) => {
        expectIndistinguishable('overrides', x);
        expectSameValues('overrides', x);
      }),
      { numRuns: 60 },
    );
  });
});

/** The V1 record of the WI fixture, watched by a new recorder, and the index of a slug's item (found without reading through the recorder). */
function watchedWI(options: { sample?: boolean } = {}) {
  const recorder = createRecorder(options);
  const record = downgrade(V2_STATE, { kind: 'state', recorder }).value as V1StateRecord;
  const plain = downgrade(V2_STATE, { kind: 'state', recorder: false }).value as V1StateRecord;
  const at = (slug: string) => plain.state_information.findIndex((i) => i.field_type === slug);
  return { recorder, record, plain, at };
}

/** The line of this file that called it. */
const here = () => {
  const frame = (new Error().stack ?? '').split('\n').filter((l) => l.includes('observe-property.test.ts'))[1] ?? '';
  return Number(/:(\d+):\d+\)?$/.exec(frame)?.[1]);
};

describe('what the recorder records', () => {
  it('counts reads per slug and property, nothing else', () => {
    const { recorder, record, at } = watchedWI();
    const item = record.state_information[at('early_voting')] as Obj;
    void item.text;
    void item.text;
    void item.value;
    expect(recorder.snapshot().items).toEqual({ early_voting: { text: 2, value: 1 } });
    expect(recorder.snapshot().lists).toEqual({ iterate: 0, lookup: 0, serialized: 0 });
    expect(recorder.used).toBe(true);
  });

  it('a find and a for…of over state_information: one lookup, one iteration', () => {
    const { recorder, record } = watchedWI();
    const info = record.state_information;
    info.find(() => false);
    for (const _ of info);
    expect(recorder.snapshot().lists).toEqual({ iterate: 1, lookup: 1, serialized: 0 });
    expect(recorder.snapshot().items).toEqual({});
  });

  it('JSON.stringify of a record is a serialization (one per item), not reads', () => {
    const { recorder, record, plain } = watchedWI();
    expect(JSON.stringify(record)).toBe(JSON.stringify(plain));
    expect(recorder.snapshot().items).toEqual({});
    expect(recorder.snapshot().lists).toEqual({ iterate: 0, lookup: 0, serialized: plain.state_information.length });
  });

  it('with sample, keeps the site of the first read: this file, the line of the read', () => {
    const { recorder, record, at } = watchedWI({ sample: true });
    const item = record.state_information[at('early_voting_ends')] as Obj;
    const [line, _text] = [here(), item.text];
    void item.text;
    const site = recorder.snapshot().sites['items.early_voting_ends.text'] as string;
    expect(site).toMatch(/^(.+):(\d+):(\d+)$/);
    const [, file, l] = /^(.+):(\d+):(\d+)$/.exec(site) as RegExpExecArray;
    expect({ file, line: Number(l) }).toEqual({ file: THIS_FILE, line });
    expect(Object.keys(recorder.snapshot().sites)).toEqual(['items.early_voting_ends.text']);
  });

  it('watching watched data again does not count twice', () => {
    const { recorder, record, at } = watchedWI();
    expect(recorder.watch('state', record)).toBe(record);
    createRecorder().watch('state', record);
    const item = record.state_information[at('early_voting')] as Obj;
    void item.text;
    record.state_information.find(() => false);
    const usage = recorder.snapshot();
    expect(usage.items).toEqual({ early_voting: { text: 1 } });
    expect(usage.lists).toEqual({ iterate: 0, lookup: 1, serialized: 0 });
  });

  it('leaves a frozen or non-extensible item alone: it behaves as before, nothing counted', () => {
    const plain = downgrade(V2_STATE, { kind: 'state', recorder: false }).value as V1StateRecord;
    const record = downgrade(V2_STATE, { kind: 'state', recorder: false }).value as V1StateRecord;
    for (const r of [plain, record]) {
      Object.freeze(r.state_information[0]);
      Object.preventExtensions(r.state_information[1]);
      Object.seal(r.state_information[2]);
    }
    const recorder = createRecorder();
    recorder.watch('state', record);
    for (const i of [0, 1, 2]) {
      const item = record.state_information[i] as Obj;
      expect(Object.getOwnPropertyDescriptors(item)).toEqual(Object.getOwnPropertyDescriptors(plain.state_information[i]));
      void item.text;
    }
    expect(JSON.stringify(record)).toBe(JSON.stringify(plain));
    expect(recorder.snapshot().items).toEqual({});
    // The other items are watched.
    void (record.state_information[3] as Obj).text;
    expect(Object.keys(recorder.snapshot().items)).toEqual([plain.state_information[3]?.field_type]);
  });

  it('leaves a frozen or non-extensible list alone', () => {
    const recorder = createRecorder();
    for (const seal of [Object.freeze, Object.preventExtensions, Object.seal]) {
      const fields = downgrade(V2_FIELDS, { kind: 'fields', recorder: false }).value as Obj[];
      seal(fields);
      expect(recorder.watch('fields', fields)).toBe(fields);
      fields.find(() => false);
    }
    expect(recorder.snapshot().lists).toEqual({ iterate: 0, lookup: 0, serialized: 0 });
  });

  it('watch keeps the record and its lists, replaces their items by watched copies; other objects are watched in place', () => {
    const recorder = createRecorder();
    const record = downgrade(V2_STATE, { kind: 'state', recorder: false }).value as V1StateRecord;
    const list = record.state_information;
    const before = list[0] as Obj;
    class Item {
      text = 'from a class';
      field_type = 'early_voting';
    }
    const odd = new Item() as unknown as Obj;
    list.push(odd as never);
    expect(recorder.watch('state', record)).toBe(record);
    expect(record.state_information).toBe(list);
    expect(list[0] === before).toBe(false); // (not.toBe would read both deeply)
    expect(JSON.stringify(list[0])).toBe(JSON.stringify(before));
    expect(Object.getPrototypeOf(list[0])).toBe(Object.prototype);
    void before.text; // taken before watching: not counted
    expect(list.at(-1)).toBe(odd);
    expect(Object.getPrototypeOf(odd)).toBe(Item.prototype);
    expect(odd.text).toBe('from a class');
    expect(recorder.snapshot().items).toEqual({ early_voting: { text: 1 } });
    expect(recorder.snapshot().lists).toEqual({ iterate: 0, lookup: 0, serialized: 1 });
  });

  it('a watched object frozen afterwards keeps its values, as a frozen data property would', () => {
    const { record, plain, at } = watchedWI();
    const item = record.state_information[at('early_voting')] as Obj;
    Object.freeze(item);
    try {
      item.text = 'changed';
    } catch {
      // a frozen data property would throw in strict code; the accessor ignores the write
    }
    expect(item.text).toBe(plain.state_information[at('early_voting')]?.text);
    expect(JSON.stringify(record)).toBe(JSON.stringify(plain));
  });

  it('JSON.stringify takes a property the app redefined as it is now', () => {
    const { record, plain, at } = watchedWI();
    const i = at('early_voting');
    Object.defineProperty(record.state_information[i], 'text', {
      value: 'redefined',
      enumerable: true,
      configurable: true,
      writable: true,
    });
    (plain.state_information[i] as Obj).text = 'redefined';
    expect(JSON.stringify(record)).toBe(JSON.stringify(plain));
  });

  it('descriptors and overrides, by their slug', () => {
    const recorder = createRecorder();
    const fields = downgrade(V2_FIELDS, { kind: 'fields', recorder }).value as Obj[];
    const overrides = downgrade(V2_OVERRIDES, { kind: 'overrides', recorder }).value as Obj[];
    const slug = (downgrade(V2_FIELDS, { kind: 'fields', recorder: false }).value as Obj[])[0]?.slug as string;
    const overridden = (downgrade(V2_OVERRIDES, { kind: 'overrides', recorder: false }).value as RegionalOverride[])[0]?.field
      .slug as string;
    void fields[0]?.long_name;
    void fields[0]?.field_format;
    void overrides[0]?.value;
    void overrides[0]?.region;
    const usage = recorder.snapshot();
    expect(usage.descriptors).toEqual({ [slug]: { long_name: 1, field_format: 1 } });
    expect(usage.overrides).toEqual({ [overridden]: { value: 1, region: 1 } });
    expect(usageSchema.safeParse(usage).success).toBe(true);
  });
});

const usage = (over: Partial<Usage>): Usage => ({
  format: 'civic-migrate-usage/1',
  started: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:01.000Z',
  items: {},
  descriptors: {},
  overrides: {},
  lists: { iterate: 0, lookup: 0, serialized: 0 },
  endpoints: {},
  sites: {},
  ...over,
});

describe('which payloads are watched', () => {
  const V1_STATES = () => downgrade(V2_STATE, { kind: 'state', recorder: false }).value as V1StateRecord;
  const isWatched = (record: V1StateRecord) =>
    'get' in (Object.getOwnPropertyDescriptor(record.state_information[0], 'text') ?? {});

  it('every one up to watchFirst, then one in watchEvery; reads of the others are not counted', () => {
    const recorder = createRecorder({ watchFirst: 2, watchEvery: 3 });
    const handed = Array.from({ length: 8 }, () => recorder.watch('state', V1_STATES()));
    expect(handed.map(isWatched)).toEqual([true, true, false, false, true, false, false, true]);
    for (const record of handed) void (record.state_information[0] as Obj).text;
    const slug = V1_STATES().state_information[0]?.field_type as string;
    expect(recorder.snapshot().items).toEqual({ [slug]: { text: 4 } });
    expect(recorder.snapshot().payloads).toEqual({
      state: { handed: 8, watched: 4 },
      fields: { handed: 0, watched: 0 },
      overrides: { handed: 0, watched: 0 },
    });
    // A payload not watched is the very data handed over, untouched.
    const plain = V1_STATES();
    expect(handed[2]).toEqual(plain);
    expect(Object.getOwnPropertyDescriptor(handed[2]?.state_information[0], 'text')).toMatchObject({ writable: true });
  });

  it('counts each kind apart; the defaults watch the first 200, then one in 16; watchEvery 1 watches all', () => {
    const recorder = createRecorder();
    for (let i = 0; i < 232; i++) recorder.watch('state', V1_STATES());
    recorder.watch('fields', []);
    expect(recorder.snapshot().payloads?.state).toEqual({ handed: 232, watched: 202 });
    expect(recorder.snapshot().payloads?.fields).toEqual({ handed: 1, watched: 1 });
    const all = createRecorder({ watchFirst: 0, watchEvery: 1 });
    expect(Array.from({ length: 5 }, () => isWatched(all.watch('state', V1_STATES())))).toEqual([true, true, true, true, true]);
  });

  it('refuses a watchFirst or watchEvery that is not a whole number in range, naming it', () => {
    expect(() => createRecorder({ watchEvery: 0 })).toThrow(
      new RangeError('createRecorder: watchEvery must be a whole number of at least 1, not 0'),
    );
    expect(() => createRecorder({ watchFirst: -1 })).toThrow(
      new RangeError('createRecorder: watchFirst must be a whole number of at least 0, not -1'),
    );
    expect(() => createRecorder({ watchEvery: 1.5 })).toThrow(
      new RangeError('createRecorder: watchEvery must be a whole number of at least 1, not 1.5'),
    );
  });
});

describe('usage files', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'civic-observe-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('mergeUsage sums two snapshots exactly and keeps the first site', () => {
    const a = usage({
      started: '2026-01-01T00:00:05.000Z',
      updated: '2026-01-01T00:00:06.000Z',
      items: { early_voting: { text: 2, value: 1 } },
      descriptors: { early_voting: { long_name: 1 } },
      lists: { iterate: 1, lookup: 2, serialized: 3 },
      endpoints: { '/v1/election/field/': 1 },
      sites: { 'items.early_voting.text': '/a.js:1:1' },
    });
    const b = usage({
      items: { early_voting: { text: 3, modified_at: 4 }, absentee_ballot_rules: { text: 1 } },
      overrides: { gov_tool_absentee_request: { value: 7 } },
      lists: { iterate: 10, lookup: 20, serialized: 30 },
      endpoints: { '/v1/election/field/': 2, '/v1/election/state/{state}/': 5 },
      sites: { 'items.early_voting.text': '/b.js:2:2', 'items.absentee_ballot_rules.text': '/b.js:3:3' },
    });
    expect(mergeUsage([a, b])).toEqual({
      format: 'civic-migrate-usage/1',
      started: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-01T00:00:06.000Z',
      items: { absentee_ballot_rules: { text: 1 }, early_voting: { text: 5, value: 1, modified_at: 4 } },
      descriptors: { early_voting: { long_name: 1 } },
      overrides: { gov_tool_absentee_request: { value: 7 } },
      lists: { iterate: 11, lookup: 22, serialized: 33 },
      endpoints: { '/v1/election/field/': 3, '/v1/election/state/{state}/': 5 },
      sites: { 'items.absentee_ballot_rules.text': '/b.js:3:3', 'items.early_voting.text': '/a.js:1:1' },
    });
  });

  it('mergeUsage sums the payloads handed over and watched; a file without them (every payload watched) adds none', () => {
    const counts = (state: number, watched: number) => ({
      state: { handed: state, watched },
      fields: { handed: 1, watched: 1 },
      overrides: { handed: 0, watched: 0 },
    });
    const merged = mergeUsage([usage({ payloads: counts(300, 206) }), usage({}), usage({ payloads: counts(10, 10) })]);
    expect(merged.payloads).toEqual({
      state: { handed: 310, watched: 216 },
      fields: { handed: 2, watched: 2 },
      overrides: { handed: 0, watched: 0 },
    });
    expect(mergeUsage([usage({}), usage({})]).payloads).toBeUndefined();
  });

  it('readUsageFile reads a usage file and rejects malformed JSON and a wrong shape in one line naming the file', () => {
    const good = join(tmp, 'good.json');
    writeFileSync(good, JSON.stringify(usage({ endpoints: { '/v1/election/field/': 2 } })));
    expect(readUsageFile(good)).toEqual(usage({ endpoints: { '/v1/election/field/': 2 } }));

    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, '{"format": ');
    let parseMessage = '';
    try {
      JSON.parse('{"format": ');
    } catch (error) {
      parseMessage = (error as Error).message;
    }
    expect(() => readUsageFile(bad)).toThrow(new UsageFileError(bad, `not valid JSON (${parseMessage})`));
    expect(() => readUsageFile(bad)).toThrow(`${bad}: not valid JSON (${parseMessage})`);

    const wrong = join(tmp, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ ...usage({}), lists: { iterate: -1, lookup: 0, serialized: 0 } }));
    const error = (() => {
      try {
        readUsageFile(wrong);
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(UsageFileError);
    expect(error?.message).toBe(
      `${wrong}: not a civic-migrate usage file: $.lists.iterate: Too small: expected number to be >=0`,
    );

    writeFileSync(wrong, JSON.stringify({ format: 'civic-migrate-usage/2' }));
    expect(() => readUsageFile(wrong)).toThrow(
      new UsageFileError(wrong, 'not a civic-migrate usage file: $.format: Invalid input: expected "civic-migrate-usage/1"'),
    );
    for (const f of [bad, wrong]) {
      try {
        readUsageFile(f);
      } catch (e) {
        expect((e as Error).message).not.toContain('\n');
      }
    }
  });

  it('flushUsage writes nothing until something was recorded, and the snapshot when stopped', () => {
    const file = join(tmp, 'usage.json');
    const recorder = createRecorder();
    flushUsage(recorder, file, 60_000)();
    expect(existsSync(file)).toBe(false);
    const stop = flushUsage(recorder, file, 60_000, { command: 'app.js' });
    recorder.endpoint('/v1/election/field/');
    expect(existsSync(file)).toBe(false);
    stop();
    const written = JSON.parse(readFileSync(file, 'utf8'));
    const { updated: _u, ...expected } = recorder.snapshot();
    expect(written).toEqual({ ...expected, updated: written.updated, pid: process.pid, command: 'app.js' });
    expect(written.endpoints).toEqual({ '/v1/election/field/': 1 });
    expect(usageSchema.safeParse(written).success).toBe(true);
    expect(readUsageFile(file)).toEqual(written);
  });
});

describe('the client records', () => {
  const key = { id: '9d7a4a2e-5b1c-4f3e-a2d1-6c0b8e9f7a35', secret: '5e'.repeat(32) };
  let server: RunningServer;
  let dataset: Dataset;
  beforeAll(async () => {
    dataset = SYNTHETIC;
    server = await startServer({ keys: [key], data: servedData(dataset) });
  });
  afterAll(() => server.close());

  it('a V2 client with shape v1: reads of the state it returns; no V1 endpoint', async () => {
    const recorder = createRecorder();
    const client = createClient({
      version: 'v2',
      shape: 'v1',
      baseUrl: server.url,
      keyId: key.id,
      keySecret: key.secret,
      recorder,
    });
    const record = (await client.state('WI')) as V1StateRecord;
    const plain = (await createClient({
      version: 'v2',
      shape: 'v1',
      baseUrl: server.url,
      keyId: key.id,
      keySecret: key.secret,
      recorder: false,
    }).state('WI')) as V1StateRecord;
    expect(JSON.stringify(record)).toBe(JSON.stringify(plain));
    const item = record.state_information[0] as Obj;
    void item.text;
    void item.modified_at;
    const usage = recorder.snapshot();
    expect(usage.items).toEqual({ [plain.state_information[0]?.field_type as string]: { text: 1, modified_at: 1 } });
    expect(usage.endpoints).toEqual({});
    expect(usage.lists).toEqual({ iterate: 0, lookup: 0, serialized: plain.state_information.length });
  });

  it('a V1 client: the V1 endpoint templates it called, with counts', async () => {
    const recorder = createRecorder();
    const client = createClient({ version: 'v1', baseUrl: server.url, keyId: key.id, keySecret: key.secret, recorder });
    await client.fields();
    await client.state('CA');
    await client.state('WI');
    const record = (await client.state('IL')) as V1StateRecord;
    void (record.state_information[0] as Obj).text;
    const usage = recorder.snapshot();
    expect(usage.endpoints).toEqual({ '/v1/election/field/': 1, '/v1/election/data/state/{state}/': 3 });
    expect(usage.items).toEqual({ [record.state_information[0]?.field_type as string]: { text: 1 } });
  });
});
