/**
 * The rule kinds (src/rules/*.ts, #28 mutation testing) on a table of the test's own: what each
 * kind refuses when the table is validated (the exact message), and what it says of a row where
 * users read it (`explain`, the advice, the migration guide's rows), for each case of the format
 * claims a rename may carry.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { advice, explain } from '../src/mapping/explain.js';
import { renderGuide } from '../src/mapping/guide.js';
import { DEFAULT_TABLE_PATH, mappingsFromJson } from '../src/mapping/load.js';
import type { MappingTable } from '../src/mapping/schema.js';
import { upgrade } from '../src/payload/adapt.js';
import { kindOf } from '../src/rules/registry.js';
import { tableRefusal } from './helpers/rejection.js';

const bundled = JSON.parse(readFileSync(DEFAULT_TABLE_PATH, 'utf8')) as MappingTable;

/** The bundled table's endpoints, hosts and properties, with these V2 fields and slug rows. */
function table(v2Fields: unknown[], slugs: unknown[], contradictions: MappingTable['contradictions'] = []): MappingTable {
  const t = structuredClone(bundled);
  t.v2Fields = v2Fields as MappingTable['v2Fields'];
  t.slugs = slugs as MappingTable['slugs'];
  t.contradictions = contradictions;
  return t;
}
const field = (slug: string, format = 'Markdown', extra: object = {}) => ({ slug, format, description: 'A field.', ...extra });

/** The message validation refuses the table with. */
const refusal = (t: MappingTable) => tableRefusal(t, 'own.json');

describe('what each kind refuses', () => {
  it('a rename to itself', () => {
    expect(refusal(table([field('same')], [{ kind: 'rename', v1: 'same', v2: 'same', description: 'Renamed.' }]))).toBe(
      'own.json: $.slugs[0] (rename "same"): renames "same" to itself; use kind "unchanged"',
    );
  });

  it('a consolidation into a migrated V1 slug or an undeclared field, and the same target listed twice by a footnote', () => {
    const methods = field('methods', 'Multi-select', { options: ['fax'] });
    expect(
      refusal(
        table(
          [methods, field('old_v2')],
          [
            { kind: 'rename', v1: 'methods', v2: 'old_v2', description: 'Renamed.' },
            { kind: 'consolidate', v1: 'by_fax', v2: 'methods', option: 'fax', description: 'Folded.' },
          ],
        ),
      ),
    ).toBe('own.json: $.slugs[1] (consolidate "by_fax"): chain: target "methods" is itself a migrated V1 slug');
    expect(
      refusal(
        table([field('kept')], [{ kind: 'consolidate', v1: 'by_fax', v2: 'methods', option: 'fax', description: 'Folded.' }]),
      ),
    ).toBe('own.json: $.slugs[0] (consolidate "by_fax"): target "methods" is not a Multi-select field declared in "v2Fields"');
    expect(
      refusal(
        table(
          [field('kept')],
          [{ kind: 'footnote', v1: 'kept_notes', targets: ['kept', 'kept'], inferred: false, description: 'Moved.' }],
        ),
      ),
    ).toBe('own.json: $.slugs[0] (footnote "kept_notes"): footnote target "kept" is listed twice');
  });

  it('a deletion deriving from an unknown V2 field, or with a replacement basis and no replacement', () => {
    const gone = { kind: 'delete', v1: 'gone', category: 'redundant', reason: 'derived.', description: 'Deleted.' };
    expect(refusal(table([field('kept')], [{ ...gone, derive: { from: 'copy', field: 'nowhere' } }]))).toBe(
      'own.json: $.slugs[0] (delete "gone"): derive field "nowhere" is not a known V2 slug',
    );
    expect(refusal(table([field('kept')], [{ ...gone, derive: { from: 'anyNonEmpty', fields: ['kept', 'elsewhere'] } }]))).toBe(
      'own.json: $.slugs[0] (delete "gone"): derive field "elsewhere" is not a known V2 slug',
    );
    expect(refusal(table([field('kept')], [{ ...gone, replacementBasis: 'the same facts.' }]))).toBe(
      'own.json: $.slugs[0] (delete "gone"): "replacementBasis" without a "replacement"',
    );
  });

  it('an unknown slug whose counterpart is no V1 slug, or with a counterpart basis and no counterpart', () => {
    const odd = { kind: 'unknown', v1: 'odd', description: 'Unknown.' };
    expect(refusal(table([], [{ ...odd, counterpart: 'nothing' }]))).toBe(
      'own.json: $.slugs[0] (unknown "odd"): counterpart "nothing" is not a V1 slug of this table',
    );
    expect(refusal(table([], [{ ...odd, counterpartBasis: 'a guess.' }]))).toBe(
      'own.json: $.slugs[0] (unknown "odd"): "counterpartBasis" without a "counterpart"',
    );
  });
});

describe('what a rename says of the format, by how sure the table is', () => {
  /** A rename `x1` → `x2` with these format claims. */
  const rename = (v1: string, format?: string, v2Format?: string, formatCertainty?: string, basis?: string) => ({
    kind: 'rename',
    v1,
    v2: v1.replace('1', '2'),
    ...(format ? { format } : {}),
    ...(v2Format ? { v2Format } : {}),
    ...(formatCertainty ? { formatCertainty } : {}),
    ...(basis ? { basis } : {}),
    description: 'Renamed.',
  });
  const ROWS = [
    rename('a1', 'URL', 'URL', 'known', 'the docs, p. 3.'),
    rename('b1', 'Date', 'Markdown', 'inferred', 'its name, e.g. dates.'),
    rename('c1', undefined, 'Date', 'inferred'),
    rename('d1', 'Markdown', 'Markdown', 'inferred', 'same.'),
    rename('e1'),
    rename('f1', 'Markdown', 'Boolean', 'known'),
    rename('g1', 'Phone', 'Markdown', 'inferred'),
    rename('h1', 'Markdown', 'Date', 'inferred'),
    rename('k1', undefined, 'Date', 'known'),
    rename('i1', 'Markdown', undefined, 'inferred'),
    rename('u1', 'URL', 'Markdown', 'inferred'),
    rename('j1', 'Boolean', 'Markdown', 'inferred'),
    rename('l1', 'Text', 'URL', 'inferred'),
    rename('n1', 'Markdown', 'Multi-select', 'inferred'),
  ];
  const renames = table(
    ROWS.map((r) => field(r.v2, r.v2Format ?? 'Markdown', r.v2Format === 'Multi-select' ? { options: ['x'] } : {})),
    ROWS,
  );
  const m = mappingsFromJson(renames, 'own.json');
  const adviceOf = (v1: string) => advice(m.byV1.get(v1) as never, m);

  it('the advice: stays, changes, presumed, unknown', () => {
    expect(['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'k1', 'i1', 'u1', 'j1', 'l1', 'n1'].map(adviceOf)).toEqual([
      'Renamed. Its format stays URL (the docs, p. 3).',
      'Renamed. Its format likely changes from Date to Markdown, so check how the code reads its `text` (inferred: its name, e.g. dates).',
      "Renamed. V2's field is presumably Date and V1's format is not known, so check how the code reads its `text` (inferred).",
      'Renamed. Its format is presumably still Markdown (inferred: same).',
      'Renamed. Whether its format or meaning changed is not known (SPEC gives only the new name): check the V2 field list before relying on its `text`.',
      'Renamed. Its format changes from Markdown to Boolean, so check how the code reads its `text`.',
      // Phone was always sent as Markdown: no change, and both are text.
      'Renamed. Its format is presumably still Markdown (inferred).',
      'Renamed. Its format likely changes from Markdown to Date, so check how the code reads its `text` (inferred).',
      'Renamed. Its format stays Date.',
      'Renamed. Its format is presumably still Markdown (inferred).',
      'Renamed. Its format likely changes from URL to Markdown, so check how the code reads its `text` (inferred).',
      'Renamed. Its format likely changes from Boolean to Markdown, so check how the code reads its `text` (inferred).',
      'Renamed. Its format likely changes from Markdown to URL, so check how the code reads its `text` (inferred).',
      'Renamed. Its format likely changes from Markdown to Multi-select, so check how the code reads its `text` (inferred).',
    ]);
  });

  it('the codemod’s action: the rename, with a marker where the format may change (V1 formats read as the server sent them)', () => {
    const actions = Object.fromEntries(
      ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'k1', 'i1', 'u1', 'j1', 'l1', 'n1'].map((v1) => {
        const rule = m.byV1.get(v1) as never;
        const action = kindOf(rule).codemod(rule, 'code', m);
        return [v1, action.kind === 'rename' ? [action.to, action.also?.params ?? null] : action];
      }),
    );
    const change = (v1: string, from: string, to: string, basis = '') => [
      `${v1.replace('1', '2')}`,
      { v1, v2: v1.replace('1', '2'), from, to, basis },
    ];
    expect(actions).toEqual({
      a1: ['a2', null],
      b1: change('b1', 'Date', 'Markdown', 'its name, e.g. dates.'),
      c1: ['c2', null],
      d1: ['d2', null],
      e1: ['e2', null],
      f1: change('f1', 'Markdown', 'Boolean'),
      g1: ['g2', null],
      h1: change('h1', 'Markdown', 'Date'),
      k1: ['k2', null],
      i1: ['i2', null],
      u1: change('u1', 'URL', 'Markdown'),
      j1: change('j1', 'Boolean', 'Markdown'),
      l1: change('l1', 'Text', 'URL'),
      n1: change('n1', 'Markdown', 'Multi-select'),
    });
    expect(kindOf(m.byV1.get('b1') as never).codemod(m.byV1.get('b1') as never, 'string', m)).toEqual({
      kind: 'mark',
      note: { code: 'renamed-elsewhere', params: { v1: 'b1', v2: 'b2', place: 'string' } },
    });
  });

  it('the migration guide’s rows, with `?` where a format is not known', () => {
    const rows = renderGuide(m)
      .split('\n')
      .filter((l) => /^\| `[a-h]1` /.test(l));
    expect(rows.slice(0, 1)).toEqual([
      '| `a1` | `a2` | URL → URL (known) | codemod | Renamed. Its format stays URL (the docs, p. 3). |',
    ]);
    expect(rows.find((r) => r.startsWith('| `e1`'))).toBe(
      '| `e1` | `e2` | ? → ? (unknown) | codemod | Renamed. Whether its format or meaning changed is not known (SPEC gives only the new name): check the V2 field list before relying on its `text`. |',
    );
    expect(rows.find((r) => r.startsWith('| `c1`'))?.split(' | ')[2]).toBe('? → Date (inferred)');
  });

  it('explain of the V2 slug says where it comes from', () => {
    expect(explain(m, 'a2').message).toBe('V2 `a2`: renamed from V1 `a1`. Format URL.');
  });
});

describe('what the other kinds say', () => {
  const m = mappingsFromJson(
    table(
      [field('kept'), field('gen'), field('methods', 'Multi-select', { options: ['fax'] }), field('torn_v2')],
      [
        { kind: 'unchanged', v1: 'kept', verified: true, format: 'Markdown', description: 'Kept.' },
        { kind: 'unchanged', v1: 'also', verified: false, description: 'Kept too.' },
        { kind: 'unknown', v1: 'odd', counterpart: 'gen1', counterpartBasis: 'both name one deadline.', description: 'Unknown.' },
        { kind: 'unknown', v1: 'lone', description: 'Unknown alone.' },
        { kind: 'rename', v1: 'gen1', v2: 'gen', description: 'Renamed.' },
        { kind: 'consolidate', v1: 'by_fax', v2: 'methods', option: 'fax', description: 'Folded.' },
        { kind: 'footnote', v1: 'kept_notes', targets: ['kept'], inferred: true, description: 'Moved.' },
        { kind: 'unknown', v1: 'odd2', counterpart: 'kept', description: 'Unknown too.' },
        { kind: 'unknown', v1: 'odd3', counterpart: 'gone', description: 'Unknown, with a deleted counterpart.' },
        { kind: 'footnote', v1: 'gen_notes', targets: ['gen'], inferred: false, description: 'Moved too.' },
        {
          kind: 'delete',
          v1: 'gone',
          category: 'redundant',
          reason: 'derived.',
          replacement: ['gen'],
          replacementBasis: 'the same dates, i.e. the deadline.',
          description: 'Gone.',
        },
        { kind: 'rename', v1: 'torn', v2: 'torn_v2', description: 'Renamed here.' },
        { kind: 'delete', v1: 'torn', category: 'redundant', reason: 'or deleted.', description: 'Deleted.' },
      ],
      [{ v1: 'torn', kinds: ['rename', 'delete'], resolution: 'delete', warning: 'Torn: deleted here.' }],
    ),
    'own.json',
  );

  it('unchanged: checked or presumed, in explain and the guide', () => {
    expect(explain(m, 'kept').message).toBe(
      'V1 `kept` is named by neither migration table: presumed the same slug in V2 (checked against V2 data). Kept. Also a V2 slug: its footnotes hold the former V1 `kept_notes`.',
    );
    expect(explain(m, 'also').message).toBe(
      'V1 `also` is named by neither migration table: presumed the same slug in V2 (unverified). Kept too.',
    );
    const guide = renderGuide(m).split('\n');
    expect(guide.filter((l) => /^\| `(kept|also)` \|/.test(l))).toEqual(['| `kept` | yes |', '| `also` | no |']);
    expect(explain(m, 'kept')).toMatchObject({ side: 'v1' });
  });

  it('unknown: the counterpart to read instead, and its V2 name; the payload carries the slug as it is', () => {
    expect(advice(m.byV1.get('odd') as never, m)).toBe(
      'Read `gen1` (V2 `gen`) instead, its generic counterpart both name one deadline. Unknown.',
    );
    expect(advice(m.byV1.get('lone') as never, m)).toBe('Unknown alone.');
  });

  it('unknown: a counterpart of the same name in V2; its items are carried as they are, said once', () => {
    expect(advice(m.byV1.get('odd2') as never, m)).toBe('Read `kept` (the same slug in V2) instead. Unknown too.');
    expect(advice(m.byV1.get('odd3') as never, m)).toBe('Read `gone` instead. Unknown, with a deleted counterpart.');
    const at = '2020-01-01T00:00:00Z';
    const record = {
      code: 'WI',
      name: 'Wisconsin',
      state_information: [
        { field_type: 'lone', text: 'x', modified_at: at },
        { field_type: 'kept', text: 'y', modified_at: at },
      ],
    };
    const r = upgrade(record, { mappings: m, kind: 'state' });
    // V2's order: the known slugs first.
    expect(r.value.state_information.map((i) => [i.field_type, i.text])).toEqual([
      ['kept', 'y'],
      ['lone', 'x'],
    ]);
    expect(r.diagnostics.map((d) => [d.code, d.field, d.message])).toEqual([
      ['unknown-field', 'lone', '"lone" has no known fate in V2: kept as it is'],
    ]);
  });

  it('footnote and delete: the headline of inferred targets, the replacement’s basis, a contradiction’s warning in the guide', () => {
    expect(explain(m, 'kept_notes').message).toMatch(
      /^V1 `kept_notes` moved into the footnotes of `kept` \(targets inferred\)\. Moved\./,
    );
    expect(advice(m.byV1.get('gone') as never, m)).toBe('Gone. The replacement is the same dates, i.e. the deadline.');
    const rows = renderGuide(m).split('\n');
    expect(rows.filter((l) => /^\| `(gone|torn)` \|/.test(l))).toEqual([
      '| `gone` | redundant | `gen` (inferred) | person | Gone. The replacement is the same dates, i.e. the deadline. |',
      '| `torn` | redundant | — | person | Deleted. **Warning:** Torn: deleted here. |',
      '| `torn` | rename, delete | delete | Torn: deleted here. |',
    ]);
    expect(renderGuide(m)).toContain('Option sets:\n\n- `methods` (Multi-select): `fax`\n\n');
    expect(explain(m, 'kept')).toMatchObject({ fixedBy: 'nothing' });
  });

  it('consolidate: where the V2 slug comes from', () => {
    expect(explain(m, 'methods').message).toBe(
      'V2 `methods`: option `fax` comes from the V1 Boolean `by_fax`. Format Multi-select. Options: fax.',
    );
  });
});
