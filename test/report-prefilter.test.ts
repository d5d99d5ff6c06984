import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadMappings } from '../src/mapping/load.js';
import { createReportRules } from '../src/report/rules.js';
import { createTokenMatcher } from '../src/scan/tokens.js';

/** Built in the test that uses it, not while the file is collected (a mutant of src/report/rules.ts would be "static": see test/mutation). */
const prefilterOf = () => createReportRules(loadMappings()).prefilter;

/** Text made of pieces that meet at token boundaries: slugs, look-alikes, word characters, non-ASCII, needles. */
const pieces = fc.constantFrom(
  'vbm_universal',
  'early_voting',
  'early_voting_starts',
  'long_name',
  'polls_open',
  'vbm_deadline',
  '_',
  '$',
  'x',
  '9',
  ' ',
  '.',
  '\n',
  'é',
  '😀',
  '\u00a0',
  '/v1/',
  '/v1',
  'api.voteamerica.org',
  'civic-migrate:',
  '/election/state/',
);
const text = fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join(''));

describe('prefilter on bytes', () => {
  it('gives the same answer as on the decoded text', () => {
    const prefilter = prefilterOf();
    fc.assert(
      fc.property(text, (s) => {
        const bytes = Buffer.from(s, 'utf8');
        expect(prefilter.matcher.testBytes(bytes)).toBe(prefilter.matcher.test(s));
        expect(prefilter.isCandidateBytes(bytes)).toBe(prefilter.isCandidate(s));
        expect(prefilter.isCandidateBytes(new Uint8Array(bytes))).toBe(prefilter.isCandidate(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('covers what the report looks for: V1 slugs, `long_name`, unchanged slugs whose `.value` it checks, URLs, markers', () => {
    const yes = [
      'x.vbm_universal',
      'c.long_name',
      'x.polls_open.value',
      "'https://api.voteamerica.org/v1'",
      "'/v1/election/field/'",
      '`${b}/election/state/${c}/`',
      '// civic-migrate: fix',
    ];
    const prefilter = prefilterOf();
    const no = ['x.vbm_deadline', 'x.early_voting_startsX', 'x.has_automatic_vbm', "'/v2/election/field/'", 'plain text'];
    for (const s of yes) expect(prefilter.isCandidateBytes(Buffer.from(s)), s).toBe(true);
    for (const s of no) expect(prefilter.isCandidateBytes(Buffer.from(s)), s).toBe(false);
  });

  it('the token matcher refuses tokens it could not match on bytes', () => {
    expect(() => createTokenMatcher(['café_slug'])).toThrow('token "café_slug" is not ASCII; the matcher needs ASCII');
  });
});
