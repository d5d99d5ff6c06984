import type { ts as TsNamespace } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { typescript } from '../src/codemod/typescript.js';
import { type Fact, FactStore, STEP_KINDS, strengthOf } from '../src/roles/facts.js';
import { buildApiGraph } from '../src/roles/graph.js';
import { Roles } from '../src/roles/role.js';

/*
 * The tracker's store of facts, alone: what it keeps per node and per cell, the keys that tell two
 * facts apart (role, strength, request), the order facts come back in, observers and watchers now
 * and later, and the limit.
 */

const ts = typescript();

/** Three distinct nodes of a small file, and the file. */
function nodes(): { a: TsNamespace.Node; b: TsNamespace.Node; c: TsNamespace.Node; file: TsNamespace.SourceFile } {
  const file = ts.createSourceFile('/facts.ts', 'const a = 1;\nconst b = 2;\nconst c = 3;\n', ts.ScriptTarget.Latest, true);
  const [a, b, c] = file.statements as unknown as [TsNamespace.Node, TsNamespace.Node, TsNamespace.Node];
  return { a, b, c, file };
}

/** Built in the test that asks (a graph built while the file loads would make its mutants static). */
function roles() {
  const graph = buildApiGraph();
  const r = new Roles();
  const item = graph.node('item', 'v1');
  const descriptor = graph.node('descriptor', 'v1');
  if (!item || !descriptor) throw new Error('no V1 item or descriptor in the graph');
  return { item: r.api(item), descriptor: r.api(descriptor) };
}

/** A fact in words: its role's key, step, strength, note, request and the step before it. */
const words = (f: Fact) =>
  [f.role.key, f.step, f.strength, f.note ?? '-', f.context ?? '-', f.prev ? `after ${f.prev.step}` : 'first'].join(' ');

describe('the fact store', () => {
  it('gives a chain the strength of the step it starts with: a shape 2, a slug-named member 1, anything else 3', () => {
    expect(STEP_KINDS.map((step) => `${step}:${strengthOf(step)}`)).toEqual([
      'source:3',
      'shape:2',
      'slug-member:1',
      'flow:3',
      'argument:3',
      'return:3',
      'member:3',
      'element:3',
      'heap:3',
      'await:3',
      'join:3',
      'request:3',
    ]);
  });

  it('keeps a fact per role, strength and request at a node; the same again is not added', () => {
    const { a, b, file } = nodes();
    const { item, descriptor } = roles();
    const store = new FactStore();
    expect(store.has(a)).toBe(false);
    expect(store.at(a)).toEqual([]);
    expect(store.add(a, item, 'source', undefined, 'GET /v1/election/state/{state}/')).toBe(true);
    expect(store.add(a, item, 'source', undefined)).toBe(false);
    // Weaker evidence for the same role is another fact: the strongest chain is never hidden.
    expect(store.add(a, item, 'shape', undefined)).toBe(true);
    expect(store.add(a, descriptor, 'slug-member', undefined)).toBe(true);
    // A request of its own: another fact; the same request again: not.
    expect(store.add(a, item, 'source', undefined, undefined, 'GET state')).toBe(true);
    expect(store.add(a, item, 'source', undefined, undefined, 'GET state')).toBe(false);
    expect(store.at(a).map(words)).toEqual([
      'api:v1.item::: source 3 GET /v1/election/state/{state}/ - first',
      'api:v1.item::: shape 2 - - first',
      'api:v1.descriptor::: slug-member 1 - - first',
      'api:v1.item::: source 3 - GET state first',
    ]);
    // Two roles of one request, and one role of two requests: each kept.
    expect(store.add(a, descriptor, 'source', undefined, undefined, 'GET state')).toBe(true);
    expect(store.add(a, item, 'source', undefined, undefined, 'GET fields')).toBe(true);
    expect(store.at(a).slice(4).map(words)).toEqual([
      'api:v1.descriptor::: source 3 - GET state first',
      'api:v1.item::: source 3 - GET fields first',
    ]);
    expect([store.has(a), store.has(b), store.size, store.truncated]).toEqual([true, false, 6, false]);
    expect([...store.files]).toEqual([file]);
  });

  it("carries the previous fact's strength and request, unless the step starts one or ends it", () => {
    const { a, b, c } = nodes();
    const { item } = roles();
    const store = new FactStore();
    store.add(a, item, 'shape', undefined, undefined, 'GET state');
    const [first] = store.at(a) as [Fact];
    expect(store.add(b, item, 'flow', first)).toBe(true);
    expect(store.at(b).map(words)).toEqual(['api:v1.item::: flow 2 - GET state after shape']);
    // null: the payload is back at the call that asked for it, so no request from here on.
    expect(store.add(c, item, 'return', first, undefined, null)).toBe(true);
    // Another request from here on.
    expect(store.add(c, item, 'argument', first, 'into f', 'GET fields')).toBe(true);
    expect(store.at(c).map(words)).toEqual([
      'api:v1.item::: return 2 - - after shape',
      'api:v1.item::: argument 2 into f GET fields after shape',
    ]);
  });

  it('hands facts back in the order they were added, each after its node’s observers saw it', () => {
    const { a, b } = nodes();
    const { item, descriptor } = roles();
    const store = new FactStore();
    const seen: string[] = [];
    store.observe(a, (f) => seen.push(`a saw ${f.step}`));
    store.add(a, item, 'source', undefined);
    store.add(b, item, 'flow', undefined);
    store.add(a, descriptor, 'shape', undefined);
    // Observers run when a fact is handed back, not when it is added.
    expect(seen).toEqual([]);
    const out: string[] = [];
    for (let f = store.next(); f; f = store.next()) out.push(f.step);
    expect(out).toEqual(['source', 'flow', 'shape']);
    expect(seen).toEqual(['a saw source', 'a saw shape']);
    expect(store.next()).toBeUndefined();
    // An observer that comes later sees what is there already, at once.
    const late: string[] = [];
    store.observe(a, (f) => late.push(f.step));
    expect(late).toEqual(['source', 'shape']);
    // A fact added after the queue ran out is the next one; both observers of its node see it.
    store.add(a, item, 'slug-member', undefined);
    store.next();
    expect([seen.at(-1), late.at(-1)]).toEqual(['a saw slug-member', 'slug-member']);
  });

  it('keeps every fact through a long queue (its consumed head is dropped as it goes)', () => {
    const file = ts.createSourceFile(
      '/many.ts',
      Array.from({ length: 10_000 }, (_, i) => `x${i};`).join('\n'),
      ts.ScriptTarget.Latest,
      true,
    );
    const { item } = roles();
    const store = new FactStore();
    const handed: TsNamespace.Node[] = [];
    // Added while the queue is being consumed, as the tracker does.
    for (const statement of file.statements.slice(0, 6000)) store.add(statement, item, 'flow', undefined);
    for (let i = 0; i < 5000; i++) handed.push((store.next() as Fact).node);
    for (const statement of file.statements.slice(6000)) store.add(statement, item, 'flow', undefined);
    for (let f = store.next(); f; f = store.next()) handed.push(f.node);
    expect(handed).toEqual([...file.statements]);
    expect(store.size).toBe(10_000);
  });

  it('stops at its limit and says so', () => {
    const { a, b, c } = nodes();
    const { item, descriptor } = roles();
    const store = new FactStore(2);
    expect(store.add(a, item, 'source', undefined)).toBe(true);
    expect(store.add(b, item, 'source', undefined)).toBe(true);
    expect(store.truncated).toBe(false);
    expect(store.add(c, item, 'source', undefined)).toBe(false);
    expect(store.add(a, descriptor, 'source', undefined)).toBe(false);
    expect([store.size, store.truncated, store.at(c)]).toEqual([2, true, []]);
    // A fact it has already is not news, even at the limit.
    const full = new FactStore(1);
    full.add(a, item, 'source', undefined);
    expect(full.add(a, item, 'source', undefined)).toBe(false);
    expect(full.truncated).toBe(false);
  });

  it('stores facts in cells by role, strength and request; watchers see what is there and what comes', () => {
    const { a } = nodes();
    const { item, descriptor } = roles();
    const store = new FactStore();
    store.add(a, item, 'source', undefined);
    store.add(a, item, 'shape', undefined);
    store.add(a, descriptor, 'source', undefined, undefined, 'GET fields');
    const [strong, weak, asked] = store.at(a) as [Fact, Fact, Fact];
    expect([store.filled('site#1.fields'), store.cellsOf('site#1')]).toEqual([false, []]);
    const early: string[] = [];
    store.watch('site#1.fields', (f) => early.push(words(f)));
    store.store('site#1.fields', strong);
    store.store('site#1.fields', strong);
    store.store('site#1.fields', weak);
    store.store('site#1.fields', asked);
    store.store('site#1.other', strong);
    store.store('site#12.fields', asked);
    // In a cell too, facts are told apart by role, strength and request.
    store.add(a, item, 'source', undefined, undefined, 'GET fields');
    store.add(a, item, 'source', undefined, undefined, 'GET state');
    const [, , , byFields, byState] = store.at(a) as Fact[];
    store.store('site#2.x', byFields as Fact);
    store.store('site#2.x', byState as Fact);
    store.store('site#2.x', asked);
    expect(store.cellsOf('site#2').map(words)).toEqual([
      'api:v1.item::: source 3 - GET fields first',
      'api:v1.item::: source 3 - GET state first',
      'api:v1.descriptor::: source 3 - GET fields first',
    ]);
    expect(early).toEqual([
      'api:v1.item::: source 3 - - first',
      'api:v1.item::: shape 2 - - first',
      'api:v1.descriptor::: source 3 - GET fields first',
    ]);
    const late: string[] = [];
    store.watch('site#1.fields', (f) => late.push(f.step));
    expect(late).toEqual(['source', 'shape', 'source']);
    expect(store.filled('site#1.fields')).toBe(true);
    expect(store.filled('site#1')).toBe(false);
    // An owner's cells are `<owner>.<member>`: not another owner whose name starts the same.
    expect(store.cellsOf('site#1').map(words)).toEqual([...early, 'api:v1.item::: source 3 - - first']);
    // A member named with a dot (`obj['a.b']`) is still its owner's; an owner asked with a dot finds its cells too.
    store.store('site#3.a.b', strong);
    store.store('site#3.a', weak);
    expect([store.cellsOf('site#3').map((f) => f.step), store.cellsOf('site#3.a').map((f) => f.step)]).toEqual([
      ['source', 'shape'],
      ['source'],
    ]);
    // A watcher added by a watcher sees the fact being stored next time, not twice now.
    const nested: string[] = [];
    store.watch('cell', () => store.watch('cell', (f) => nested.push(f.step)));
    store.store('cell', strong);
    expect(nested).toEqual(['source']);
  });
});
