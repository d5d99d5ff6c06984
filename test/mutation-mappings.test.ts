/**
 * The table's index (src/mapping/mappings.ts, `buildIndex`) read whole on a small table of the
 * test's own (#28): each V1 slug's resolved row, where each V2 slug comes from, the folds, footnote
 * targets, formats, and which V1 slugs need a code change.
 */
import { describe, expect, it } from 'vitest';
import { loadMappings } from '../src/mapping/load.js';
import { buildIndex } from '../src/mapping/mappings.js';
import type { MappingTable } from '../src/mapping/schema.js';

/** A small table (the bundled one's endpoints, hosts and properties): one row of each kind, a contradiction. */
function table(): MappingTable {
  const t = structuredClone(loadMappings().table);
  t.v2Fields = [
    { slug: 'methods', format: 'Multi-select', options: ['post', 'phone', 'fax'], description: 'Ways.' },
    { slug: 'fresh', format: 'URL', description: 'New in V2.' },
    { slug: 'kept', format: 'Markdown', description: 'Declared too.' },
  ] as MappingTable['v2Fields'];
  t.slugs = [
    { kind: 'rename', v1: 'old_name', v2: 'new_name', format: 'Boolean', description: 'Renamed.' },
    { kind: 'unchanged', v1: 'kept', verified: false, format: 'Phone', description: 'Kept.' },
    { kind: 'unknown', v1: 'mystery', description: 'Unknown.' },
    { kind: 'consolidate', v1: 'by_fax', v2: 'methods', option: 'fax', description: 'Folded.' },
    { kind: 'consolidate', v1: 'by_phone', v2: 'methods', option: 'phone', description: 'Folded.' },
    { kind: 'footnote', v1: 'kept_notes', targets: ['kept', 'new_name'], inferred: false, description: 'Moved.' },
    { kind: 'delete', v1: 'gone', category: 'not-tracked', format: 'URL', reason: 'untracked.', description: 'Deleted.' },
    { kind: 'rename', v1: 'torn', v2: 'torn_v2', description: 'Renamed here.' },
    { kind: 'delete', v1: 'torn', category: 'redundant', reason: 'or deleted.', description: 'Deleted.' },
    { kind: 'rename', v1: 'split', v2: 'split_v2', description: 'Renamed.' },
    { kind: 'delete', v1: 'split', category: 'redundant', reason: 'or deleted.', description: 'Deleted.' },
  ] as MappingTable['slugs'];
  t.formats = [
    { v1: 'Markdown', v2: 'Markdown' },
    { v1: 'Phone', v2: 'Markdown' },
    { v1: 'Boolean', v2: 'Boolean' },
  ];
  t.contradictions = [
    { v1: 'torn', kinds: ['rename', 'delete'], resolution: 'delete', warning: 'Torn: deleted here.' },
    { v1: 'split', kinds: ['delete', 'rename'], resolution: 'rename', warning: 'Split: renamed here.' },
  ];
  return t;
}

describe('buildIndex', () => {
  it('each V1 slug once: a contradiction keeps its resolution’s row, with its warning', () => {
    const t = table();
    const m = buildIndex(t, 'own.json');
    expect(m.table).toBe(t);
    expect(m.source).toBe('own.json');
    expect([...m.byV1.keys()]).toEqual([
      'old_name',
      'kept',
      'mystery',
      'by_fax',
      'by_phone',
      'kept_notes',
      'gone',
      'torn',
      'split',
    ]);
    expect(m.byV1.get('old_name')).toBe(t.slugs[0]);
    expect(m.byV1.get('torn')).toEqual({ ...t.slugs[8], warning: 'Torn: deleted here.' });
    expect(m.byV1.get('split')).toEqual({ ...t.slugs[9], warning: 'Split: renamed here.' });
    expect([...m.v1Slugs]).toEqual([...m.byV1.keys()]);
    expect([...m.contradictions.keys()]).toEqual(['torn', 'split']);
  });

  it('each V2 slug with its origins, the fields new in V2 last', () => {
    const m = buildIndex(table(), 'own.json');
    expect([...m.byV2]).toEqual([
      [
        'new_name',
        [
          { kind: 'rename', v1: 'old_name' },
          { kind: 'footnote', v1: 'kept_notes' },
        ],
      ],
      [
        'kept',
        [
          { kind: 'unchanged', v1: 'kept' },
          { kind: 'footnote', v1: 'kept_notes' },
        ],
      ],
      [
        'methods',
        [
          { kind: 'consolidate', v1: 'by_fax', option: 'fax' },
          { kind: 'consolidate', v1: 'by_phone', option: 'phone' },
        ],
      ],
      ['split_v2', [{ kind: 'rename', v1: 'split' }]],
      ['fresh', [{ kind: 'new' }]],
    ]);
    expect([...m.v2Slugs]).toEqual(['new_name', 'kept', 'methods', 'split_v2', 'fresh']);
    expect(['old_name', 'kept', 'mystery', 'gone', 'kept_notes', 'nothing'].map((s) => m.v2SlugsOf(s))).toEqual([
      ['new_name'],
      ['kept'],
      [],
      [],
      ['kept', 'new_name'],
      [],
    ]);
  });

  it('folds, footnote targets, declared fields, V1 formats and the slugs that need a change', () => {
    const t = table();
    const m = buildIndex(t, 'own.json');
    expect([...m.consolidations]).toEqual([
      [
        'methods',
        [
          { v1: 'by_fax', option: 'fax' },
          { v1: 'by_phone', option: 'phone' },
        ],
      ],
    ]);
    expect([...m.footnoteSources]).toEqual([
      ['kept', 'kept_notes'],
      ['new_name', 'kept_notes'],
    ]);
    expect([...m.v2Fields.keys()]).toEqual(['methods', 'fresh', 'kept']);
    expect(m.v2Fields.get('fresh')).toBe(t.v2Fields[1]);
    expect(
      ['old_name', 'kept', 'mystery', 'by_fax', 'kept_notes', 'gone', 'torn', 'nothing'].map((s) => m.v1FormatOf(s)),
    ).toEqual(['Boolean', 'Phone', undefined, 'Boolean', undefined, 'URL', undefined, undefined]);
    expect([...m.actionableV1]).toEqual(['old_name', 'mystery', 'by_fax', 'by_phone', 'kept_notes', 'gone', 'torn', 'split']);
    expect([...m.formats]).toEqual([
      ['Markdown', 'Markdown'],
      ['Phone', 'Markdown'],
      ['Boolean', 'Boolean'],
    ]);
    expect([m.properties, m.endpoints, m.hosts, m.nonElectionPaths]).toEqual([
      t.properties,
      t.endpoints,
      t.hosts,
      t.nonElectionPaths,
    ]);
    expect(m.properties).toBe(t.properties);
    expect(m.endpoints).toBe(t.endpoints);
    expect(m.hosts).toBe(t.hosts);
    expect(m.nonElectionPaths).toBe(t.nonElectionPaths);
  });
});
