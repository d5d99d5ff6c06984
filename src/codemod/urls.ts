import type { EndpointRule } from '../mapping/schema.js';
import { code } from '../rules/format.js';
import { endpointNote, type MarkerNote, showPath, word } from './messages.js';
import type { CodemodPlan, EndpointShape } from './plan.js';

/**
 * The text of a string literal or template literal, as the source spells it (raw), cut into the
 * pieces between `${…}` substitutions. Joined with `\0` for each substitution it is the unit's
 * "virtual text"; offsets in it map back to the source through the pieces.
 */
export interface StringUnit {
  readonly pieces: readonly { readonly text: string; readonly start: number }[];
  /** An expression is concatenated after the unit (`'/v1/election/state/' + code`). */
  readonly followed: boolean;
}

export type UrlAction =
  | { readonly kind: 'edit'; readonly start: number; readonly end: number; readonly text: string; readonly from: string }
  | { readonly kind: 'note'; readonly note: MarkerNote };

export interface UrlScan {
  readonly actions: UrlAction[];
  /** Virtual-text ranges of the URL paths seen: slugs inside them are the endpoint's business. */
  readonly covered: [number, number][];
}

export const PLACEHOLDER = '\0';
const PATH_CHAR = /[A-Za-z0-9_\-.~%:{}/\0]/;
const HOST_BEFORE = /(?:^|[^A-Za-z0-9.-])((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})(?::\d+)?$/;

export function virtualText(unit: StringUnit): string {
  return unit.pieces.map((p) => p.text).join(PLACEHOLDER);
}

/** Maps an offset of the virtual text to the source. */
export function sourceOffset(unit: StringUnit, v: number): number {
  let base = 0;
  for (const piece of unit.pieces) {
    if (v <= base + piece.text.length) return piece.start + (v - base);
    base += piece.text.length + 1;
  }
  const last = unit.pieces.at(-1);
  return last ? last.start + last.text.length : 0;
}

/** Offsets where a piece starts: the unit's start and right after each substitution. */
function pieceStarts(virtual: string): number[] {
  const starts = [0];
  for (let i = virtual.indexOf(PLACEHOLDER); i !== -1; i = virtual.indexOf(PLACEHOLDER, i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * The first non-election path the unit builds on a base URL (`'uptime/'`, `` `${BASE}/official/…` ``),
 * as `/v1/uptime/`: then a bare base URL in the same file is left to a person.
 */
export function nonElectionUse(unit: StringUnit, plan: CodemodPlan): string | undefined {
  const virtual = virtualText(unit);
  for (const at of pieceStarts(virtual)) {
    const rest = virtual.slice(at).replace(/^\//, '');
    const root = rest.split(/[/?#\0]/, 1)[0] as string;
    if (plan.nonElectionRoots.has(root) && (rest.length === root.length || '/?#\0'.includes(rest.charAt(root.length)))) {
      return `/${plan.from}/${root}/`;
    }
  }
  return undefined;
}

interface Rewrite {
  /** Offsets in the path text. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A segment built at run time (`${kind}`) may be any segment. */
const segmentMatches = (template: string, actual: string) =>
  actual.includes(PLACEHOLDER) || (template.startsWith('{') ? actual.length > 0 : template === actual);

/** How one endpoint rewrites the path text, `null` when V2 has no equivalent, `undefined` when no span edit can. */
function rewriteFor(shape: EndpointShape, path: string, plan: CodemodPlan): Rewrite | null | undefined {
  if (!shape.rule.v2) return null;
  const { v1Head, v2Head } = shape;
  if (v2Head === undefined) return undefined;
  if (path.startsWith(v1Head)) return { start: 0, end: v1Head.length, text: v2Head };
  if (`${path}/` === v1Head) return { start: 0, end: path.length, text: v2Head.slice(0, -1) };
  // The path stops inside the fixed head: only a move of the version segment is certain.
  const version = `/${plan.from}/`;
  if (v1Head.startsWith(version) && v2Head === `/${plan.to}/${v1Head.slice(version.length)}` && path.startsWith(version)) {
    return { start: 1, end: 1 + plan.from.length, text: plan.to };
  }
  return undefined;
}

type PathVerdict =
  | { readonly kind: 'rewrite'; readonly rewrite: Rewrite; readonly shapes: readonly EndpointShape[] }
  | { readonly kind: 'none'; readonly shapes: readonly EndpointShape[] }
  | { readonly kind: 'ambiguous'; readonly shapes: readonly EndpointShape[] }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'route' };

/** Matches a `/v1/<root>/…` path (with `\0` for substitutions) against the table's endpoints. */
function judgePath(path: string, open: boolean, plan: CodemodPlan): PathVerdict {
  const segments = path.slice(1).split('/');
  if (segments.some((s) => s.startsWith(':'))) return { kind: 'route' };
  let shapes: EndpointShape[];
  if (!open) {
    if (segments.at(-1) === '') segments.pop();
    shapes = plan.endpoints.filter(
      (e) => e.segments.length === segments.length && e.segments.every((t, k) => segmentMatches(t, segments[k] as string)),
    );
  } else {
    const full = segments.slice(0, -1);
    const partial = segments.at(-1) as string;
    const prefixMatches = (e: EndpointShape) => full.every((s, k) => segmentMatches(e.segments[k] as string, s));
    shapes = plan.endpoints.filter((e) => {
      if (e.segments.length <= full.length || !prefixMatches(e)) return false;
      const next = e.segments[full.length] as string;
      return partial === '' || partial.includes('\0') || next.startsWith('{') || next.startsWith(partial);
    });
    if (shapes.length === 0 && partial === '') {
      shapes = plan.endpoints.filter((e) => e.segments.length === full.length && prefixMatches(e));
    }
  }
  if (shapes.length === 0) return { kind: 'unknown' };
  const rewrites = shapes.map((s) => rewriteFor(s, path, plan));
  if (rewrites.every((r) => r === null)) return { kind: 'none', shapes };
  const first = rewrites[0];
  if (first && rewrites.every((r) => r && r.start === first.start && r.end === first.end && r.text === first.text)) {
    return { kind: 'rewrite', rewrite: first, shapes };
  }
  return { kind: 'ambiguous', shapes };
}

/**
 * Finds the Civic Data API URLs in one string unit and says how to move each to V2: `/v1/election/…`
 * paths (behind any host or proxy prefix), paths relative to a base URL (`/election/state/{x}/`),
 * and a bare base URL of the API's hosts (`https://api.voteamerica.org/v1`). Other `/v1/` URLs are
 * left alone. `otherService`: a non-election path the file builds on a base URL, if any.
 */
export function scanUrls(unit: StringUnit, plan: CodemodPlan, otherService: string | undefined): UrlScan {
  const virtual = virtualText(unit);
  const actions: UrlAction[] = [];
  const covered: [number, number][] = [];
  const edit = (vStart: number, vEnd: number, text: string) => {
    const start = sourceOffset(unit, vStart);
    const end = sourceOffset(unit, vEnd);
    actions.push({ kind: 'edit', start, end, text, from: virtual.slice(vStart, vEnd) });
  };
  const note = (n: MarkerNote) => actions.push({ kind: 'note', note: n });
  const pathEnd = (from: number) => {
    let j = from;
    while (j < virtual.length && PATH_CHAR.test(virtual.charAt(j))) j++;
    return j;
  };
  const authNotes = (shapes: readonly EndpointShape[]) => {
    for (const s of shapes) if (s.authChanges) note(endpointNote(s.rule));
  };

  // Absolute paths: `/v1/…` anywhere in the unit.
  const version = `/${plan.from}`;
  for (let i = virtual.indexOf(version); i !== -1; i = virtual.indexOf(version, i + 1)) {
    const after = virtual.charAt(i + version.length);
    if (after !== '' && after !== '/' && after !== PLACEHOLDER && /[A-Za-z0-9_.-]/.test(after)) continue;
    const j = pathEnd(i);
    const path = virtual.slice(i, j);
    const open = j === virtual.length && unit.followed;
    const rest = path.slice(version.length + 1);
    const root = rest.split('/', 1)[0] as string;
    covered.push([i, j]);
    const pieceStart = virtual.lastIndexOf(PLACEHOLDER, i - 1) + 1;
    const host = HOST_BEFORE.exec(virtual.slice(pieceStart, i))?.[1]?.toLowerCase();
    if (rest === '' || rest === '/' || root.includes(PLACEHOLDER)) {
      // A bare base URL: only the Civic hosts', and only when nothing else is built on it here.
      if (host && plan.hosts.has(host)) {
        if (otherService) note(word({ code: 'base-url-shared', params: { base: `${host}${version}`, other: otherService } }));
        else edit(i + 1, i + version.length, plan.to);
      }
      continue;
    }
    if (!plan.endpointRoots.has(root)) continue;
    const verdict = judgePath(path, open, plan);
    switch (verdict.kind) {
      case 'rewrite': {
        const { rewrite } = verdict;
        if (path.slice(rewrite.start, rewrite.end) !== rewrite.text) edit(i + rewrite.start, i + rewrite.end, rewrite.text);
        authNotes(verdict.shapes);
        break;
      }
      case 'none':
        for (const s of verdict.shapes.length === 1 ? verdict.shapes : []) note(endpointNote(s.rule));
        if (verdict.shapes.length > 1)
          note(
            ambiguousEndpointNote(
              path,
              verdict.shapes.map((s) => s.rule),
            ),
          );
        break;
      case 'ambiguous':
        note(
          ambiguousEndpointNote(
            path,
            verdict.shapes.map((s) => s.rule),
          ),
        );
        break;
      case 'unknown':
        // Another API's `/v1/election/…` behind its own host is none of our business.
        if (!host || plan.hosts.has(host)) note(word({ code: 'endpoint-unknown', params: { path } }));
        break;
      case 'route':
        note(word({ code: 'endpoint-route', params: { path } }));
        break;
    }
  }

  // Relative paths at the start of a piece: `'/election/state/' + code`, `` `${BASE}/election/state/${c}/` ``.
  for (const at of pieceStarts(virtual)) {
    const slash = virtual.charAt(at) === '/' ? 1 : 0;
    const root = virtual.slice(at + slash).split(/[/?#\0]/, 1)[0] as string;
    if (!plan.endpointRoots.has(root) || virtual.charAt(at + slash + root.length) !== '/') continue;
    if (covered.some(([s, e]) => at >= s && at < e)) continue;
    const j = pathEnd(at);
    const prefix = `${version}/`;
    const path = prefix + virtual.slice(at + slash, j);
    const open = j === virtual.length && unit.followed;
    covered.push([at, j]);
    const verdict = judgePath(path, open, plan);
    if (verdict.kind === 'rewrite') {
      const { rewrite } = verdict;
      // Only the part after the version is in the source; a version move alone changes nothing here.
      if (rewrite.end <= prefix.length) continue;
      const newPrefix = `/${plan.to}/`;
      if (rewrite.start !== 0 || !rewrite.text.startsWith(newPrefix)) continue;
      const oldText = path.slice(prefix.length, rewrite.end);
      const newText = rewrite.text.slice(newPrefix.length);
      if (oldText !== newText) edit(at + slash, at + slash + oldText.length, newText);
      authNotes(verdict.shapes);
    } else if (verdict.kind === 'none') {
      if (verdict.shapes.length === 1) note(endpointNote((verdict.shapes[0] as EndpointShape).rule));
      else
        note(
          ambiguousEndpointNote(
            path,
            verdict.shapes.map((s) => s.rule),
          ),
        );
    }
  }
  return { actions, covered };
}

export { showPath };

function ambiguousEndpointNote(path: string, candidates: readonly EndpointRule[]): MarkerNote {
  const moves = [...new Set(candidates.map((c) => `${code(c.v1)} → ${c.v2 ? code(c.v2) : 'no V2 equivalent'}`))];
  return word({ code: 'endpoint-ambiguous', params: { path, moves } });
}
