import type { ts as TsNamespace } from 'ts-morph';
import type { Ts } from '../codemod/typescript.js';
import { type EndpointModel, PLACEHOLDER } from '../endpoints/model.js';
import type { Fact, FactStore, StepKind } from './facts.js';
import type { ApiGraph, Version } from './graph.js';
import { skipParens } from './program-view.js';
import type { Role, Roles } from './role.js';
import { classifyUrl, joinText, routesOf, type UrlValue, versionSplitAt } from './url-value.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;

/** What the joins read and write of the tracker that owns them (the tracker is one). */
export interface JoinHost {
  readonly ts: Ts;
  readonly facts: FactStore;
  readonly roles: Roles;
  readonly graph: ApiGraph;
  readonly table: { readonly model: EndpointModel };
  readonly options: { readonly sharedBases?: ReadonlySet<Node> };
  add(node: Node, role: Role, step: StepKind, prev: Fact | undefined, note?: string, context?: string | null): void;
  /** The literal text a `const` fixes (`const API_VERSION = 'v1'`), if the expression names one. */
  constantText(expr: Expression): string | undefined;
}

/** One possible value of a part of a URL: what the tracker knows of it (a URL role), or its text. */
interface Piece {
  readonly text: string;
  readonly url?: UrlValue;
  readonly fact?: Fact;
  /** Its version segment is made of two pieces (see `UrlValue.split`). */
  readonly split?: true;
}

/** What a base was joined with somewhere: the path (or other text) after it. */
export interface BaseJoin {
  readonly base: UrlValue;
  readonly next: UrlValue | undefined;
  /** The text after the base (a placeholder where it is built at run time). */
  readonly text: string;
  readonly at: Node;
}

/** How many combinations of a join's parts are looked at (a part with many possible values is rare). */
const MAX_COMBINATIONS = 32;

/**
 * Where URLs are built: a base and what follows it meet in a template, a `+`, `new URL(path, base)`,
 * `url.resolve`, or an HTTP client's base option, wherever in the program that is. Each join is
 * recomputed when a part gets a new value; what each base was joined with, and which bases stand
 * before each path, are kept for the decisions.
 */
export class Joins {
  /** By the node a base value started from: what was joined after it. */
  readonly byBase = new Map<Node, BaseJoin[]>();
  /** By string node and piece (`id:piece`): the bases joined right before it. */
  readonly beforePiece = new Map<string, Set<UrlValue>>();
  /** By string node and piece: the expression right before it (a template's substitution, the left of a `+`). */
  readonly operands = new Map<string, Expression>();
  private readonly registered = new Set<Node>();

  constructor(private readonly t: JoinHost) {}

  /**
   * The values a part of a URL may have: its URL roles, or its text as written or as a `const` fixes
   * it (a placeholder when it is known only at run time).
   */
  private pieces(expr: Expression): Piece[] {
    const { ts } = this.t;
    const urls = this.t.facts
      .at(expr)
      .flatMap((f) =>
        f.role.t === 'url'
          ? [{ text: f.role.url.text, url: f.role.url, fact: f, ...(f.role.url.split ? { split: true as const } : {}) }]
          : [],
      );
    if (urls.length > 0) return urls;
    const e = skipParens(ts, expr);
    if (ts.isStringLiteralLike(e)) return [{ text: e.text }];
    if (ts.isNumericLiteral(e)) return [{ text: e.text }];
    // A constant that is a URL's part itself gets its role where it is written (then this is recomputed).
    const fixed = this.t.constantText(e);
    return [{ text: fixed !== undefined && !this.classify(fixed, e) ? fixed : PLACEHOLDER }];
  }

  private classify(text: string, origin: Node, parts: Pick<UrlValue, 'base' | 'path'> = {}, split = false): UrlValue | undefined {
    const url = classifyUrl(this.t.table.model, text, origin, this.t.roles.id(origin), parts);
    return url && split ? { ...url, key: `${url.key}:split`, split: true } : url;
  }

  /** `text` joined from `a` and `b` (what follows `a` ends the text): a piece, with the fact and split of either. */
  private joined(text: string, a: Piece, b: Piece): { split: boolean; piece: (url?: UrlValue) => Piece } {
    const fact = a.fact ?? b.fact;
    const split = !!a.split || !!b.split || versionSplitAt(text, text.length - b.text.length);
    return {
      split,
      piece: (url) => ({ text, ...(url ? { url } : {}), ...(fact ? { fact } : {}), ...(split ? { split: true as const } : {}) }),
    };
  }

  /** `a` then `b`: a base joined with what follows, a path or URL extended, or plain text. */
  private concat(a: Piece, b: Piece, site: Node, piece?: { node: Node; index: number }): Piece {
    if (b.text === '' && !b.url) return a;
    const text = a.text + b.text;
    const { split, piece: withFact } = this.joined(text, a, b);
    if (a.url?.kind === 'base') {
      this.record(a.url, b, site, piece);
      return withFact(this.classify(text, site, { base: a.url, ...(b.url ? { path: b.url } : {}) }, split));
    }
    if (a.url) {
      const path = a.url.path ?? (a.url.kind === 'path' || a.url.kind === 'other' ? a.url : undefined);
      return withFact(
        this.classify(text, a.url.origin, { ...(a.url.base ? { base: a.url.base } : {}), ...(path ? { path } : {}) }, split),
      );
    }
    if (b.url && a.text === '') return b;
    if (b.url && piece) this.before(piece, undefined);
    return withFact(this.classify(text, site, {}, split));
  }

  private record(base: UrlValue, next: Piece, at: Node, piece?: { node: Node; index: number }): void {
    const list = this.byBase.get(base.origin) ?? [];
    // Text written after the base in the same template or `+` (`${API}/registration/status/`) is judged as a path too.
    const nextUrl = next.url ?? (next.text.startsWith(PLACEHOLDER) ? undefined : this.classify(next.text, piece?.node ?? at));
    if (!list.some((j) => j.text === next.text && j.at === at)) list.push({ base, next: nextUrl, text: next.text, at });
    this.byBase.set(base.origin, list);
    // What follows the base is kept where it starts: a literal piece, or the value's own literal (a
    // path, or a version alone, `HOST + VERSION` with `VERSION = '/v1'`: moved where it is written).
    const target =
      piece ?? (next.url && (next.url.kind !== 'base' || !next.url.host) ? { node: next.url.origin, index: 0 } : undefined);
    if (target) this.before(target, base);
  }

  private before(piece: { node: Node; index: number }, base: UrlValue | undefined): void {
    const key = `${this.t.roles.id(piece.node)}:${piece.index}`;
    const set = this.beforePiece.get(key) ?? new Set();
    if (base) set.add(base);
    this.beforePiece.set(key, set);
  }

  /** The expression right before a piece of a string, when a join put one there. */
  operandBefore(node: Node, index: number): Expression | undefined {
    return this.operands.get(`${this.t.roles.id(node)}:${index}`);
  }

  /** The bases joined right before a piece of a string (its literal, or a template's piece); empty when only unknown text is. */
  basesBefore(node: Node, index: number): ReadonlySet<UrlValue> | undefined {
    return this.beforePiece.get(`${this.t.roles.id(node)}:${index}`);
  }

  private emit(site: Node, pieces: readonly Piece[]): void {
    for (const p of pieces) if (p.url) this.t.add(site, this.t.roles.url(p.url), 'join', p.fact);
  }

  private once(site: Node, parts: readonly Node[], compute: () => void): void {
    if (this.registered.has(site)) return;
    this.registered.add(site);
    for (const part of parts) this.t.facts.observe(part, compute);
    compute();
  }

  /** `a + b`. */
  plus(p: TsNamespace.BinaryExpression): void {
    this.pair(p, p.left, p.right);
  }

  /** `a.concat(b)`. */
  concatCall(call: TsNamespace.CallExpression, left: Expression, right: Expression): void {
    this.pair(call, left, right);
  }

  private pair(site: Node, left: Expression, rightExpr: Expression): void {
    this.once(site, [left, rightExpr], () => {
      const out: Piece[] = [];
      const right = skipParens(this.t.ts, rightExpr);
      const piece = this.t.ts.isStringLiteralLike(right) ? { node: right, index: 0 } : undefined;
      if (piece) this.operands.set(`${this.t.roles.id(right)}:0`, left);
      for (const a of this.pieces(left).slice(0, MAX_COMBINATIONS))
        for (const b of this.pieces(rightExpr).slice(0, MAX_COMBINATIONS)) out.push(this.concat(a, b, site, piece));
      this.emit(site, out);
    });
  }

  /** `[a, b, c].join(separator)`: the elements in order, the separator between each two. */
  list(site: Node, elements: readonly Expression[], separator: string): void {
    if (elements.length === 0 || elements.some((e) => this.t.ts.isSpreadElement(e))) return;
    this.once(site, elements, () => {
      const [first, ...rest] = elements as [Expression, ...Expression[]];
      let values = this.pieces(first).slice(0, MAX_COMBINATIONS);
      for (const element of rest) {
        const next: Piece[] = [];
        for (const v of values) {
          const joined = this.concat(v, { text: separator }, site);
          for (const x of this.pieces(element)) next.push(this.concat(joined, x, site));
        }
        values = next.slice(0, MAX_COMBINATIONS);
      }
      this.emit(site, values);
    });
  }

  /** `` `${a}/x/${b}` ``: the pieces in order, each substitution with its possible values. */
  template(t: TsNamespace.TemplateExpression): void {
    this.once(
      t,
      t.templateSpans.map((s) => s.expression),
      () => {
        let values: Piece[] = [{ text: t.head.text }];
        t.templateSpans.forEach((span, i) => {
          this.operands.set(`${this.t.roles.id(t)}:${i + 1}`, span.expression);
          const next: Piece[] = [];
          for (const v of values) for (const x of this.pieces(span.expression)) next.push(this.concat(v, x, t));
          const literal: Piece = { text: span.literal.text };
          values = next.slice(0, MAX_COMBINATIONS).map((v) => this.concat(v, literal, t, { node: t, index: i + 1 }));
        });
        this.emit(t, values);
      },
    );
  }

  /** `new URL(path, base)`: resolved as the URL constructor resolves it. */
  newUrl(call: TsNamespace.NewExpression): void {
    const [path, base] = call.arguments ?? [];
    if (!path) return;
    if (!base) {
      this.once(call, [path], () => this.emit(call, this.pieces(path)));
      return;
    }
    this.resolved(call, base, path);
  }

  /** `url.resolve(base, path)`. */
  urlResolve(call: TsNamespace.CallExpression): void {
    const [base, path] = call.arguments;
    if (base && path) this.resolved(call, base, path);
  }

  private resolved(site: Node, base: Expression, path: Expression): void {
    this.once(site, [base, path], () => {
      const out: Piece[] = [];
      const piece = this.t.ts.isStringLiteralLike(skipParens(this.t.ts, path))
        ? { node: skipParens(this.t.ts, path), index: 0 }
        : undefined;
      for (const a of this.pieces(base))
        for (const b of this.pieces(path)) {
          const text = joinText(a.text, b.text, true);
          // The path resolved against the base ends the text; a whole URL or an absolute path replaces
          // the base's path, and with it a version the base had split.
          const replaced = text === b.text || b.text.startsWith('/');
          const j = this.joined(text, replaced ? { text: a.text, ...(a.fact ? { fact: a.fact } : {}) } : a, b);
          if (a.url?.kind === 'base') this.record(a.url, b, site, piece);
          const url = this.classify(
            text,
            site,
            { ...(a.url?.kind === 'base' ? { base: a.url } : {}), ...(b.url ? { path: b.url } : {}) },
            j.split,
          );
          out.push(j.piece(url));
        }
      this.emit(site, out);
    });
  }

  /** `client.get(path)` on a client configured with a base: the request is made there. */
  client(base: Role, path: Expression, call: TsNamespace.CallExpression, fact: Fact): void {
    if (base.t !== 'url') return;
    this.once(call, [path], () => {
      const piece = this.t.ts.isStringLiteralLike(skipParens(this.t.ts, path))
        ? { node: skipParens(this.t.ts, path), index: 0 }
        : undefined;
      for (const p of this.pieces(path)) {
        // A client puts one slash between its base and the path (axios' `baseURL`, got's and ky's `prefixUrl`).
        const slash = !base.url.text.endsWith('/') && !/^[/?#\0]/.test(p.text) && p.text !== '';
        const b = slash ? { ...p, text: `/${p.text}` } : p;
        const joined = this.concat({ text: base.url.text, url: base.url, fact }, b, call, piece);
        if (joined.url)
          this.requestOf(call, joined.url, joined.fact ?? fact, (r) => this.t.roles.promise(this.t.roles.response(r)));
      }
    });
  }

  /** A call given an API URL (`fetch(url)`, `axios.get(url)`): what it answers is the endpoint's payload. */
  request(call: TsNamespace.CallExpression | TsNamespace.NewExpression, fact: Fact): void {
    if (fact.role.t !== 'url') return;
    // ofetch's `$fetch(url)` (Nuxt's), jQuery's `$.getJSON(url)` and `$.ajax({ url })`: a promise of the body itself, parsed.
    const callee = call.expression.getText();
    const body = callee === '$fetch' || callee === 'ofetch' || /^(?:\$|jQuery)\.(?:ajax|getJSON|get|post)$/.test(callee);
    this.requestOf(call, fact.role.url, fact, (r) => this.t.roles.promise(body ? r : this.t.roles.response(r)));
  }

  private requestOf(call: Node, url: UrlValue, fact: Fact, wrap: (r: Role) => Role): void {
    if (url.kind !== 'url' || !url.version) return;
    const shared = this.t.options.sharedBases;
    // Data the migration leaves on V1: requested through a base shared with another service, or from
    // a URL whose version no one string holds (the codemod cannot move it).
    const v1 = url.version === this.t.table.model.from;
    const stays = v1 && url.base && shared?.has(url.base.origin) ? 'shared' : v1 && url.split ? 'split' : undefined;
    for (const route of routesOf(this.t.table.model, url, false)) {
      const payload = this.t.graph.payloadOf(route.resource, route.version as Version);
      if (!payload) continue;
      const role = this.t.roles.api(payload, stays ? { stays } : {});
      this.t.add(call, wrap(role), 'request', fact, `GET ${route.template.text}`, fact.role.key);
    }
  }
}
