import { describe, expect, it } from 'vitest';
import { closest } from '../src/mapping/closest.js';
import { plural, thousands } from '../src/report/summary.js';
import { code, list } from '../src/rules/format.js';

/** Words users read: "did you mean" suggestions and lists in messages, asserted exactly. */
describe('closest (did you mean)', () => {
  const names = ['vbm_universal', 'vbm_no_excuse', 'vbm_notes', 'polls_open', 'polls_close', 'early_voting'];

  it('ranks by edit distance, then by name, and keeps at most the limit', () => {
    expect(closest('vbm_note', names)).toEqual(['vbm_notes']);
    expect(closest('polls_opne', names)).toEqual(['polls_open']);
    // Equal distances: by name.
    expect(closest('polls_clos', ['polls_closx', 'polls_close'])).toEqual(['polls_close', 'polls_closx']);
    expect(closest('polls_x', ['polls_a', 'polls_b', 'polls_c', 'polls_d'])).toEqual(['polls_a', 'polls_b', 'polls_c']);
    expect(closest('polls_x', ['polls_a', 'polls_b', 'polls_c', 'polls_d'], 2)).toEqual(['polls_a', 'polls_b']);
  });

  it('allows a third of the query as edits (at least 2), then names that contain it or it contains', () => {
    expect(closest('vbm', ['vbx', 'abc', 'vbm_universal'])).toEqual(['vbx', 'abc']);
    expect(closest('universal', ['vbm_universal', 'other'])).toEqual(['vbm_universal']);
    expect(closest('VBM_NOTES', ['vbm_notes'])).toEqual(['vbm_notes']);
    expect(closest('zzzzzzzz', names)).toEqual([]);
    // Containment ranks after every close spelling, shorter differences first.
    expect(closest('early', ['early_voting', 'early_vote', 'earlx'])).toEqual(['earlx', 'early_vote', 'early_voting']);
    expect(closest('early', ['eaxxy', 'early_vote'])).toEqual(['eaxxy', 'early_vote']);
    expect(closest('early_voting', ['ly', 'early_voting_at_home'])).toEqual(['early_voting_at_home', 'ly']);
    // From four letters on; and a length difference of exactly the bound is still close.
    expect(closest('vote', ['early_vote'])).toEqual(['early_vote']);
    expect(closest('vot', ['early_vote'])).toEqual([]);
    expect(closest('vbm', ['v'])).toEqual(['v']);
    // Every letter counts, the last one too.
    expect(closest('xyzw', ['xyz', 'xyzw'])).toEqual(['xyzw', 'xyz']);
  });
});

describe('list wording', () => {
  it('joins with commas and a final "and", each name in inline code', () => {
    expect(list([])).toBe('');
    expect(list(['a'])).toBe('`a`');
    expect(list(['a', 'b'])).toBe('`a` and `b`');
    expect(list(['a', 'b', 'c'])).toBe('`a`, `b` and `c`');
    expect(code('x')).toBe('`x`');
  });
});

describe('thousands (counts in summaries)', () => {
  it('groups digits exactly as en-US does, for every size and sign', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 20_000, 999_999, 1_000_000, -1_234_567, Number.MAX_SAFE_INTEGER, 1e21, 2.5])
      expect(thousands(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect(thousands(20_000)).toBe('20,000');
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(1234, 'file')).toBe('1,234 files');
    expect(plural(2, 'match', 'matches')).toBe('2 matches');
  });
});
