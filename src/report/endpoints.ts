import { explain, FIX, findEndpoint } from '../mapping/explain.js';
import type { Mappings } from '../mapping/mappings.js';
import type { EndpointRule } from '../mapping/schema.js';
import { endpointStem } from '../scan/civic-context.js';
import type { Verdict } from './rules.js';

/**
 * V1 Civic Data endpoint URLs in any text (DOMAIN.md §1): `/v1/election/…` on any host or
 * relative; a bare base URL of the table's hosts (`https://api.voteamerica.org/v1/`); the early
 * state path without its version (`${base}/election/state/${code}/`). Other `/v1/` paths (the
 * table's `nonElectionPaths`, other APIs) are not findings.
 */
export interface EndpointHit {
  /** Offset of the path's first `/`. */
  readonly index: number;
  /** The path as written, placeholders included (`/v1/election/state/${code}/`). */
  readonly token: string;
  readonly verdict: Verdict;
}

export interface EndpointScanner {
  /** Substrings that make a file worth scanning for the version-less V1 paths. */
  readonly needles: readonly string[];
  scan(text: string): EndpointHit[];
}

const isPathChar = (c: number) =>
  (c >= 97 && c <= 122) ||
  (c >= 65 && c <= 90) ||
  (c >= 48 && c <= 57) ||
  c === 95 ||
  c === 45 ||
  c === 46 ||
  c === 126 ||
  c === 47;
const isIdentStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isIdent = (c: number) => isIdentStart(c) || (c >= 48 && c <= 57);

/** A placeholder at the start of a path segment: `${x}`, `#{x}`, `{x}`, `{{ x }}`, `<x>`, `:x`, `%s`, `%(x)s`. Returns its end or -1. */
function placeholderEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  const closeWithin = (close: string, from: number) => {
    const end = text.indexOf(close, from);
    if (end === -1 || end - i > 80) return -1;
    const nl = text.indexOf('\n', from);
    return nl !== -1 && nl < end ? -1 : end + close.length;
  };
  if ((c === 36 || c === 35) && text.charCodeAt(i + 1) === 123) return closeWithin('}', i + 2); // ${x} #{x}
  if (c === 123) return text.charCodeAt(i + 1) === 123 ? closeWithin('}}', i + 2) : closeWithin('}', i + 1);
  if (c === 60 && isIdentStart(text.charCodeAt(i + 1))) return closeWithin('>', i + 1);
  if (c === 58 && isIdentStart(text.charCodeAt(i + 1))) {
    let end = i + 1;
    while (isIdent(text.charCodeAt(end))) end++;
    return end;
  }
  if (c === 37) {
    const next = text.charCodeAt(i + 1);
    if (next === 115 || next === 100) return i + 2; // %s %d
    if (next === 40) {
      const end = closeWithin(')', i + 2);
      return end !== -1 && isIdentStart(text.charCodeAt(end)) ? end + 1 : -1;
    }
  }
  return -1;
}

interface PathRead {
  readonly end: number;
  /** The path with each placeholder written `{x}`. */
  readonly normalized: string;
  /** The string literal ends here and is concatenated with more (`'/v1/election/state/' + code`). */
  readonly continued: boolean;
}

function readPath(text: string, start: number): PathRead {
  let i = start;
  let normalized = '';
  let runStart = i;
  for (;;) {
    const c = text.charCodeAt(i);
    if (isPathChar(c)) {
      i++;
      continue;
    }
    if (text.charCodeAt(i - 1) === 47) {
      const end = placeholderEnd(text, i);
      if (end !== -1) {
        normalized += `${text.slice(runStart, i)}{x}`;
        i = end;
        runStart = i;
        continue;
      }
    }
    break;
  }
  normalized += text.slice(runStart, i);
  // Prose ends a sentence after a URL: `…/field/.`
  while (i > start && /[.\-~]/.test(text[i - 1] as string) && normalized.length > 0) {
    i--;
    normalized = normalized.slice(0, -1);
  }
  return { end: i, normalized, continued: isConcatenated(text, i) };
}

const CONCAT = /^['"`]\s*(?:\+|\|\||\.\.|\.\s|<<)/;
function isConcatenated(text: string, at: number): boolean {
  return CONCAT.test(text.slice(at, at + 8));
}

/** `/v1/election/state/{state}/` → `/v1/election/state/`: the part before the first parameter. */
const staticPrefix = (template: string) => {
  const brace = template.indexOf('{');
  return brace === -1 ? template : template.slice(0, brace);
};

/** The V2 spelling of a V1 path as written, placeholders kept. */
function rewrite(raw: string, from: string, to: string): string {
  if (raw.startsWith(from)) return to + raw.slice(from.length);
  // A shorter spelling: no trailing slash, or cut before the parameter.
  return to.slice(0, Math.max(0, to.length - (from.length - raw.length)));
}

export function createEndpointScanner(mappings: Mappings): EndpointScanner {
  const electionPrefix = '/v1/election';
  /** V1 paths that moved (not only their version): their version-less spelling is V1-only too. */
  const moved = mappings.endpoints.filter((e) => e.v2 && endpointStem(e.v1) !== endpointStem(e.v2));
  const movedStems = [...new Set(moved.map((e) => endpointStem(e.v1)))];
  const nonElection = mappings.nonElectionPaths.map((p) => p.slice('/v1/'.length));

  const verdictFor = (rule: EndpointRule, raw: string, versioned: boolean): Verdict => {
    const e = explain(mappings, rule.v1);
    const fixedBy = e.found && e.side === 'endpoint' && e.fixedBy === 'codemod' ? 'codemod' : 'person';
    const message = e.found ? e.message : rule.description;
    let replacement: string | null = null;
    if (fixedBy === 'codemod' && rule.v2) {
      const from = staticPrefix(rule.v1);
      const to = staticPrefix(rule.v2);
      replacement = versioned ? rewrite(raw, from, to) : rewrite(raw, from.slice(3), to.slice(3));
    }
    return { kind: 'endpoint', fixedBy, replacement, message, confidence: 'high' };
  };

  const electionBase = (raw: string): Verdict => ({
    kind: 'endpoint',
    fixedBy: 'codemod',
    replacement: rewrite(raw, '/v1/election/', '/v2/election/'),
    confidence: 'high',
    message:
      'The V1 election base path: V2 serves the same resources under `/v2/election/`, except that the early state path ' +
      '`state/{state}/` is `data/state/{state}/` there (with basic auth), and V2 has no all-states or per-field endpoint. ' +
      `Check the paths appended to it. ${FIX.codemod}`,
  });

  const unknownElectionPath = (raw: string): Verdict => ({
    kind: 'endpoint',
    fixedBy: 'person',
    replacement: null,
    confidence: 'high',
    message: `\`${raw}\` is a V1 election path the table does not know; V2 has ${mappings.endpoints
      .flatMap((e) => (e.v2 ? [`\`${e.v2}\``] : []))
      .filter((v, i, all) => all.indexOf(v) === i)
      .join(', ')} and \`/v2/election/override/\`. ${FIX.person}`,
  });

  const baseUrl = (raw: string, buildsOtherPaths: boolean): Verdict => ({
    kind: 'endpoint',
    fixedBy: buildsOtherPaths ? 'person' : 'codemod',
    replacement: buildsOtherPaths ? null : `/v2${raw.slice(3)}`,
    confidence: 'high',
    message:
      'The V1 base URL of the Civic Data API: V2 endpoints live under `/v2/` (the early state path `election/state/{state}/` ' +
      'is `election/data/state/{state}/` there). ' +
      (buildsOtherPaths
        ? `This file also builds other services' paths (${mappings.nonElectionPaths.map((p) => `\`${p}\``).join(', ')}) on the same host, which stay under \`/v1/\`. ${FIX.person}`
        : FIX.codemod),
  });

  const classifyElection = (raw: string, read: PathRead, versioned: boolean): Verdict => {
    const path = versioned ? read.normalized : `/v1${read.normalized}`;
    let rule = read.continued && path.endsWith('/') ? findEndpoint(mappings, `${path}{x}/`) : undefined;
    rule ??= findEndpoint(mappings, path);
    if (rule) return verdictFor(rule, raw, versioned);
    if (versioned && (path === `${electionPrefix}/` || path === electionPrefix)) return electionBase(raw);
    return unknownElectionPath(raw);
  };

  return {
    needles: movedStems,
    scan(text) {
      const hits: EndpointHit[] = [];
      for (let at = text.indexOf('/v1'); at !== -1; at = text.indexOf('/v1', at + 3)) {
        const after = text.charCodeAt(at + 3);
        if (isIdent(after) || after === 46 /* . */ || after === 45 /* - */) continue; // /v10, /v1beta, /v1.2
        const read = readPath(text, at);
        const raw = text.slice(at, read.end);
        if (read.normalized === electionPrefix || read.normalized.startsWith(`${electionPrefix}/`)) {
          hits.push({ index: at, token: raw, verdict: classifyElection(raw, read, true) });
          continue;
        }
        const host = mappings.hosts.find((h) => at >= h.length && text.startsWith(h, at - h.length));
        if (!host) continue;
        const rest = read.normalized.slice(3);
        if (rest === '' || rest === '/' || rest.startsWith('/{x}')) {
          const baseRaw = rest.startsWith('/{x}') ? '/v1/' : raw;
          const buildsOtherPaths = nonElection.some((segment) => text.includes(segment));
          hits.push({ index: at, token: baseRaw, verdict: baseUrl(baseRaw, buildsOtherPaths) });
        }
      }
      for (const stem of movedStems) {
        for (let at = text.indexOf(stem); at !== -1; at = text.indexOf(stem, at + stem.length)) {
          if (/\/v[0-9]+$/.test(text.slice(Math.max(0, at - 4), at))) continue; // versioned: handled above
          const read = readPath(text, at);
          const raw = text.slice(at, read.end);
          hits.push({ index: at, token: raw, verdict: classifyElection(raw, read, false) });
        }
      }
      return hits;
    },
  };
}
