import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mappingsFromJson } from '../src/mapping/load.js';
import { trackerTable } from '../src/roles/analysis.js';

/** A table of its own for each test (the tracker's view of a table is kept per table). */
const freshMappings = () =>
  mappingsFromJson(JSON.parse(readFileSync(fileURLToPath(new URL('../mappings/v1-to-v2.json', import.meta.url)), 'utf8')));

describe("the tracker's view of the table", () => {
  it("says which version's item each slug names, and which slugs only one version has", () => {
    const m = freshMappings();
    const table = trackerTable(m);
    const both = [...m.v1Slugs].filter((s) => m.v2Slugs.has(s));
    const onlyV1 = [...m.v1Slugs].filter((s) => !m.v2Slugs.has(s));
    const onlyV2 = [...m.v2Slugs].filter((s) => !m.v1Slugs.has(s));
    // The bundled table has slugs of all three kinds.
    expect([both.length > 0, onlyV1.length > 0, onlyV2.length > 0]).toEqual([true, true, true]);
    expect(table.slugVersion.size).toBe(both.length + onlyV1.length + onlyV2.length);
    expect(table.slugOnly.size).toBe(onlyV1.length + onlyV2.length);
    // A slug both versions have names a V1 item (V1 wins), and is no version's evidence.
    for (const slug of both)
      expect({ slug, v: table.slugVersion.get(slug), only: table.slugOnly.get(slug) }).toEqual({
        slug,
        v: 'v1',
        only: undefined,
      });
    for (const slug of onlyV1)
      expect({ slug, v: table.slugVersion.get(slug), only: table.slugOnly.get(slug) }).toEqual({ slug, v: 'v1', only: 'v1' });
    for (const slug of onlyV2)
      expect({ slug, v: table.slugVersion.get(slug), only: table.slugOnly.get(slug) }).toEqual({ slug, v: 'v2', only: 'v2' });
    // A renamed slug and its new name, by name.
    expect([table.slugOnly.get('vbm_no_excuse'), table.slugOnly.get('has_no_excuse_absentee')]).toEqual(['v1', 'v2']);
  });

  it("knows the property rules' V1 names, and is built once per table", () => {
    const m = freshMappings();
    const table = trackerTable(m);
    expect([...table.decided].sort()).toEqual(['long_name', 'value']);
    expect(table.model.from).toBe('v1');
    expect(trackerTable(m)).toBe(table);
    expect(trackerTable(freshMappings())).not.toBe(table);
  });
});
