import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ResolvedRule } from '../src/mapping/mappings.js';
import type { DeleteRule, RenameRule, SlugRuleKind } from '../src/mapping/schema.js';
import type { SlugKind } from '../src/rules/kind.js';
import { kindOf, SLUG_KINDS, slugRuleSchema } from '../src/rules/registry.js';
import { bundledMappings } from './helpers/bundled.js';

/** SPEC.md's Versioning part, copied verbatim: the tests read the rows from it. */
const spec = readFileSync(new URL('../fixtures/spec/versioning.md', import.meta.url), 'utf8');
const domainSlugs = readFileSync(new URL('../fixtures/spec/domain-slugs.md', import.meta.url), 'utf8');

function section(start: string, end: string): string {
  const from = spec.indexOf(start);
  const to = spec.indexOf(end, from + start.length);
  expect(from).toBeGreaterThan(-1);
  return spec.slice(from, to === -1 ? undefined : to);
}

function rows(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => /^\| [a-z0-9_]+ \|/.test(l))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
}

const m = bundledMappings();
const rulesOf = <K extends SlugRuleKind>(kind: K) =>
  m.table.slugs.filter((r): r is Extract<typeof r, { kind: K }> => r.kind === kind);

describe('the bundled table holds every row of SPEC.md', () => {
  it('has the 60 renames, each with its V2 name', () => {
    const specRows = rows(section('### Renamed slugs', '### Deleted V1 slugs'));
    expect(specRows).toHaveLength(60);
    const renames = rulesOf('rename');
    expect(renames).toHaveLength(60);
    expect(renames.map((r) => [r.v1, r.v2])).toEqual(specRows);
  });

  it('has the 18 consolidations with field and option', () => {
    const specRows = rows(section('Consolidated into a Multi-select', 'Migrated into footnotes'));
    expect(specRows).toHaveLength(18);
    expect(rulesOf('consolidate').map((r) => [r.v1, r.v2, r.option])).toEqual(specRows);
  });

  it('has the 4 footnote moves, vbm_notes marked as inferred', () => {
    expect(rulesOf('footnote').map((r) => [r.v1, r.targets, r.inferred])).toEqual([
      ['early_voting_notes', ['early_voting_starts', 'early_voting_ends'], false],
      ['felon_vote_notes', ['felony_voting_options'], false],
      ['sdr_notes', ['has_sdr_early_voting', 'has_sdr_election_day', 'sdr_locations'], false],
      ['vbm_notes', ['absentee_process_summary', 'absentee_voting_laws'], true],
    ]);
    // The inference is the row's own (`inferred`), said by explain and the markers; not a contradiction.
    expect(m.contradictions.has('vbm_notes')).toBe(false);
  });

  it('has every deletion, by category', () => {
    const redundant = rows(section('Deleted as redundant', 'Deleted as not needing')).map((r) => r[0]);
    const notTracked = rows(section('Deleted as not needing tracking', 'Deleted as too difficult')).map((r) => r[0]);
    const tooDifficult = [
      'id_laws_out_of_state_accepted',
      'id_laws_student_id_accepted',
      'vbm_counties_provides_dropboxes',
      'vbm_state_provides_dropboxes',
    ];
    const specific = (/2022-specific fields: (.*)\./.exec(spec)?.[1] ?? '').split(', ');
    expect(tooDifficult.every((s) => spec.includes(s))).toBe(true);
    expect([redundant.length, notTracked.length, tooDifficult.length, specific.length]).toEqual([6, 5, 4, 14]);
    const byCategory = (c: string) =>
      rulesOf('delete')
        .filter((r) => r.category === c)
        .map((r) => r.v1);
    expect(byCategory('redundant')).toEqual(redundant);
    expect(byCategory('not-tracked')).toEqual(notTracked);
    expect(byCategory('too-difficult')).toEqual(tooDifficult);
    expect(byCategory('2022-specific')).toEqual(specific);
    for (const r of rulesOf('delete')) expect(r.reason.length).toBeGreaterThan(10);
  });

  it('lists the unchanged and the no-fate slugs of DOMAIN.md §4', () => {
    const presumed = (/presumed unchanged in V2, unverified:\n([\s\S]*?)\n\n/.exec(domainSlugs)?.[1] ?? '')
      .match(/`[a-z0-9_]+`/g)
      ?.map((s) => s.slice(1, -1));
    expect(rulesOf('unchanged').map((r) => r.v1)).toEqual(presumed);
    // DOMAIN.md's five 2020 examples, and every other 2020 field of the 2020 V1 docs (docs/turnout/api/2020.md,
    // the field table of docs/turnout/api/index.md), each with the generic counterpart the docs pair it with.
    expect(rulesOf('unknown').map((r) => [r.v1, r.counterpart])).toEqual([
      ['id_requirements_vbm', undefined],
      ['vbm_application_directions', undefined],
      ['2020_early_voting_starts', 'early_voting_starts'],
      ['2020_early_voting_ends', 'early_voting_ends'],
      ['2020_registration_deadline_in_person', 'registration_deadline_in_person'],
      ['2020_registration_deadline_by_mail', 'registration_deadline_mail'],
      ['2020_registration_deadline_online', 'registration_deadline_online'],
      ['2020_vbm_request_deadline_by_in_person', 'vbm_deadline_in_person'],
      ['2020_vbm_request_deadline_by_mail', 'vbm_deadline_mail'],
      ['2020_vbm_request_deadline_online', 'vbm_deadline_online'],
      ['2020_ballot_return_deadline_in_person', 'vbm_voted_ballot_deadline_in_person'],
      ['2020_ballot_return_deadline_by_mail', 'vbm_voted_ballot_deadline_mail'],
      ['2020_ballot_curing_instructions', 'ballot_curing_instructions'],
      ['2020_vbm_mailing_applications', undefined],
      ['2020_vbm_anyone', undefined],
      ['2020_vbm_changes', undefined],
      ['2020_general_election_date', undefined],
      ['2020_official_election_calendar', undefined],
      ['2020_ballot_drop_date', undefined],
    ]);
  });

  it('declares the option sets, absentee_request_methods complete with online', () => {
    expect(
      m.table.v2Fields.filter((f) => f.format === 'Multi-select').map((f) => [f.slug, f.options, f.optionsComplete]),
    ).toEqual([
      ['absentee_request_methods', ['email', 'fax', 'in_person', 'mail', 'online', 'phone'], true],
      ['registration_methods', ['email', 'fax', 'in_person', 'mail', 'phone'], false],
      ['felony_voting_options', ['imprisoned', 'parole', 'post_sentence', 'probation'], false],
      ['ballot_return_locations', ['drop_box', 'early_voting_site', 'local_election_office', 'polling_place'], false],
    ]);
  });

  it('records the property renames, endpoint changes and formats', () => {
    expect(m.properties.map((p) => [p.object, p.v1, p.v2, p.appliesToFormat])).toEqual([
      ['field', 'long_name', 'description', undefined],
      ['stateItem', 'value', 'bool_value', 'Boolean'],
    ]);
    expect(m.endpoints.map((e) => [e.v1, e.v2])).toEqual([
      ['/v1/election/field/', '/v2/election/field/'],
      ['/v1/election/data/state/{state}/', '/v2/election/data/state/{state}/'],
      ['/v1/election/state/{state}/', '/v2/election/data/state/{state}/'],
      ['/v1/election/state/', null],
      ['/v1/election/field/{slug}/', null],
      ['/v1/election/override/', null],
    ]);
    expect(Object.fromEntries(m.formats)).toEqual({
      Markdown: 'Markdown',
      Boolean: 'Boolean',
      URL: 'URL',
      Date: 'Date',
      Text: 'Markdown',
      Phone: 'Markdown',
      Email: 'Markdown',
    });
  });

  it('resolves the contradictions as DOMAIN.md §5 says, with a warning', () => {
    const idReg = m.byV1.get('id_requirements_in_person_registration');
    expect(idReg?.kind).toBe('rename');
    expect(idReg?.warning).toMatch(/id_laws_same_day_registration/);
    // Redundant "with itself": the row's reason and advice say so; no replacement points back at it.
    const release = m.byV1.get('felon_vote_release_prison');
    expect(release?.kind).toBe('delete');
    expect(release?.kind === 'delete' && [release.reason, release.replacement]).toEqual([
      'SPEC calls it redundant with "options in felon_vote_release_prison", itself, and names no option.',
      undefined,
    ]);
  });

  it('indexes V2 slugs back to their origins', () => {
    expect(m.byV2.get('has_no_excuse_absentee')).toEqual([{ kind: 'rename', v1: 'vbm_no_excuse' }]);
    expect(m.byV2.get('felony_voting_options')).toEqual([
      { kind: 'consolidate', v1: 'felon_vote_in_prison', option: 'imprisoned' },
      { kind: 'consolidate', v1: 'felon_vote_parole', option: 'parole' },
      { kind: 'consolidate', v1: 'felon_vote_post_sentence', option: 'post_sentence' },
      { kind: 'consolidate', v1: 'felon_vote_probation', option: 'probation' },
      { kind: 'footnote', v1: 'felon_vote_notes' },
    ]);
    expect(m.byV2.get('absentee_access_levels')).toEqual([{ kind: 'new' }]);
    expect(m.byV2.get('early_voting_starts')).toEqual([
      { kind: 'footnote', v1: 'early_voting_notes' },
      { kind: 'unchanged', v1: 'early_voting_starts' },
    ]);
    expect(m.v1Slugs.size).toBe(60 + 18 + 4 + 29 - 1 + 22 + 19);
    expect(m.actionableV1.has('early_voting_starts')).toBe(false);
    expect(m.actionableV1.has('early_voting')).toBe(true);
    expect(m.v1FormatOf('vbm_app_submission_fax')).toBe('Boolean');
    expect(m.v1FormatOf('vbm_no_excuse')).toBe('Boolean');
    expect(m.v1FormatOf('vbm_overview')).toBeUndefined();
  });

  it('has a description for the customer on every row', () => {
    for (const r of m.table.slugs) expect(r.description, r.v1).toMatch(/\S.{15,}/);
  });
});

describe('rule kinds', () => {
  it('are the registry: each entry is its own kind, and the table schema is their union', () => {
    expectTypeOf<SlugRuleKind>().toEqualTypeOf<'rename' | 'consolidate' | 'footnote' | 'delete' | 'unchanged' | 'unknown'>();
    for (const [name, kind] of Object.entries(SLUG_KINDS)) expect(kind.kind).toBe(name);
    for (const rule of m.table.slugs) expect(slugRuleSchema().parse(rule)).toEqual(rule);
  });

  it('a kind module must give every facet, for its own rows (compile-time)', () => {
    // @ts-expect-error a kind without its codemod, report, guide… facets is not a SlugKind.
    const incomplete: SlugKind<RenameRule> = { kind: 'rename', schema: SLUG_KINDS.rename.schema };
    // @ts-expect-error a rename's behaviour cannot stand for another kind's rows.
    const mismatched: SlugKind<DeleteRule> = SLUG_KINDS.rename;
    expect([incomplete, mismatched]).toHaveLength(2);
  });

  it('every tool asks the kind: codemod action, report kind, index, explanation', () => {
    const rename = m.byV1.get('vbm_universal') as ResolvedRule;
    expect(kindOf(rename).codemod(rename, 'code', m)).toEqual({ kind: 'rename', to: 'has_automatic_vbm' });
    expect(kindOf(rename).codemod(rename, 'string', m)).toEqual({
      kind: 'mark',
      note: { code: 'renamed-elsewhere', params: { v1: 'vbm_universal', v2: 'has_automatic_vbm', place: 'string' } },
    });
    const unchanged = m.byV1.get('early_voting_starts') as ResolvedRule;
    expect(kindOf(unchanged).codemod(unchanged, 'code', m)).toEqual({ kind: 'none' });
    expect(kindOf(unchanged).report).toBeUndefined();
    const unknown = m.byV1.get('id_requirements_vbm') as ResolvedRule;
    expect(kindOf(unknown).report?.kind).toBe('unknown-slug');
    expect(kindOf(unknown).index(unknown)).toEqual({
      declares: [],
      origins: [],
      replacesV1: false,
      actionable: true,
      v1Format: undefined,
    });
  });
});
