import { ambiguousNote, endpointNote } from '../codemod/urls.js';
import { type Endpoint, type EndpointModel, endpointModel, type PathEdit, PLACEHOLDER } from '../endpoints/model.js';
import { explain } from '../mapping/explain.js';
import type { Mappings } from '../mapping/mappings.js';
import { word } from '../vocabulary/messages.js';
import { baseUrlBody } from './messages.js';
import type { Verdict } from './verdict.js';

/**
 * V1 Civic Data endpoint URLs in any text (DOMAIN.md §1): `/v1/election/…` on any host or
 * relative; a bare base URL of the table's hosts (`https://api.voteamerica.org/v1/`); the early
 * state path without its version (`${base}/election/state/${code}/`). Other `/v1/` paths (the
 * paths outside the API's path space, other APIs) are not findings.
 */
export interface EndpointHit {
  /** Offset of the path's first `/`. */
  readonly index: number;
  /** The path as written, placeholders included (`/v1/election/state/${code}/`). */
  readonly token: string;
  readonly verdict: Verdict;
}

export interface EndpointScanner {
  readonly model: EndpointModel;
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
/** A host name right before a path (`https://api.example.org` in `https://api.example.org/v1/…`). */
const HOST_BEFORE = /(?:^|[^A-Za-z0-9.-])((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})(?::\d+)?$/;
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
  /** The path with each placeholder written as one `PLACEHOLDER` character (the endpoint model's convention). */
  readonly normalized: string;
  /** Where each placeholder of `normalized` stands in the raw path: `[offset in normalized, start, end in the raw path]`. */
  readonly placeholders: readonly (readonly [number, number, number])[];
  /** The string literal ends here and is concatenated with more (`'/v1/election/state/' + code`). */
  readonly continued: boolean;
}

function readPath(text: string, start: number): PathRead {
  let i = start;
  let normalized = '';
  let runStart = i;
  const placeholders: [number, number, number][] = [];
  for (;;) {
    const c = text.charCodeAt(i);
    if (isPathChar(c)) {
      i++;
      continue;
    }
    if (text.charCodeAt(i - 1) === 47) {
      const end = placeholderEnd(text, i);
      if (end !== -1) {
        normalized += text.slice(runStart, i);
        placeholders.push([normalized.length, i - start, end - start]);
        normalized += PLACEHOLDER;
        i = end;
        runStart = i;
        continue;
      }
    }
    break;
  }
  normalized += text.slice(runStart, i);
  // Prose ends a sentence after a URL: `…/field/.`
  while (i > start && /[.\-~]/.test(text[i - 1] as string) && normalized.length > 0 && !normalized.endsWith(PLACEHOLDER)) {
    i--;
    normalized = normalized.slice(0, -1);
  }
  return { end: i, normalized, placeholders, continued: isConcatenated(text, i) };
}

const CONCAT = /^['"`]\s*(?:\+|\|\||\.\.|\.\s|<<)/;
function isConcatenated(text: string, at: number): boolean {
  return CONCAT.test(text.slice(at, at + 8));
}

/** A raw path with an edit made on its normalized form (placeholders kept as written); undefined when the edit would cut one. */
function applyToRaw(raw: string, read: PathRead, edit: PathEdit, shift: number): string | undefined {
  const toRaw = (v: number): number => {
    let delta = 0;
    for (const [at, s, e] of read.placeholders) {
      if (v <= at) return v + delta;
      if (v === at + 1) return e;
      delta += e - s - 1;
    }
    return v + delta;
  };
  const start = toRaw(edit.start - shift);
  const end = toRaw(edit.end - shift);
  if (start < 0) return undefined;
  return raw.slice(0, start) + edit.text + raw.slice(end);
}

/** Finds V1 Civic Data endpoint URLs in any text and says what the endpoint model makes of each. */
export function createEndpointScanner(mappings: Mappings): EndpointScanner {
  const model = endpointModel(mappings);
  const version = `/${model.from}`;
  const explained = (e: Endpoint) => {
    const x = explain(mappings, e.rule.v1);
    return x.found && 'body' in x ? x.body : e.rule.description;
  };
  /** A place left to a person, in the codemod's marker words (which say so themselves). */
  const person = (body: string): Verdict => ({
    kind: 'endpoint',
    fixedBy: 'person',
    replacement: null,
    body,
    sayWhoFixes: false,
    confidence: 'high',
  });
  /**
   * A path of another service on the API's version prefix in the same text (`/v1/uptime/`): the API's
   * path space is closed (the table's roots), so any other root means a base here is shared.
   */
  const hasOtherService = (text: string) => {
    const prefix = `${version}/`;
    for (let at = text.indexOf(prefix); at !== -1; at = text.indexOf(prefix, at + 1)) {
      const root = /^[A-Za-z0-9_-]+(?=\/)/.exec(text.slice(at + prefix.length, at + prefix.length + 64))?.[0];
      if (root && !model.roots.has(root)) return root;
    }
    return undefined;
  };

  /**
   * The verdict on a path (`/v1/…` or, `relative`, the part after the version): the same model and
   * the same words as the codemod's markers.
   */
  const classify = (raw: string, read: PathRead, relative: boolean, otherHost = false): Verdict | undefined => {
    const path = relative ? version + read.normalized : read.normalized;
    const shift = relative ? version.length : 0;
    const verdict = model.judge(path, read.continued);
    switch (verdict.kind) {
      case 'rewrite': {
        let edit = verdict.edit;
        if (relative) {
          // Only the part after the version is in the text: the edit must start with the version move.
          const to = `/${model.to}`;
          if (edit.end <= shift || edit.start !== 0 || !edit.text.startsWith(`${to}/`)) return undefined;
          edit = { start: shift, end: edit.end, text: edit.text.slice(to.length) };
        }
        const replacement = applyToRaw(raw, read, edit, shift);
        const auth = verdict.endpoints.find((e) => e.authChanges);
        if (replacement === undefined) return person(word(ambiguousNote(path, verdict.endpoints)).message);
        const body = explained(auth ?? (verdict.endpoints[0] as Endpoint));
        return {
          kind: 'endpoint',
          fixedBy: auth ? 'person' : 'codemod',
          replacement,
          body,
          sayWhoFixes: true,
          confidence: 'high',
        };
      }
      case 'none':
        return person(
          word(
            verdict.endpoints.length === 1
              ? endpointNote(verdict.endpoints[0] as Endpoint)
              : ambiguousNote(path, verdict.endpoints),
          ).message,
        );
      case 'ambiguous':
        return person(word(ambiguousNote(path, verdict.endpoints)).message);
      case 'unknown':
        return relative || otherHost ? undefined : person(word({ code: 'endpoint-unknown', params: { path } }).message);
      case 'route':
        return person(word({ code: 'endpoint-route', params: { path } }).message);
    }
  };

  return {
    model,
    needles: model.movedStems,
    scan(text) {
      const hits: EndpointHit[] = [];
      let other: string | undefined | null = null;
      for (let at = text.indexOf(version); at !== -1; at = text.indexOf(version, at + version.length)) {
        const after = text.charCodeAt(at + version.length);
        if (isIdent(after) || after === 46 /* . */ || after === 45 /* - */) continue; // /v10, /v1beta, /v1.2
        const read = readPath(text, at);
        const raw = text.slice(at, read.end);
        const rest = read.normalized.slice(version.length + 1);
        const root = rest.split('/', 1)[0] as string;
        const hostBefore = HOST_BEFORE.exec(text.slice(Math.max(0, at - 256), at))?.[1]?.toLowerCase();
        const host = hostBefore && model.hosts.has(hostBefore) ? hostBefore : undefined;
        if (model.roots.has(root)) {
          // Another API's `/v1/election/…` behind its own host is none of our business.
          const verdict = classify(raw, read, false, hostBefore !== undefined && !host);
          if (verdict) hits.push({ index: at, token: raw, verdict });
          continue;
        }
        if (!host || !(rest === '' || rest.startsWith(PLACEHOLDER))) continue;
        // A bare base URL of the API's hosts: moved unless the same text builds another service's paths on it.
        const baseRaw = rest.startsWith(PLACEHOLDER) ? `${version}/` : raw;
        if (other === null) other = hasOtherService(text);
        hits.push({
          index: at,
          token: baseRaw,
          verdict: other
            ? person(
                word({ code: 'base-url-shared', params: { base: `${host}${version}`, other: `${version}/${other}/` } }).message,
              )
            : {
                kind: 'endpoint',
                fixedBy: 'codemod',
                replacement: `/${model.to}${baseRaw.slice(version.length)}`,
                confidence: 'high',
                body: baseUrlBody(model.to),
                sayWhoFixes: true,
              },
        });
      }
      for (const stem of model.movedStems) {
        for (let at = text.indexOf(stem); at !== -1; at = text.indexOf(stem, at + stem.length)) {
          if (/\/v[0-9]+$/.test(text.slice(Math.max(0, at - 4), at))) continue; // versioned: handled above
          const read = readPath(text, at);
          const raw = text.slice(at, read.end);
          const verdict = classify(raw, read, true);
          if (verdict) hits.push({ index: at, token: raw, verdict });
        }
      }
      return hits;
    },
  };
}
