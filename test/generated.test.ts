import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../src/cli/config-schema.js';
import { digest64 } from '../src/hash.js';
import { renderGuide } from '../src/mapping/guide.js';
import { tableJsonSchema } from '../src/mapping/json-schema.js';
import { loadMappings, mappingsFromJson } from '../src/mapping/load.js';
import { mappingTableSchema } from '../src/mapping/schema.js';
import { usageJsonSchema } from '../src/observe/usage-file.js';
import { REPORT_JSON_SCHEMA } from '../src/report/reporters/json-schema.js';

/**
 * Checked-in files generated from the table. They must not go stale: regenerate them with
 * `npm run generate` (this test with UPDATE_GENERATED=1) after changing the table or its schema.
 */
const generated: [string, () => string][] = [
  ['../docs/migration-guide.md', () => renderGuide(loadMappings())],
  ['../mappings/v1-to-v2.schema.json', () => `${JSON.stringify(tableJsonSchema(), null, 2)}\n`],
  ['../docs/config.schema.json', () => `${JSON.stringify(configJsonSchema(), null, 2)}\n`],
  ['../docs/report.schema.json', () => `${JSON.stringify(REPORT_JSON_SCHEMA, null, 2)}\n`],
  ['../src/mapping/validated-digest.ts', validatedDigest],
  ['../docs/usage.schema.json', () => `${JSON.stringify(usageJsonSchema(), null, 2)}\n`],
];

/**
 * The digest loadMappings() trusts, written only for a table that passes the schema and the checks
 * and that the schema returns as it is (no default or transform that a trusted load would miss).
 */
function validatedDigest(): string {
  const raw = readFileSync(new URL('../mappings/v1-to-v2.json', import.meta.url), 'utf8');
  const json = JSON.parse(raw);
  mappingsFromJson(json, 'mappings/v1-to-v2.json');
  expect(mappingTableSchema().parse(json)).toStrictEqual(json);
  const current = readFileSync(new URL('../src/mapping/validated-digest.ts', import.meta.url), 'utf8');
  return current.replace(/VALIDATED_TABLE_DIGEST = '[0-9a-f]*'/, `VALIDATED_TABLE_DIGEST = '${digest64(raw)}'`);
}

describe('generated files are up to date', () => {
  for (const [path, make] of generated) {
    it(path.slice(3), () => {
      const url = new URL(path, import.meta.url);
      const want = make();
      if (process.env.UPDATE_GENERATED) writeFileSync(url, want);
      expect(readFileSync(url, 'utf8'), `${path.slice(3)} is stale: run npm run generate`).toBe(want);
    });
  }
});

describe('the bundled table trusted by its digest', () => {
  it('indexes to what a full validation gives', () => {
    const json = JSON.parse(readFileSync(new URL('../mappings/v1-to-v2.json', import.meta.url), 'utf8'));
    const full = mappingsFromJson(json, 'mappings/v1-to-v2.json');
    const trusted = loadMappings();
    expect(trusted.table).toStrictEqual(full.table);
    expect([...trusted.byV1.keys()]).toEqual([...full.byV1.keys()]);
    expect([...trusted.v1Slugs]).toEqual([...full.v1Slugs]);
  });
});
