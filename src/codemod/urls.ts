import { type Endpoint, judgeBase, PLACEHOLDER, servedBy } from '../endpoints/model.js';
import type { RuleRef } from '../findings/record.js';
import { code } from '../rules/format.js';
import { note as makeNote, type Note } from '../vocabulary/notes.js';
import type { CodemodPlan } from './plan.js';

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

/** What the scan decides for one path: an edit of the source, or a note for a person; `at` is the path's start in the source. */
export type UrlAction =
  | {
      readonly kind: 'edit';
      readonly start: number;
      readonly end: number;
      readonly text: string;
      readonly from: string;
      readonly rule: RuleRef;
    }
  | { readonly kind: 'note'; readonly note: Note; readonly at: number; readonly end: number; readonly rule: RuleRef | null };

export interface UrlScan {
  readonly actions: UrlAction[];
  /** Virtual-text ranges of the URL paths seen: slugs inside them are the endpoint's business. */
  readonly covered: [number, number][];
}

const PATH_CHAR = /[A-Za-z0-9_\-.~%:{}<>/\0]/;
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

/** What the program's data flow says about a string unit's URLs. */
export interface UrlContext {
  /** Another service's path the program joins with this base URL, which keeps the base on V1 (a person decides); if any. */
  readonly otherService?: string | undefined;
  /**
   * What the program's data flow joins right before a piece: the versions of the bases (a path's
   * version is its base's), and the base and other service when one of them is shared.
   */
  readonly flowBefore?: (piece: number) =>
    | {
        readonly versions: ReadonlySet<string>;
        /** The API hosts of the bases joined before it (a host alone, before `/v1`). */
        readonly hosts: ReadonlySet<string>;
        readonly complete: boolean;
        readonly shared?: { readonly base: string; readonly other: string };
      }
    | undefined;
}

/**
 * Finds the Civic Data API URLs in one string unit and says how to move each to V2: `/v1/election/…`
 * paths (behind any host or proxy prefix), paths relative to a base URL (`/election/state/{x}/`),
 * and a bare base URL of the API's hosts (`https://api.voteamerica.org/v1`). Other `/v1/` URLs are
 * left alone. The context is the data flow's: the bases joined before a piece, a base shared with
 * another service.
 */
export function scanUrls(unit: StringUnit, plan: CodemodPlan, context: UrlContext = {}): UrlScan {
  const { otherService } = context;
  const virtual = virtualText(unit);
  const actions: UrlAction[] = [];
  const covered: [number, number][] = [];
  const { model } = plan;
  const pieces = pieceStarts(virtual);
  /** What the data flow joins before the piece that starts at `at`. */
  const flowAt = (at: number) => {
    const piece = pieces.indexOf(at);
    return piece === -1 ? undefined : context.flowBefore?.(piece);
  };
  const endpointRef = (e: Endpoint): RuleRef => ({ kind: 'endpoint', v1: e.rule.v1 });
  /** The path being judged: where it stands in the source, for the notes about it. */
  let current = { at: 0, end: 0 };
  const edit = (vStart: number, vEnd: number, text: string, rule: RuleRef) => {
    const start = sourceOffset(unit, vStart);
    const end = sourceOffset(unit, vEnd);
    actions.push({ kind: 'edit', start, end, text, from: virtual.slice(vStart, vEnd), rule });
  };
  const note = (n: Note, rule: RuleRef | null) => actions.push({ kind: 'note', note: n, ...current, rule });
  const pathEnd = (from: number) => {
    let j = from;
    while (j < virtual.length && PATH_CHAR.test(virtual.charAt(j))) j++;
    return j;
  };
  const authNotes = (endpoints: readonly Endpoint[]) => {
    for (const e of endpoints) if (e.authChanges) note(endpointNote(e), endpointRef(e));
  };
  /** Endpoints V2 has no equivalent of: the one endpoint's own note, or the choice among several. */
  const noneNote = (path: string, endpoints: readonly Endpoint[]) =>
    endpoints.length === 1
      ? note(endpointNote(endpoints[0] as Endpoint), endpointRef(endpoints[0] as Endpoint))
      : note(ambiguousNote(path, endpoints), null);

  // Absolute paths: `/v1/…` anywhere in the unit.
  const version = `/${model.from}`;
  for (let i = virtual.indexOf(version); i !== -1; i = virtual.indexOf(version, i + 1)) {
    const after = virtual.charAt(i + version.length);
    if (after !== '' && after !== '/' && after !== PLACEHOLDER && /[A-Za-z0-9_.-]/.test(after)) continue;
    const j = pathEnd(i);
    const path = virtual.slice(i, j);
    const open = j === virtual.length && unit.followed;
    const rest = path.slice(version.length + 1);
    const root = rest.split('/', 1)[0] as string;
    covered.push([i, j]);
    current = { at: sourceOffset(unit, i), end: sourceOffset(unit, j) };
    const pieceStart = virtual.lastIndexOf(PLACEHOLDER, i - 1) + 1;
    // The host written before the version, or (`${HOST}/v1`) the one the data flow joins before its piece.
    const written = virtual.slice(pieceStart, i);
    const host = written ? HOST_BEFORE.exec(written)?.[1]?.toLowerCase() : [...(flowAt(pieceStart)?.hosts ?? [])][0];
    if (rest === '' || rest === '/' || root.includes(PLACEHOLDER)) {
      // A bare base URL: only the Civic hosts', and only when nothing else is built on it here.
      if (host && model.hosts.has(host)) {
        const ref: RuleRef = { kind: 'host', v1: host };
        current = { at: current.at, end: sourceOffset(unit, i + version.length) };
        if (otherService) note(makeNote('base-url-shared', { base: `${host}${version}`, other: otherService }), ref);
        else edit(i, i + version.length, `/${model.to}`, ref);
      }
      continue;
    }
    if (!model.roots.has(root)) continue;
    const exact = model.judge(path, open);
    // A whole base (`'…/v1/election/'`) that code extends elsewhere: judged as the endpoints under it.
    const verdict = exact.kind === 'unknown' && path.endsWith('/') ? (judgeBase(model, path) ?? exact) : exact;
    switch (verdict.kind) {
      case 'rewrite': {
        const { edit: e } = verdict;
        if (path.slice(e.start, e.end) !== e.text)
          edit(i + e.start, i + e.end, e.text, endpointRef(verdict.endpoints[0] as Endpoint));
        authNotes(verdict.endpoints);
        break;
      }
      case 'none':
        noneNote(path, verdict.endpoints);
        break;
      case 'ambiguous':
        note(ambiguousNote(path, verdict.endpoints), null);
        break;
      case 'unknown':
        // Another API's `/v1/election/…` behind its own host is none of our business.
        if (!host || model.hosts.has(host)) note(makeNote('endpoint-unknown', { path }), null);
        break;
      case 'route':
        note(makeNote('endpoint-route', { path }), null);
        break;
    }
  }

  // Relative paths at the start of a piece (`'/election/state/' + code`, `` `${BASE}/election/state/${c}/` ``),
  // and V1-only paths anywhere, as behind a proxy that adds the version (`/api/proxy/election/state/…`).
  const starts = new Set(pieces);
  for (const stem of model.movedStems) {
    for (let at = virtual.indexOf(stem); at !== -1; at = virtual.indexOf(stem, at + 1)) {
      if (!/\/v[0-9]+$/.test(virtual.slice(Math.max(0, at - 4), at))) starts.add(at);
    }
  }
  for (const at of [...starts].sort((x, y) => x - y)) {
    const slash = virtual.charAt(at) === '/' ? 1 : 0;
    const root = virtual.slice(at + slash).split(/[/?#\0]/, 1)[0] as string;
    if (!model.roots.has(root) || virtual.charAt(at + slash + root.length) !== '/') continue;
    if (covered.some(([s, e]) => at >= s && at < e)) continue;
    // A path's version is the version of the base it is joined with.
    const flow = flowAt(at);
    const flowV1 = flow?.versions.has(model.from) ?? false;
    // Only a base whose every value is known says a path is not V1 (a `let` or a parameter may hold anything).
    if (flow && flow.versions.size > 0 && !flowV1 && flow.complete) continue;
    const base = flowV1 ? model.from : undefined;
    const j = pathEnd(at);
    const prefix = `${version}/`;
    const path = prefix + virtual.slice(at + slash, j);
    const open = j === virtual.length && unit.followed;
    covered.push([at, j]);
    current = { at: sourceOffset(unit, at), end: sourceOffset(unit, j) };
    const verdict = model.judge(path, open);
    // Joined with a V1 base that is shared with another service: the base stays, so this call cannot move alone.
    if (flow?.shared && verdict.kind !== 'unknown' && verdict.kind !== 'route') {
      note(makeNote('path-on-shared-base', { path, base: flow.shared.base, other: flow.shared.other }), null);
      continue;
    }
    // A V2-only endpoint (V1 never served it) on a base the program does not show: evidence of V2 code.
    if (base === undefined && 'endpoints' in verdict && verdict.endpoints.every((e) => e.rule.existed === false)) continue;
    if (verdict.kind === 'rewrite') {
      const { edit: e } = verdict;
      // Only the part after the version is in the source; a version move alone changes nothing here.
      if (e.end <= prefix.length) continue;
      const newPrefix = `/${model.to}/`;
      if (e.start !== 0 || !e.text.startsWith(newPrefix)) continue;
      const oldText = path.slice(prefix.length, e.end);
      const newText = e.text.slice(newPrefix.length);
      if (oldText !== newText)
        edit(at + slash, at + slash + oldText.length, newText, endpointRef(verdict.endpoints[0] as Endpoint));
      authNotes(verdict.endpoints);
    } else if (verdict.kind === 'none') noneNote(path, verdict.endpoints);
  }
  return { actions, covered };
}

/** The note for an endpoint whose V2 twin needs a person (none, or other authentication). */
export function endpointNote(e: Endpoint): Note {
  return makeNote('endpoint', { v1: e.rule.v1, v2: e.rule.v2, description: e.rule.description });
}

/** A path that can reach endpoints that move differently. */
export function ambiguousNote(path: string, candidates: readonly Endpoint[]): Note {
  const moves = [
    ...new Set(servedBy(candidates).map(({ rule: c }) => `${code(c.v1)} → ${c.v2 ? code(c.v2) : 'no V2 equivalent'}`)),
  ];
  return makeNote('endpoint-ambiguous', { path, moves });
}
