import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../src/cli/config-schema.js';
import { renderGuide } from '../src/mapping/guide.js';
import { tableJsonSchema } from '../src/mapping/json-schema.js';
import { loadMappings } from '../src/mapping/load.js';
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
];

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
