import type { Mappings } from '../mapping/mappings.js';
import { MARKER_PREFIX } from './marker.js';
import { createTokenMatcher, type TokenMatcher } from './tokens.js';

export interface Prefilter {
  /** Whole-token matcher over the V1 slugs that need a change and the renamed properties (`long_name`). */
  readonly matcher: TokenMatcher;
  /** Plain substrings that also make a file a candidate: `/v1/`, the API hosts, the marker prefix. */
  readonly needles: readonly string[];
  /** True when the text may hold V1 usage; false means it certainly holds none. */
  isCandidate(text: string): boolean;
  /** `isCandidate` on the UTF-8 bytes of a file, before decoding them (same answer: every needle and token is ASCII). */
  isCandidateBytes(bytes: Uint8Array): boolean;
}

/** The tokens of the table that point at V1 usage: actionable V1 slugs and renamed properties with an `_`. */
export function v1Tokens(m: Mappings): string[] {
  return [...m.actionableV1, ...m.properties.map((p) => p.v1).filter((name) => name.includes('_'))];
}

/**
 * Decides from the text alone whether a file needs a closer look (a parse, a lexer). One pass of
 * `indexOf` per needle plus the underscore-driven token scan; no regular expressions.
 */
export function createPrefilter(
  m: Mappings,
  options: {
    markers?: boolean;
    /** More whole tokens that make a file a candidate (the report adds V1 slugs whose `.value` it checks). */
    extraTokens?: Iterable<string>;
    /** More plain substrings that make a file a candidate. */
    extraNeedles?: Iterable<string>;
  } = {},
): Prefilter {
  const matcher = createTokenMatcher([...v1Tokens(m), ...(options.extraTokens ?? [])]);
  const needles = [
    ...new Set(['/v1/', ...m.hosts, ...(options.markers ? [MARKER_PREFIX] : []), ...(options.extraNeedles ?? [])]),
  ];
  return {
    matcher,
    needles,
    isCandidate: (text) => needles.some((n) => text.includes(n)) || matcher.test(text),
    isCandidateBytes: (bytes) => {
      const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return needles.some((n) => buffer.includes(n, 0, 'latin1')) || matcher.testBytes(buffer);
    },
  };
}
