import { promises as fs } from 'node:fs';
import { join, relative } from 'node:path';
import type { z } from 'zod';
import { CivicMigrateError, describeIoError, IoError } from '../errors.js';
import { writeFileAtomic } from '../files/write.js';
import { firstIssue, jsonPath } from '../findings/json-path.js';
import { loadMappings } from '../mapping/load.js';
import type { Mappings } from '../mapping/mappings.js';
import {
  downgrade,
  overrideListSchema,
  PayloadError,
  parseJson,
  type RegionalOverride,
  upgrade,
  type V1FieldDescriptor,
  type V1StateRecord,
  type V2FieldDescriptor,
  type V2StateRecord,
  v1FieldListSchema,
  v1StateRecordSchema,
  v2FieldListSchema,
  v2StateRecordSchema,
} from '../payload/index.js';
import { isStateCode, STATE_CODES } from '../payload/states.js';
import { syntheticOverrides, syntheticV1Dataset } from '../payload/synthetic.js';

/** What the reference server answers with, by version. */
export interface ServedData {
  readonly v1Fields: unknown;
  readonly v2Fields: unknown;
  /** V1 state records by upper-case code; a code without a record answers 404. */
  readonly v1States: ReadonlyMap<string, unknown>;
  readonly v2States: ReadonlyMap<string, unknown>;
  readonly overrides: unknown;
}

/** The data a reference server answers with: both versions' field lists and state records, and the V2 overrides. */
export interface Dataset {
  /** `synthetic`, or the folder it was loaded from. */
  readonly source: string;
  readonly v1: { readonly fields: V1FieldDescriptor[]; readonly states: ReadonlyMap<string, V1StateRecord> };
  readonly v2: { readonly fields: V2FieldDescriptor[]; readonly states: ReadonlyMap<string, V2StateRecord> };
  readonly overrides: RegionalOverride[];
}

/** A dataset folder with a bad file; the message names the file and the place in it. */
export class DatasetError extends CivicMigrateError {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}

/**
 * The bundled synthetic dataset: V1 data for all 51 states generated from the mapping table
 * (shaped like the real service's), V2 derived from it through the adapter, and a few regional overrides.
 */
export function syntheticDataset(mappings: Mappings = loadMappings()): Dataset {
  const v1 = syntheticV1Dataset(mappings);
  const overrides = syntheticOverrides(mappings);
  const v1States = new Map(STATE_CODES.map((code) => [code, v1.states[code] as V1StateRecord]));
  return derive({ source: 'synthetic', v1Fields: v1.fields, v1States, v2States: new Map(), overrides, mappings });
}

interface Parts {
  source: string;
  v1Fields?: V1FieldDescriptor[];
  v2Fields?: V2FieldDescriptor[];
  v1States: Map<string, V1StateRecord>;
  v2States: Map<string, V2StateRecord>;
  overrides: RegionalOverride[];
  mappings: Mappings;
}

/** Fills whichever version is missing (field list, or a state's record) from the other through the adapter. */
function derive(parts: Parts): Dataset {
  const { mappings, overrides } = parts;
  const v1Fields = parts.v1Fields ?? (downgrade(parts.v2Fields ?? [], { kind: 'fields', mappings }).value as V1FieldDescriptor[]);
  const v2Fields = parts.v2Fields ?? (upgrade(v1Fields, { kind: 'fields', mappings }).value as V2FieldDescriptor[]);
  const v1States = new Map(parts.v1States);
  const v2States = new Map(parts.v2States);
  for (const [code, record] of parts.v1States) {
    if (!v2States.has(code))
      v2States.set(code, upgrade(record, { kind: 'state', mappings, fields: v1Fields }).value as V2StateRecord);
  }
  for (const [code, record] of parts.v2States) {
    if (!v1States.has(code)) {
      v1States.set(code, downgrade(record, { kind: 'state', mappings, fields: v2Fields, overrides }).value as V1StateRecord);
    }
  }
  const sorted = <T>(m: Map<string, T>) => new Map([...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    source: parts.source,
    v1: { fields: v1Fields, states: sorted(v1States) },
    v2: { fields: v2Fields, states: sorted(v2States) },
    overrides,
  };
}

/** The JSON-ready form the server serialises. */
export function servedData(dataset: Dataset): ServedData {
  return {
    v1Fields: dataset.v1.fields,
    v2Fields: dataset.v2.fields,
    v1States: dataset.v1.states,
    v2States: dataset.v2.states,
    overrides: dataset.overrides,
  };
}

/**
 * Loads a dataset folder:
 *
 * ```
 * DIR/v1/fields.json       V1 field list           ┐ at least one of the two
 * DIR/v2/fields.json       V2 field list           ┘ (the other is derived)
 * DIR/v1/states/XX.json    V1 state record of XX   ┐ a state in either version is served in both
 * DIR/v2/states/XX.json    V2 state record of XX   ┘ (the missing one derived); others answer 404
 * DIR/overrides.json       V2 override list (optional, [] when absent)
 * ```
 *
 * Every file is validated with the payload schemas; a state file must be named after its upper-case
 * code, hold that code, and use only slugs of its version's field list.
 */
export async function loadDataset(dir: string, mappings: Mappings = loadMappings()): Promise<Dataset> {
  try {
    if (!(await fs.stat(dir)).isDirectory()) throw new IoError(dir, 'not a directory');
  } catch (error) {
    if (error instanceof IoError) throw error;
    throw new IoError(dir, `cannot read the dataset folder: ${describeIoError(error)}`, { cause: error });
  }
  const v1Fields = await readOptional(dir, 'v1/fields.json', v1FieldListSchema);
  const v2Fields = await readOptional(dir, 'v2/fields.json', v2FieldListSchema);
  if (!v1Fields && !v2Fields) {
    throw new DatasetError(dir, 'no field list: expected v1/fields.json or v2/fields.json (see `civic-migrate serve --help`)');
  }
  const v1States = await readStates(dir, 'v1', v1StateRecordSchema, v1Fields);
  const v2States = await readStates(dir, 'v2', v2StateRecordSchema, v2Fields);
  const overrides = (await readOptional(dir, 'overrides.json', overrideListSchema)) ?? [];
  return derive({ source: dir, v1Fields, v2Fields, v1States, v2States, overrides, mappings });
}

async function readOptional<T extends z.ZodType>(dir: string, file: string, schema: T): Promise<z.infer<T> | undefined> {
  const path = join(dir, file);
  let text: string;
  try {
    text = await fs.readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new IoError(path, `cannot read: ${describeIoError(error)}`, { cause: error });
  }
  return parseFile(path, text, schema);
}

function parseFile<T extends z.ZodType>(path: string, text: string, schema: T): z.infer<T> {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (error) {
    if (!(error instanceof PayloadError)) throw error;
    throw new DatasetError(path, `line ${error.line}, column ${error.column}: ${error.problem}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new DatasetError(path, firstIssue(parsed.error, 'does not match the schema'));
  return parsed.data;
}

async function readStates<R extends V1StateRecord | V2StateRecord>(
  dir: string,
  version: 'v1' | 'v2',
  schema: z.ZodType<R>,
  fields: { slug: string }[] | undefined,
): Promise<Map<string, R>> {
  const folder = join(dir, version, 'states');
  let names: string[];
  try {
    names = (await fs.readdir(folder)).filter((n) => n.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw new IoError(folder, `cannot read: ${describeIoError(error)}`, { cause: error });
  }
  if (names.length > 0 && !fields) {
    throw new DatasetError(
      join(dir, version, 'fields.json'),
      `missing: ${version}/states/ needs the ${version} field list beside it`,
    );
  }
  const slugs = new Set(fields?.map((f) => f.slug));
  const states = new Map<string, R>();
  for (const name of names) {
    const path = join(folder, name);
    const code = name.slice(0, -'.json'.length);
    if (!isStateCode(code)) {
      throw new DatasetError(path, 'a state file is named after one of the 51 upper-case state codes, e.g. CA.json');
    }
    let text: string;
    try {
      text = await fs.readFile(path, 'utf8');
    } catch (error) {
      throw new IoError(path, `cannot read: ${describeIoError(error)}`, { cause: error });
    }
    const record: R = parseFile(path, text, schema);
    if (record.code !== code) throw new DatasetError(path, `code: "${record.code}" does not match the file name (${code})`);
    record.state_information.forEach((item, i) => {
      if (!slugs.has(item.field_type)) {
        throw new DatasetError(
          path,
          `${jsonPath(['state_information', i, 'field_type'])}: "${item.field_type}" is not in ${relative(dir, join(dir, version, 'fields.json'))}`,
        );
      }
    });
    states.set(code, record);
  }
  return states;
}

/**
 * Writes a dataset in the `loadDataset` layout (both versions in full), so it can be edited and
 * served with `--data`. Refuses a folder that exists and is not empty.
 */
export async function saveDataset(dataset: Dataset, dir: string): Promise<string[]> {
  try {
    const existing = await fs.readdir(dir);
    if (existing.length > 0) throw new IoError(dir, 'folder exists and is not empty: choose a new folder');
  } catch (error) {
    if (error instanceof IoError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new IoError(dir, describeIoError(error), { cause: error });
  }
  const files: [string, unknown][] = [
    ['v1/fields.json', dataset.v1.fields],
    ['v2/fields.json', dataset.v2.fields],
    ...[...dataset.v1.states].map(([code, record]): [string, unknown] => [`v1/states/${code}.json`, record]),
    ...[...dataset.v2.states].map(([code, record]): [string, unknown] => [`v2/states/${code}.json`, record]),
    ['overrides.json', dataset.overrides],
  ];
  for (const sub of ['v1/states', 'v2/states']) {
    try {
      await fs.mkdir(join(dir, sub), { recursive: true });
    } catch (error) {
      throw new IoError(join(dir, sub), `cannot create: ${describeIoError(error)}`, { cause: error });
    }
  }
  for (const [file, value] of files) await writeFileAtomic(join(dir, file), `${JSON.stringify(value, null, 2)}\n`);
  return files.map(([file]) => file);
}
