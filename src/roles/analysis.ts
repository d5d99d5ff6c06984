import type { ts as TsNamespace } from 'ts-morph';
import { endpointModel, PLACEHOLDER } from '../endpoints/model.js';
import type { Mappings } from '../mapping/mappings.js';
import { once } from '../once.js';
import { seedConfigValues } from './config-reads.js';
import type { ConfigSources, ConfigValue } from './config-sources.js';
import type { Fact } from './facts.js';
import type { ApiNode, Version } from './graph.js';
import type { BaseJoin } from './joins.js';
import type { ProgramView } from './program-view.js';
import { memberWeights, seedFile } from './seeds.js';
import { Tracker, type TrackerTable } from './tracker.js';
import type { UrlValue } from './url-value.js';

type Node = TsNamespace.Node;

/** What the role engine says about a program, for the decisions about its files. */
export interface RoleAnalysis {
  /** The roles a node holds, with how each got there. */
  at(node: Node): readonly Fact[];
  /** The channels by name the API's data took between files (`Tracker.channels`): none, or the analysis of a part is not the whole's. */
  readonly channels: ReadonlySet<string>;
  /**
   * For a base URL (the literal or template it starts from): a path of another service the program
   * joins it with, as `/v1/registration/status/…`; undefined when every path joined with it is the API's.
   */
  sharedWith(node: Node): string | undefined;
  /**
   * What the program joins right before a piece of a string (its literal, or a template's piece
   * after a substitution): the versions of the bases (`none`: a host without a version), and the
   * other service's path when one of those bases is shared. Undefined when nothing tracked stands
   * there; an empty set of versions when only unknown text does.
   */
  before(
    node: Node,
    piece: number,
  ):
    | {
        readonly versions: ReadonlySet<Version | 'none'>;
        /** The API hosts of those bases (lower case). */
        readonly hosts: ReadonlySet<string>;
        /** Every value that can stand there is one of these bases (no untracked write reaches it). */
        readonly complete: boolean;
        readonly shared?: { readonly base: string; readonly other: string };
      }
    | undefined;
  /** The URL values of the repository's config files: where code reads them and what it joins them with. */
  configUses(): readonly ConfigUse[];
  /** For a string literal compared with a slug the API sends: the fact that says so. */
  slugSlot(literal: Node): Fact | undefined;
  /**
   * GraphQL types the program fills with the API's objects: a node a source plugin creates
   * (`createNode({ ...field, internal: { type: 'CivicField' } })`) whose data has an API role.
   * A type filled with objects of two roles has none.
   */
  apiTypes(): ReadonlyMap<string, ApiNode>;
  /**
   * Where the API's data is handed to a callback that is no function the program shows
   * (`.then(handlers[kind])`, `cb(data)` on a parameter no caller fills), in one file: the callback
   * and the data. What the callback reads is not followed.
   */
  unfollowed(sf: TsNamespace.SourceFile): readonly { readonly node: Node; readonly facts: readonly Fact[] }[];
  /**
   * Requests of the API in one file whose data no value of the program holds (`https.get(url, cb)`,
   * `$.getJSON(url)`, `res.text()` then `JSON.parse`): where the response is read is not seen.
   */
  unread(sf: TsNamespace.SourceFile): readonly { readonly node: Node; readonly facts: readonly Fact[] }[];
  /**
   * Where one file stores the API's data in web storage (`localStorage.setItem(key,
   * JSON.stringify(data))`): what is read back is followed, but copies stored earlier persist.
   */
  persisted(sf: TsNamespace.SourceFile): readonly { readonly node: Node; readonly facts: readonly Fact[] }[];
  /** Where one file's routes send the API's data to clients the program does not hold (`res.json(data)`), with the route. */
  sent(sf: TsNamespace.SourceFile): readonly { readonly node: Node; readonly facts: readonly Fact[] }[];
  /** Vue apps of one file whose template is the page's markup (`new Vue({ el })`), holding the API's data. */
  inPage(sf: TsNamespace.SourceFile): readonly { readonly node: Node; readonly facts: readonly Fact[] }[];
  /**
   * Calls in one file given an API base or URL that no summary, join or request stands for
   * (`urljoin(BASE, …)`, `new ApiClient(BASE)`), whose result the program uses: what they make of it is not seen.
   */
  unseenUrls(sf: TsNamespace.SourceFile): readonly { readonly node: Node; readonly facts: readonly Fact[] }[];
  /**
   * String literals of one file that name a property read on the API's data by a library
   * (`_.map(fields, 'long_name')`, `_.get(item, 'value')`), with that data.
   */
  named(sf: TsNamespace.SourceFile): readonly { readonly node: Node; readonly facts: readonly Fact[] }[];
  /**
   * String literals of one file a call gives a parameter that keys a read of the API's data (`x[key]`
   * in `pluck(list, key)`), where the function's other calls may hand it other objects: not renamed.
   */
  keyGivers(sf: TsNamespace.SourceFile): readonly { readonly node: Node; readonly facts: readonly Fact[] }[];
  /** Whether a value is a module's exports (`require('./x')`, `import * as x`, `module.exports = { … }`): its members are the program's own names. */
  isModule(node: Node): boolean;
  /** Files of the program a tracked value reaches (where decisions may apply). */
  readonly reached: ReadonlySet<TsNamespace.SourceFile>;
  /**
   * The files other than `files` that a tracked value goes through on its way to or from them: it
   * reaches them after it went through one of `files` (a fact whose chain passes a node of theirs:
   * what `files` hand on), or it went through them before it reached one of `files` (a node in the
   * chain of a fact that stands in `files`: what `files` are handed). Asked by a run given some of a
   * configured program's files.
   */
  linkedTo(files: ReadonlySet<TsNamespace.SourceFile>): ReadonlySet<TsNamespace.SourceFile>;
  /** Files an import reaches, where a tracked value goes, that the program does not hold. */
  readonly wanted: ReadonlySet<string>;
  /** Files whose exports carry a tracked value: their importers read it. */
  readonly exporting: ReadonlySet<TsNamespace.SourceFile>;
  /** True when the analysis stopped at its size limit: what it says holds, but it may not say everything. */
  readonly truncated: boolean;
}

/** A URL kept in a config file, as the program uses it. */
export interface ConfigUse {
  readonly value: ConfigValue;
  /** What the value is (a base, a whole URL…). */
  readonly url: UrlValue;
  /** The fact the value starts with. */
  readonly source: Fact;
  /** The furthest fact a reviewer can follow: where code joins the value with a path, or reads it. */
  readonly evidence: Fact;
  /** The expressions in code its URL reaches (reads of the variable or key, and where they flow). */
  readonly reads: readonly Node[];
  /** What code joins it with, when it is a base. */
  readonly joins: readonly BaseJoin[];
  /** Another service's path it is joined with, if any (`/v1/registration/status/…`). */
  readonly shared: string | undefined;
}

const tables = new WeakMap<Mappings, TrackerTable>();

/** What the tracker reads of the table (built once per table). */
export function trackerTable(m: Mappings): TrackerTable {
  let table = tables.get(m);
  if (!table) {
    const slugVersion = new Map<string, 'v1' | 'v2'>();
    for (const slug of m.v2Slugs) slugVersion.set(slug, 'v2');
    for (const slug of m.v1Slugs) slugVersion.set(slug, 'v1');
    const slugOnly = new Map<string, 'v1' | 'v2'>();
    for (const slug of m.v2Slugs) if (!m.v1Slugs.has(slug)) slugOnly.set(slug, 'v2');
    for (const slug of m.v1Slugs) if (!m.v2Slugs.has(slug)) slugOnly.set(slug, 'v1');
    table = { model: endpointModel(m), decided: new Set(m.properties.map((p) => p.v1)), slugVersion, slugOnly };
    tables.set(m, table);
  }
  return table;
}

/**
 * Runs the role engine over a program: seeds in `files` (default: all of the program's own), then
 * the worklist to a fixed point. A base that turns out to be shared with another service is known
 * only at the end, and the data requested through it stays V1: then a second round runs with it.
 */
export function analyzeRoles(
  view: ProgramView,
  mappings: Mappings,
  files?: Iterable<TsNamespace.SourceFile>,
  config?: ConfigSources,
): RoleAnalysis {
  const table = trackerTable(mappings);
  const seeded = [...(files ?? view.files.values())];
  const round = (sharedBases?: ReadonlySet<Node>) => {
    const t = new Tracker(view, table, { ...(sharedBases ? { sharedBases } : {}), ...(config ? { config } : {}) });
    if (config) seedConfigValues(t, config);
    const weights = memberWeights(t.graph, table.decided);
    for (const sf of seeded) seedFile(t, sf, weights);
    t.run();
    return t;
  };
  let t = round();
  const shared = sharedBases(t);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a round with no shared base finds what the first found (it only costs time)
  if (shared.size > 0) t = round(shared);

  const reached = t.facts.files;
  const unfollowed = t.unfollowed();
  // Asked by the decisions only (an inferred program's earlier rounds never are): computed once, then.
  const apiTypes = once(() => graphqlTypesOf(t, reached));
  const unread = once(() => t.unread());
  const unseenUrls = once(() => t.unseenUrls());
  const model = table.model;
  /** Another service's path a V1 base starting at `origin` is joined with, as `/v1/registration/status/…`. */
  const otherOf = (origin: Node) => {
    const other = t.joins.byBase.get(origin)?.find((j) => j.base.version === model.from && j.next?.kind === 'other');
    return other ? `/${model.from}/${other.text.replace(/^\//, '').replaceAll(PLACEHOLDER, '…')}` : undefined;
  };
  return {
    at: (node) => t.facts.at(node),
    channels: t.channels,
    sharedWith: (node) => {
      for (let n: Node | undefined = node; n; n = n.parent) {
        const other = otherOf(n);
        if (other) return other;
        const p = n.parent;
        // A base built with `+` (`HOST + '/v1'`) starts at the whole expression.
        if (!p || !t.ts.isBinaryExpression(p)) break;
      }
      return undefined;
    },
    before: (node, piece) => {
      const bases = t.joins.basesBefore(node, piece);
      if (!bases) return undefined;
      const versions = new Set([...bases].map((b) => b.version ?? ('none' as const)));
      const sharedBase = [...bases].find((b) => otherOf(b.origin) !== undefined);
      const shared = sharedBase && { base: baseText(sharedBase), other: otherOf(sharedBase.origin) as string };
      const operand = t.joins.operandBefore(node, piece);
      const complete = operand ? t.basesComplete(operand) : true;
      const hosts = new Set([...bases].flatMap((b) => (b.host ? [b.host] : [])));
      return { versions, hosts, complete, ...(shared ? { shared } : {}) };
    },
    slugSlot: (literal) => t.slugSlots.get(literal),
    configUses: () => {
      if (!config) return [];
      const uses: ConfigUse[] = [];
      for (const [node, value] of config.all()) {
        const source = t.facts.at(node).find((f) => f.role.t === 'url' && f.step === 'source');
        if (source?.role.t !== 'url') continue;
        const reads = [...(t.configReads.get(node) ?? [])];
        const joins = t.joins.byBase.get(node) ?? [];
        // The chain a reviewer follows: from the file's value to where code joins it with a path (or reads it).
        const reaching = (at: Node) => t.facts.at(at).find((f) => f.role.t === 'url' && urlFrom(f.role.url, node));
        const evidence = (joins[0] && reaching(joins[0].at)) ?? (reads[0] && reaching(reads[0])) ?? source;
        uses.push({ value, url: source.role.url, reads, joins, shared: otherOf(node), source, evidence });
      }
      return uses;
    },
    apiTypes,
    unfollowed: (sf) => inFile(unfollowed, sf),
    persisted: (sf) => inFile(t.persistedAt(), sf),
    inPage: (sf) => inFile(t.inPageApps(), sf),
    sent: (sf) => inFile(t.sentAway(), sf),
    unread: (sf) => inFile(unread(), sf),
    unseenUrls: (sf) => inFile(unseenUrls(), sf),
    named: (sf) => inFile(t.namedOn(), sf),
    keyGivers: (sf) => inFile(t.keyGivers, sf),
    isModule: (node) => t.isModuleValue(node),
    reached,
    linkedTo: (files) => linkedTo(t.facts.all(), files),
    wanted: t.wanted(),
    exporting: t.exporting(),
    truncated: t.facts.truncated,
  };
}

/**
 * The files other than `files` where a fact stands whose chain (its `prev` facts) passes a node of
 * `files`, and the files of the nodes in the chains of the facts that stand in `files`.
 */
function linkedTo(facts: Iterable<Fact>, files: ReadonlySet<TsNamespace.SourceFile>): ReadonlySet<TsNamespace.SourceFile> {
  const through = new Map<Fact, boolean>();
  const passes = (fact: Fact): boolean => {
    // Iteratively, the chain from the fact back to its source: long chains stay off the stack.
    const chain: Fact[] = [];
    let answer = false;
    for (let f: Fact | undefined = fact; f; f = f.prev) {
      const known = through.get(f);
      if (known !== undefined) {
        answer = known;
        break;
      }
      chain.push(f);
      if (files.has(f.node.getSourceFile())) {
        answer = true;
        break;
      }
    }
    for (const f of chain) through.set(f, answer);
    return answer;
  };
  const out = new Set<TsNamespace.SourceFile>();
  // Facts whose chain has been walked back to its source already: chains share their beginnings.
  const walked = new Set<Fact>();
  for (const fact of facts) {
    const sf = fact.node.getSourceFile();
    if (files.has(sf)) {
      // Where what stands here came through.
      for (let f = fact.prev; f && !walked.has(f); f = f.prev) {
        walked.add(f);
        const from = f.node.getSourceFile();
        if (!files.has(from)) out.add(from);
      }
    } else if (!out.has(sf) && passes(fact)) out.add(sf);
  }
  return out;
}

/** The entries of a map by node that stand in one file. */
function inFile(
  byNode: ReadonlyMap<Node, readonly Fact[]>,
  sf: TsNamespace.SourceFile,
): { readonly node: Node; readonly facts: readonly Fact[] }[] {
  return [...byNode].filter(([node]) => node.getSourceFile() === sf).map(([node, facts]) => ({ node, facts }));
}

/** Whether a URL is made from a value that started at `origin` (itself, or a join of it). */
function urlFrom(url: UrlValue, origin: Node): boolean {
  for (let u: UrlValue | undefined = url; u; u = u.base) if (u.origin === origin) return true;
  return false;
}

/** A base as people write it in notes: `api.voteamerica.org/v1`. */
function baseText(base: UrlValue): string {
  return `${base.host ?? ''}${base.version ? `/${base.version}` : ''}`;
}

/** The V1 bases joined with a path outside the API's own (another service's). */
function sharedBases(t: Tracker): Set<Node> {
  const out = new Set<Node>();
  const from = t.table.model.from;
  for (const [origin, joins] of t.joins.byBase)
    if (joins.some((j) => j.base.version === from && j.next?.kind === 'other')) out.add(origin);
  return out;
}

/** The member of a created node's object that names its GraphQL type (`internal: { type }`, as Gatsby's `createNode` takes it). */
const NODE_INTERNAL = 'internal';

/** GraphQL node types filled with API objects, from the object literals that create them (see `RoleAnalysis.apiTypes`). */
function graphqlTypesOf(t: Tracker, files: Iterable<TsNamespace.SourceFile>): Map<string, ApiNode> {
  const { ts } = t;
  const found = new Map<string, ApiNode | null>();
  const objectOf = (n: TsNamespace.Node) =>
    t.facts.at(n).flatMap((f) => (f.role.t === 'api' && f.role.node.kind === 'object' ? [f.role.node] : []));
  const visit = (n: TsNamespace.Node): void => {
    if (ts.isObjectLiteralExpression(n)) {
      const internal = n.properties.find(
        (p): p is TsNamespace.PropertyAssignment =>
          ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === NODE_INTERNAL,
      );
      const init = internal && ts.isObjectLiteralExpression(internal.initializer) ? internal.initializer : undefined;
      const type = init?.properties.find(
        (p): p is TsNamespace.PropertyAssignment =>
          ts.isPropertyAssignment(p) &&
          ts.isIdentifier(p.name) &&
          p.name.text === 'type' &&
          ts.isStringLiteralLike(p.initializer),
      );
      if (type) {
        // The object's own role, or the role of what it spreads (`{ ...field, id, internal }`).
        const nodes = [...objectOf(n), ...n.properties.flatMap((p) => (ts.isSpreadAssignment(p) ? objectOf(p.expression) : []))];
        const name = (type.initializer as TsNamespace.StringLiteralLike).text;
        for (const node of new Set(nodes)) {
          const before = found.get(name);
          found.set(name, before === undefined || before === node ? node : null);
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  for (const sf of files) if (sf.text.includes(NODE_INTERNAL)) visit(sf);
  const out = new Map<string, ApiNode>();
  for (const [name, node] of found) if (node) out.set(name, node);
  return out;
}
