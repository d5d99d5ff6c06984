import { endpointModel } from '../endpoints/model.js';
import type { Mappings } from '../mapping/mappings.js';
import { MARKER_PREFIX } from './marker.js';
import { createTokenMatcher, type TokenMatcher } from './tokens.js';

/** What a prefilter looks for, as plain data (a worker thread builds the same prefilter from it). */
export interface PrefilterSpec {
  readonly tokens: readonly string[];
  readonly needles: readonly string[];
}

export interface Prefilter {
  /** The tokens and needles it was built from. */
  readonly spec: PrefilterSpec;
  /** Whole-token matcher over the V1 slugs that need a change and the renamed properties (`long_name`). */
  readonly matcher: TokenMatcher;
  /** Plain substrings that also make a file a candidate: the V1 version segment, the API hosts, the marker prefix. */
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
 * Decides from the text alone whether a file needs a closer look (a parse, a lexer). One native
 * search per group of needles (see `createNeedleSearch`) plus the underscore-driven token scan; no
 * regular expressions.
 */
export function createPrefilter(
  m: Mappings,
  options: {
    markers?: boolean;
    /** More whole tokens that make a file a candidate (the report adds V1 slugs whose `.value` it checks). */
    extraTokens?: Iterable<string>;
    /** More plain substrings that make a file a candidate. */
    extraNeedles?: Iterable<string>;
    /**
     * Whether any `/v1/` makes a file a candidate (default true). A caller that only acts on some
     * `/v1/` paths passes false and names them in `extraNeedles` (the codemod: `/v1/election`).
     */
    versionNeedle?: boolean;
  } = {},
): Prefilter {
  const tokens = [...new Set([...v1Tokens(m), ...(options.extraTokens ?? [])])];
  const needles = [
    ...new Set([
      ...(options.versionNeedle === false ? [] : [`/${endpointModel(m).from}/`]),
      ...m.hosts,
      ...(options.markers ? [MARKER_PREFIX] : []),
      ...(options.extraNeedles ?? []),
    ]),
  ];
  return prefilterFromSpec({ tokens, needles });
}

/** The prefilter of a spec (what `createPrefilter` builds from a table). */
export function prefilterFromSpec(spec: PrefilterSpec): Prefilter {
  const matcher = createTokenMatcher(spec.tokens);
  const { needles } = spec;
  const search = createNeedleSearch(needles);
  return {
    spec,
    matcher,
    needles,
    isCandidate: (text) => needles.some((n) => text.includes(n)) || matcher.test(text),
    isCandidateBytes: (bytes) => {
      const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return search(buffer) || matcher.testBytes(buffer);
    },
  };
}

/**
 * ASCII characters from the rarest to the most common in JS/TS source (counted over the
 * benchmark's node_modules tree). Only speed depends on it: `Buffer#indexOf` finds a short
 * pattern by `memchr` on its first character, so a pattern that starts with a rare one is found
 * fastest. Characters not listed count as the rarest.
 */
const BY_FREQUENCY = '~%^XY#7J95QHZV8WG!K46q3&zU@+<\\$jM2L?B-F|1]O[>RN0DP_\'I`CkETwAS}{vxb"/:y=*;,g)(fhm.pudlciasonrte \n\t';
/** Patterns up to this length are searched by `memchr` + compare (longer ones by a slower Boyer-Moore). */
const ANCHOR_MAX = 6;
/** Shorter anchors stop too often on false hits. */
const ANCHOR_MIN = 4;

/**
 * `(bytes) => true` when the bytes hold one of the ASCII needles. Each needle is found through an
 * anchor: the window of up to 6 characters of it that starts with the rarest character, and
 * needles sharing an anchor (the API hosts) share one search. A hit of the anchor is then checked
 * against each needle of its group. Same answer as `needles.some((n) => bytes.includes(n))`.
 */
export function createNeedleSearch(needles: readonly string[]): (bytes: Buffer) => boolean {
  const rank = (code: number) => {
    const at = BY_FREQUENCY.indexOf(String.fromCharCode(code));
    return at === -1 ? -1 : at;
  };
  const groups = new Map<string, { needle: Buffer; offset: number }[]>();
  for (const needle of new Set(needles)) {
    if (!/^[\x00-\x7f]+$/.test(needle)) throw new Error(`needle "${needle}" is not ASCII (or empty); the prefilter needs ASCII`);
    let anchor = needle;
    if (needle.length > ANCHOR_MAX) {
      let best = -1;
      for (let i = 0; i + ANCHOR_MIN <= needle.length; i++) {
        const r = rank(needle.charCodeAt(i));
        if (best === -1 || r < rank(needle.charCodeAt(best))) best = i;
      }
      anchor = needle.slice(best, best + ANCHOR_MAX);
    }
    const group = groups.get(anchor) ?? [];
    group.push({ needle: Buffer.from(needle, 'latin1'), offset: needle.indexOf(anchor) });
    groups.set(anchor, group);
  }
  const plan = [...groups].map(([anchor, members]) => ({
    anchor: Buffer.from(anchor, 'latin1'),
    // A needle that is its anchor matches on every hit.
    exact: members.some((x) => x.needle.length === anchor.length),
    members,
  }));
  const holdsAt = (bytes: Buffer, needle: Buffer, start: number) =>
    start >= 0 &&
    start + needle.length <= bytes.length &&
    bytes.compare(needle, 0, needle.length, start, start + needle.length) === 0;
  return (bytes) => {
    for (const { anchor, exact, members } of plan) {
      for (let at = bytes.indexOf(anchor); at !== -1; at = bytes.indexOf(anchor, at + 1)) {
        if (exact) return true;
        for (const { needle, offset } of members) if (holdsAt(bytes, needle, at - offset)) return true;
      }
    }
    return false;
  };
}
