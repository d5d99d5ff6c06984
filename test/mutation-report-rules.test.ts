/**
 * The report's view of the table (src/report/rules.ts), asserted whole (#28, mutation testing): the
 * verdict of each kind of token, the format confidence of a `.value` read, the extra tokens the
 * prefilter must pass, and the low-confidence sentences users read.
 */
import { describe, expect, it } from 'vitest';
import type { PropertyRule } from '../src/mapping/schema.js';
import { createReportRules, lowConfidenceContextual, lowConfidenceValue } from '../src/report/rules.js';
import { createPrefilter } from '../src/scan/prefilter.js';
import { bundledMappings } from './helpers/bundled.js';

const mappings = bundledMappings();
const rulesOf = (options?: { assumeCivic?: boolean }) => createReportRules(mappings, options);
const VALUE = mappings.properties.find((p) => p.v1 === 'value') as PropertyRule;
const LONG_NAME = mappings.properties.find((p) => p.v1 === 'long_name') as PropertyRule;

describe('tokenVerdict', () => {
  it('a renamed slug: the codemod fixes it, with its V2 name', () => {
    expect(rulesOf().tokenVerdict('alert_registration')).toEqual({
      kind: 'rename',
      fixedBy: 'codemod',
      body: "V1 `alert_registration` is V2 `alerts_registration` (renamed). Use `alerts_registration` wherever the slug appears (field_type comparisons, map keys, property names). Its format is presumably still Markdown (inferred: the 2020 V1 docs give Text, which the server sent as Markdown; V2's name states no format).",
      sayWhoFixes: true,
      confidence: 'high',
      replacement: 'alerts_registration',
    });
  });

  it('a folded, moved, deleted or unknown slug: a person fixes it, no replacement', () => {
    const rules = rulesOf();
    expect(
      ['felon_vote_in_prison', 'early_voting_notes', 'early_voting', 'id_requirements_vbm'].map((t) => {
        const v = rules.tokenVerdict(t);
        return [t, v?.kind, v?.fixedBy, v?.replacement, v?.confidence, v?.sayWhoFixes];
      }),
    ).toEqual([
      ['felon_vote_in_prison', 'consolidate', 'person', null, 'high', true],
      ['early_voting_notes', 'footnote', 'person', null, 'high', true],
      ['early_voting', 'delete', 'person', null, 'high', true],
      ['id_requirements_vbm', 'unknown-slug', 'person', null, 'high', true],
    ]);
    expect(rules.tokenVerdict('early_voting')?.body).toBe(
      'V1 `early_voting` is deleted in V2 (redundant): early voting exists when `early_voting_starts` or `early_voting_ends` has data. Test whether `early_voting_starts` or `early_voting_ends` has a non-empty `text` instead.',
    );
  });

  it('a renamed property: the codemod fixes it, with its V2 name', () => {
    expect(rulesOf().tokenVerdict('long_name')).toEqual({
      kind: 'property',
      fixedBy: 'codemod',
      replacement: 'description',
      body: 'V1 property `long_name` is `description` in V2. Read `field.description` instead of `field.long_name`.',
      sayWhoFixes: true,
      confidence: 'high',
    });
  });

  it('nothing for a V1 slug that needs no change, a V2 slug, or a word the table does not know; each asked once', () => {
    const rules = rulesOf();
    expect(
      ['early_voting_starts', 'has_no_excuse_absentee', 'field_type', 'nothing_here'].map((t) => rules.tokenVerdict(t)),
    ).toEqual([undefined, undefined, undefined, undefined]);
    expect(rules.tokenVerdict('alert_registration')).toBe(rules.tokenVerdict('alert_registration'));
  });
});

describe('what the report derives from the table once', () => {
  it('assumeCivic is off unless asked', () => {
    expect(rulesOf().assumeCivic).toBe(false);
    expect(rulesOf({ assumeCivic: true }).assumeCivic).toBe(true);
  });

  it('long_name depends on context; value is sure only after a slug of its format', () => {
    const rules = rulesOf();
    expect([...rules.contextualProperties]).toEqual([['long_name', LONG_NAME]]);
    expect(rules.valueProperties).toEqual([
      {
        rule: VALUE,
        sure: {
          kind: 'property',
          fixedBy: 'codemod',
          replacement: 'bool_value',
          body: 'V1 property `value` is `bool_value` in V2. V1 sent it, undocumented, on Boolean items only. Read `item.bool_value` instead of `item.value`.',
          sayWhoFixes: true,
          confidence: 'high',
        },
      },
    ]);
  });

  it('format confidence: high for a Boolean slug, low for a slug of unknown format, none for another format', () => {
    const rules = rulesOf();
    expect(
      ['vbm_no_excuse', 'polls_open', 'not_a_slug', 'alert_registration'].map((s) => rules.formatConfidence(s, VALUE)),
    ).toEqual(['high', 'low', 'low', undefined]);
  });

  it('the prefilter passes a file that names only a V1 slug needing no change (its `.value` may be read)', () => {
    const rules = rulesOf();
    const withoutExtra = createPrefilter(mappings, { markers: true, extraNeedles: rules.endpoints.needles });
    const passes = (text: string) => [
      rules.prefilter.isCandidateBytes(Buffer.from(text)),
      withoutExtra.isCandidateBytes(Buffer.from(text)),
    ];
    expect(passes('c.emergency_ballot_voting.value')).toEqual([true, false]);
    expect(passes('c.polls_open')).toEqual([true, false]);
    expect(passes('hello')).toEqual([false, false]);
  });
});

describe('low-confidence verdicts, worded for the reader', () => {
  it('a long_name in a file with no sign of the API', () => {
    expect(lowConfidenceContextual(LONG_NAME)).toEqual({
      kind: 'property',
      fixedBy: 'person',
      replacement: null,
      confidence: 'low',
      sayWhoFixes: false,
      body: "This file shows no sign of the Civic Data API (no known slug, API host or endpoint path), so `long_name` may belong to another API (such as Google Geocoding's address components); the codemod leaves it alone. If it is the Civic Data field list: Read `field.description` instead of `field.long_name`.",
    });
  });

  it('a .value after a slug of unknown format', () => {
    expect(lowConfidenceValue(VALUE, 'my_slug')).toEqual({
      kind: 'property',
      fixedBy: 'person',
      replacement: null,
      confidence: 'low',
      sayWhoFixes: false,
      body: 'The table does not know the format of `my_slug`, and V1 sent `value` only on Boolean items. If `my_slug` is a Boolean field, read `bool_value` instead of `value`.',
    });
  });
});
