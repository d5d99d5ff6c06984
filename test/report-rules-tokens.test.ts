/**
 * The report's prefilter tokens for V1 slugs that need no change (#28: a survivor of mutation testing
 * in src/report/rules.ts that the bundled table cannot show, since none of its unchanged slugs has a
 * known non-Boolean format): such a slug is searched for only where a `.value` read after it may be
 * V1's (a Boolean slug, or one whose format the table does not know).
 */
import { describe, expect, it } from 'vitest';
import { loadMappings, mappingsFromJson } from '../src/mapping/load.js';
import type { MappingTable } from '../src/mapping/schema.js';
import { createReportRules } from '../src/report/rules.js';

describe('tokens of slugs that need no change', () => {
  it('a Boolean one and one of no known format are searched for; a Markdown one is not', () => {
    const table = structuredClone(loadMappings().table) as MappingTable;
    table.slugs.push(
      { kind: 'unchanged', v1: 'test_flag', verified: false, format: 'Boolean', description: 'Kept, Boolean.' },
      { kind: 'unchanged', v1: 'test_text', verified: false, format: 'Markdown', description: 'Kept, Markdown.' },
      { kind: 'unchanged', v1: 'test_unsure', verified: false, description: 'Kept, format unknown.' },
    );
    const tokens = new Set(createReportRules(mappingsFromJson(table, 'test table')).prefilter.matcher.tokens);
    expect(['test_flag', 'test_text', 'test_unsure'].map((slug) => [slug, tokens.has(slug)])).toEqual([
      ['test_flag', true],
      ['test_text', false],
      ['test_unsure', true],
    ]);
  });
});
