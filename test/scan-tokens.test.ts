import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPrefilter, v1Tokens } from '../src/scan/prefilter.js';
import { createTokenMatcher } from '../src/scan/tokens.js';
import { bundledMappings } from './helpers/bundled.js';

const m = bundledMappings();

describe('createTokenMatcher', () => {
  const matcher = createTokenMatcher(['early_voting', 'vbm_notes', 'long_name']);

  it('finds whole tokens only, with their offsets', () => {
    const text = "early_voting_starts; x['early_voting']; m.vbm_notes.text; $vbm_notes; vbm_notes2 a.long_name";
    expect(matcher.find(text)).toEqual([
      { token: 'early_voting', index: 24 },
      { token: 'vbm_notes', index: 42 },
      { token: 'long_name', index: 83 },
    ]);
    expect(matcher.test('const early_voting_ends = 1; // pre_early_voting')).toBe(false);
    expect(matcher.test('WHERE slug = "early_voting"')).toBe(true);
  });

  it('handles tokens at the very start and end of the text', () => {
    expect(matcher.find('early_voting')).toEqual([{ token: 'early_voting', index: 0 }]);
    expect(matcher.find('_early_voting vbm_notes')).toEqual([{ token: 'vbm_notes', index: 14 }]);
  });

  it('agrees with a regular expression on random text', () => {
    const re = /(?<![A-Za-z0-9_$])(?:early_voting|vbm_notes|long_name)(?![A-Za-z0-9_$])/g;
    const piece = fc.constantFrom('early_voting', 'vbm_notes', 'long_name', '_', 'a', ' ', '.', '$', '1', "'", 'é', '\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const expected = [...text.matchAll(re)].map((x) => ({ token: x[0], index: x.index }));
        expect(matcher.find(text)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a token without an underscore (the scan needs one)', () => {
    expect(() => createTokenMatcher(['value'])).toThrow('token "value" has no underscore; the matcher needs one');
  });
});

describe('createPrefilter', () => {
  const prefilter = createPrefilter(m, { markers: true });

  it('takes every V1 slug that needs a change and long_name, not the unchanged ones', () => {
    const tokens = v1Tokens(m);
    expect(tokens).toContain('vbm_universal');
    expect(tokens).toContain('2020_ballot_drop_date');
    expect(tokens).toContain('long_name');
    expect(tokens).not.toContain('early_voting_starts');
    expect(tokens).toHaveLength(m.actionableV1.size + 1);
  });

  it('passes files with a slug, a V1 URL, an API host or a marker, and nothing else', () => {
    expect(prefilter.isCandidate("if (item.field_type === 'sdr_election_day')")).toBe(true);
    expect(prefilter.isCandidate('fetch(`${base}/v1/election/field/`)')).toBe(true);
    expect(prefilter.isCandidate("const API = 'https://api.voteamerica.org'")).toBe(true);
    expect(prefilter.isCandidate('// civic-migrate: check this')).toBe(true);
    expect(prefilter.isCandidate('const vbm_deadline = r.early_voting_starts; let specific_data;')).toBe(false);
    expect(createPrefilter(m).isCandidate('// civic-migrate: check this')).toBe(false);
  });
});
