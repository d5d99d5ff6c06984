import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/files/config-files.js';
import { upgrade } from '../src/payload/adapt.js';
import { transformDataFile } from '../src/repo/data-files.js';
import { bundledMappings } from './helpers/bundled.js';

/**
 * Data files on their own (the repositories in test/repos*.test.ts show them with the code that
 * reads them): a recorded payload keeps its layout byte for byte but for the conversion, a
 * look-alike is untouched, config values keep every byte around the span edited.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const mappings = bundledMappings();
const fieldsText = readFileSync(join(ROOT, 'fixtures/payloads/v1-fields.json'), 'utf8');
const fields = JSON.parse(fieldsText);
/** Converted in the test that reads it, not while the file is collected (then a mutant of the adapter would be "static": see test/mutation). */
const v2FieldsOf = () => upgrade(fields, { kind: 'fields', mappings }).value;

describe('recorded payloads', () => {
  it('a V1 field list becomes the adapter’s V2 of it, in the file’s own layout (indent, CRLF, BOM, final newline)', () => {
    const crlf = `\uFEFF${JSON.stringify(fields, null, 4).replaceAll('\n', '\r\n')}\r\n`;
    const r = transformDataFile(crlf, 'test/fields.json', { mappings });
    expect(r.changed).toBe(true);
    expect(r.output).toBe(`\uFEFF${JSON.stringify(v2FieldsOf(), null, 4).replaceAll('\n', '\r\n')}\r\n`);
    expect(r.changes.map((c) => [c.kind, c.line, c.column])).toEqual([['payload', 1, 1]]);
    // A second run changes nothing: it is V2 now.
    expect(transformDataFile(r.output, 'test/fields.json', { mappings }).changed).toBe(false);
    // One line, no final newline: kept so.
    const compact = transformDataFile(JSON.stringify(fields), 'f.json', { mappings });
    expect(compact.output).toBe(JSON.stringify(v2FieldsOf()));
  });

  it('leaves a look-alike alone (another shape, a subset of keys) and V2 payloads as they are', () => {
    for (const text of [
      '[{ "slug": "early_voting", "name": "Early voting" }]\n',
      '{ "fields": [{ "slug": "early_voting", "long_name": "x", "field_format": "Boolean" }] }\n',
      `${JSON.stringify(v2FieldsOf(), null, 2)}\n`,
      '{ not json',
    ])
      expect(transformDataFile(text, 'a.json', { mappings })).toMatchObject({ changed: false, output: text, changes: [] });
  });

  it('NDJSON: each V1 line is converted, other lines are kept byte for byte', () => {
    const lines = [JSON.stringify(fields), '{"unrelated": true}', ''].join('\n');
    const r = transformDataFile(lines, 'events.ndjson', { mappings });
    expect(r.output).toBe([JSON.stringify(v2FieldsOf()), '{"unrelated": true}', ''].join('\n'));
  });

  it('HAR: a V1 response of an API URL is converted and its URL moved; the size follows the text', () => {
    const text = JSON.stringify(fields);
    const har = {
      log: {
        entries: [
          {
            request: { method: 'GET', url: 'https://api.voteamerica.org/v1/election/field/' },
            response: { status: 200, content: { size: text.length, mimeType: 'application/json', text } },
          },
        ],
      },
    };
    const r = transformDataFile(JSON.stringify(har, null, 2), 'api.har', { mappings });
    const entry = JSON.parse(r.output).log.entries[0];
    expect(entry.request.url).toBe('https://api.voteamerica.org/v2/election/field/');
    expect(JSON.parse(entry.response.content.text)).toEqual(v2FieldsOf());
    expect(entry.response.content.size).toBe(entry.response.content.text.length);
  });
});

describe('config values', () => {
  it('reads .env, JSON with comments and YAML with the span of each value', () => {
    const env = 'A=1\r\nexport CIVIC="https://api.voteamerica.org/v1/election/field/" # the API\r\n';
    const tree = parseConfig('env', env);
    const civic = tree?.entries.find((e) => e.path.join('.') === 'CIVIC');
    expect(civic?.value).toBe('https://api.voteamerica.org/v1/election/field/');
    expect(env.slice(civic?.start, civic?.end)).toBe(civic?.value);
    const json =
      '{\n  // where the fields come from\n  "api": { "fields": "https://api.voteamerica.org/v1/election/field/" }\n}\n';
    const j = parseConfig('json', json)?.entries.find((e) => e.path.join('.') === 'api.fields');
    expect(json.slice(j?.start, j?.end)).toBe('https://api.voteamerica.org/v1/election/field/');
    const yaml = 'api:\n  fields: "https://api.voteamerica.org/v1/election/field/"\n';
    const y = parseConfig('yaml', yaml)?.entries.find((e) => e.path.join('.') === 'api.fields');
    expect(yaml.slice(y?.start, y?.end)).toBe('https://api.voteamerica.org/v1/election/field/');
  });

  it('moves a full V1 endpoint URL, keeping every other byte (CRLF, quotes, comments); no comment is ever written into JSON', () => {
    const env = 'A=1\r\nexport CIVIC="https://api.voteamerica.org/v1/election/field/" # the API\r\n';
    expect(transformDataFile(env, '.env', { mappings }).output).toBe(env.replace('/v1/', '/v2/'));
    const json =
      '{\n  // where the fields come from\n  "api": { "fields": "https://api.voteamerica.org/v1/election/field/" }\n}\n';
    expect(transformDataFile(json, 'config.json', { mappings }).output).toBe(json.replace('/v1/', '/v2/'));
    // A bare base nothing reads stays, with a note (never written into the file).
    const base = '{ "base": "https://api.voteamerica.org/v1" }\n';
    const r = transformDataFile(base, 'config.json', { mappings });
    expect(r.output).toBe(base);
    expect(r.markers.map((m) => [m.code, m.added, m.token])).toEqual([
      ['config-base-unseen', false, 'https://api.voteamerica.org/v1'],
    ]);
  });
});
