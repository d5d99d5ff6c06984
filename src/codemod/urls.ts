import { type Endpoint, PLACEHOLDER } from '../endpoints/model.js';
import { code } from '../rules/format.js';
import { endpointNote, type MarkerNote, showPath, word } from './messages.js';
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

export type UrlAction =
  | { readonly kind: 'edit'; readonly start: number; readonly end: number; readonly text: string; readonly from: string }
  | { readonly kind: 'note'; readonly note: MarkerNote };

export interface UrlScan {
  readonly actions: UrlAction[];
  /** Virtual-text ranges of the URL paths seen: slugs inside them are the endpoint's business. */
  readonly covered: [number, number][];
}

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
    if (plan.model.otherServiceRoots.has(root) && (rest.length === root.length || '/?#\0'.includes(rest.charAt(root.length)))) {
      return `/${plan.model.from}/${root}/`;
    }
  }
  return undefined;
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
  const authNotes = (endpoints: readonly Endpoint[]) => {
    for (const e of endpoints) if (e.authChanges) note(endpointNote(e.rule));
  };
  const { model } = plan;

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
    const pieceStart = virtual.lastIndexOf(PLACEHOLDER, i - 1) + 1;
    const host = HOST_BEFORE.exec(virtual.slice(pieceStart, i))?.[1]?.toLowerCase();
    if (rest === '' || rest === '/' || root.includes(PLACEHOLDER)) {
      // A bare base URL: only the Civic hosts', and only when nothing else is built on it here.
      if (host && model.hosts.has(host)) {
        if (otherService) note(word({ code: 'base-url-shared', params: { base: `${host}${version}`, other: otherService } }));
        else edit(i + 1, i + version.length, model.to);
      }
      continue;
    }
    if (!model.roots.has(root)) continue;
    const verdict = model.judge(path, open);
    switch (verdict.kind) {
      case 'rewrite': {
        const { edit: e } = verdict;
        if (path.slice(e.start, e.end) !== e.text) edit(i + e.start, i + e.end, e.text);
        authNotes(verdict.endpoints);
        break;
      }
      case 'none':
        note(noneNote(path, verdict.endpoints));
        break;
      case 'ambiguous':
        note(ambiguousEndpointNote(path, verdict.endpoints));
        break;
      case 'unknown':
        // Another API's `/v1/election/…` behind its own host is none of our business.
        if (!host || model.hosts.has(host)) note(word({ code: 'endpoint-unknown', params: { path } }));
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
    if (!model.roots.has(root) || virtual.charAt(at + slash + root.length) !== '/') continue;
    if (covered.some(([s, e]) => at >= s && at < e)) continue;
    const j = pathEnd(at);
    const prefix = `${version}/`;
    const path = prefix + virtual.slice(at + slash, j);
    const open = j === virtual.length && unit.followed;
    covered.push([at, j]);
    const verdict = model.judge(path, open);
    if (verdict.kind === 'rewrite') {
      const { edit: e } = verdict;
      // Only the part after the version is in the source; a version move alone changes nothing here.
      if (e.end <= prefix.length) continue;
      const newPrefix = `/${model.to}/`;
      if (e.start !== 0 || !e.text.startsWith(newPrefix)) continue;
      const oldText = path.slice(prefix.length, e.end);
      const newText = e.text.slice(newPrefix.length);
      if (oldText !== newText) edit(at + slash, at + slash + oldText.length, newText);
      authNotes(verdict.endpoints);
    } else if (verdict.kind === 'none') note(noneNote(path, verdict.endpoints));
  }
  return { actions, covered };
}

export { showPath };

function ambiguousEndpointNote(path: string, candidates: readonly Endpoint[]): MarkerNote {
  const moves = [...new Set(candidates.map(({ rule: c }) => `${code(c.v1)} → ${c.v2 ? code(c.v2) : 'no V2 equivalent'}`))];
  return word({ code: 'endpoint-ambiguous', params: { path, moves } });
}

/** Endpoints V2 has no equivalent of: the one endpoint's own note, or the choice among several. */
function noneNote(path: string, endpoints: readonly Endpoint[]): MarkerNote {
  return endpoints.length === 1 ? endpointNote((endpoints[0] as Endpoint).rule) : ambiguousEndpointNote(path, endpoints);
}
