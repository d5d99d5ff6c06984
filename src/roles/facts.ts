import type { ts as TsNamespace } from 'ts-morph';
import type { Role } from './role.js';

type Node = TsNamespace.Node;

/**
 * How a role reached a place: the step of the tracker that put it there.
 * - `source`: the response of an API URL, a payload-shaped literal, a declared type, a URL string;
 * - `shape`: the properties code reads on a value; `slug-member`: a member named by a known slug;
 * - `flow`: an assignment, an initializer, a reference of a name; `argument`: an argument reaching
 *   a parameter; `return`: what a function returns, at a call of it;
 * - `member`: a member read from an API value; `element`: an element of a list; `heap`: a value
 *   stored in an object, array or map the program builds, read back;
 * - `await`: `await`, `.then`, an HTTP response's body; `join`: a base URL and a path joined;
 *   `request`: a call whose URL reaches an API endpoint.
 * The JSON report lists them in its schema.
 */
export const STEP_KINDS = [
  'source',
  'shape',
  'slug-member',
  'flow',
  'argument',
  'return',
  'member',
  'element',
  'heap',
  'await',
  'join',
  'request',
] as const;

export type StepKind = (typeof STEP_KINDS)[number];

/**
 * A fact: a role at a node, and how it got there (the previous fact and the step), so that a
 * decision can show the chain of places that gave it.
 */
export interface Fact {
  readonly node: Node;
  readonly role: Role;
  readonly step: StepKind;
  readonly prev: Fact | undefined;
  /**
   * How strong the evidence the chain started from is: 3 data from an API URL, a declared or
   * payload-shaped value; 2 the shape code reads; 1 a slug-named member. A role reached from two
   * sources of different strength is two facts, so the strongest chain is never hidden.
   */
  readonly strength: number;
  /** A few words on the step, when the node alone does not say it (`GET /v1/election/field/`). */
  readonly note?: string;
  /**
   * The request a payload came from (its URL's key), until the payload is back at the call that
   * asked for it: two requests of one helper give the same role, and each keeps its own chain so
   * that each call of the helper gets its own payload back.
   */
  readonly context?: string;
}

type Observer = (fact: Fact) => void;

/** The strength of a chain that starts with this step (see `Fact.strength`). */
export function strengthOf(step: StepKind): number {
  return step === 'shape' ? 2 : step === 'slug-member' ? 1 : 3;
}

/**
 * The tracker's store: facts per node and per heap cell, each with observers called for every fact
 * there now and later (the way two flows meet: a store waits for both the value and the object, a
 * join for both the base and the path). Facts only grow; the worklist runs to a fixed point.
 */
export class FactStore {
  private readonly byNode = new Map<Node, Map<string, Fact>>();
  private readonly observers = new Map<Node, Observer[]>();
  private readonly cells = new Map<string, Map<string, Fact>>();
  /** The cells of each owner (the part of a cell's name before its first `.`), for `cellsOf`. */
  private readonly owned = new Map<string, Map<string, Fact>[]>();
  private readonly cellObservers = new Map<string, Observer[]>();
  private queue: Fact[] = [];
  private head = 0;
  /** Stop growing past this many facts (a pathological program): the analysis then says what it knows. */
  private readonly limit: number;
  size = 0;
  truncated = false;
  /** The files facts were added in. */
  readonly files = new Set<TsNamespace.SourceFile>();

  constructor(limit = 500_000) {
    this.limit = limit;
  }

  at(node: Node): readonly Fact[] {
    const m = this.byNode.get(node);
    return m ? [...m.values()] : [];
  }

  has(node: Node): boolean {
    return this.byNode.has(node);
  }

  /** Every fact, node by node. */
  *all(): IterableIterator<Fact> {
    for (const m of this.byNode.values()) yield* m.values();
  }

  /**
   * Adds a fact; false when the node already had the role from evidence as strong (and the same
   * request). `context`: the request it starts (a string), none from here on (null), else the
   * previous fact's.
   */
  add(node: Node, role: Role, step: StepKind, prev: Fact | undefined, note?: string, context?: string | null): boolean {
    let m = this.byNode.get(node);
    if (!m) {
      m = new Map();
      this.byNode.set(node, m);
    }
    const strength = prev ? prev.strength : strengthOf(step);
    const ctx = context === null ? undefined : (context ?? prev?.context);
    const key = ctx === undefined ? `${role.key}#${strength}` : `${role.key}#${strength}@${ctx}`;
    if (m.has(key)) return false;
    if (this.size >= this.limit) {
      this.truncated = true;
      return false;
    }
    const fact: Fact = {
      node,
      role,
      step,
      prev,
      strength,
      ...(note ? { note } : {}),
      // Stryker disable next-line ConditionalExpression: `context: undefined` reads as no context
      ...(ctx !== undefined ? { context: ctx } : {}),
    };
    m.set(key, fact);
    this.size++;
    this.files.add(node.getSourceFile());
    this.queue.push(fact);
    return true;
  }

  /** Calls `fn` for every fact at `node`, now and later. */
  observe(node: Node, fn: Observer): void {
    const list = this.observers.get(node);
    if (list) list.push(fn);
    else this.observers.set(node, [fn]);
    const m = this.byNode.get(node);
    if (m) for (const f of [...m.values()]) fn(f);
  }

  /** The next fact to propagate, after its node's observers have seen it. */
  next(): Fact | undefined {
    const fact = this.queue[this.head];
    // At the end the head stays: a fact added later is the next one.
    if (!fact) return undefined;
    this.head++;
    // Stryker disable next-line all: when the consumed head is dropped changes memory, not the order facts come in
    if (this.head > 4096 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    for (const fn of this.observers.get(fact.node) ?? []) fn(fact);
    return fact;
  }

  /** Stores a fact's role in a heap cell (an object's member, a function's return…). */
  store(cell: string, fact: Fact): void {
    let m = this.cells.get(cell);
    if (!m) {
      m = new Map();
      this.cells.set(cell, m);
      const dot = cell.indexOf('.');
      if (dot > 0) {
        const owner = cell.slice(0, dot);
        const list = this.owned.get(owner);
        if (list) list.push(m);
        else this.owned.set(owner, [m]);
      }
    }
    const key =
      fact.context === undefined ? `${fact.role.key}#${fact.strength}` : `${fact.role.key}#${fact.strength}@${fact.context}`;
    if (m.has(key)) return;
    m.set(key, fact);
    for (const fn of [...(this.cellObservers.get(cell) ?? [])]) fn(fact);
  }

  /** Calls `fn` for every fact stored in a cell, now and later. */
  watch(cell: string, fn: Observer): void {
    const list = this.cellObservers.get(cell);
    if (list) list.push(fn);
    else this.cellObservers.set(cell, [fn]);
    const m = this.cells.get(cell);
    if (m) for (const f of [...m.values()]) fn(f);
  }

  /** Everything stored in the cells of one owner (a site's members: cells named `<owner>.<member>`). */
  cellsOf(owner: string): Fact[] {
    const out: Fact[] = [];
    if (!owner.includes('.')) {
      for (const m of this.owned.get(owner) ?? []) out.push(...m.values());
      return out;
    }
    const prefix = `${owner}.`;
    for (const [key, m] of this.cells) if (key.startsWith(prefix)) out.push(...m.values());
    return out;
  }

  /** Whether a cell holds anything yet. */
  filled(cell: string): boolean {
    return (this.cells.get(cell)?.size ?? 0) > 0;
  }
}
