import { describe, expect, it } from 'vitest';
import { type ApiGraph, type ApiNode, apiGraph, buildApiGraph, type Concept } from '../src/roles/graph.js';

/*
 * The API graph read off the wire schemas: every node the engine can give a value, exactly. Each
 * test builds its own graph (`buildApiGraph`), so that what it asserts is what the build does now,
 * not what an earlier test's graph held.
 */

/** A node in one line: id, concept, version, noun, kind, and its element or members by id. */
function line(n: ApiNode): string {
  const members = [...n.members].map(([key, member]) => `${key}: ${member.id}`).join(', ');
  return [
    n.id,
    n.concept,
    n.version ?? 'both',
    `"${n.noun}"`,
    n.kind,
    ...(n.element ? [`of ${n.element.id}`] : []),
    ...(members ? [`{ ${members} }`] : []),
  ].join(' | ');
}

/** Every node reachable from the graph's objects, each once, in the order first met. */
function reachable(graph: ApiGraph): ApiNode[] {
  const seen = new Set<ApiNode>();
  const visit = (n: ApiNode): void => {
    if (seen.has(n)) return;
    seen.add(n);
    if (n.element) visit(n.element);
    for (const member of n.members.values()) visit(member);
  };
  for (const n of graph.objects) visit(n);
  return [...seen];
}

const CONCEPTS: readonly Concept[] = [
  'field-list',
  'descriptor',
  'record',
  'item-list',
  'item',
  'override-list',
  'override',
  'override-region',
  'override-field',
  'slug',
  'text',
];

describe('the API graph', () => {
  it('has one node per object, list and slug of the wire shapes, each member pointing at its node', () => {
    const graph = buildApiGraph();
    expect(reachable(graph).map(line)).toEqual([
      'v1.descriptor | descriptor | v1 | "field descriptor" | object | { slug: slug, long_name: text, field_format: text }',
      'slug | slug | both | "slug" | slug',
      'text | text | both | "value" | text',
      'v2.descriptor | descriptor | v2 | "field descriptor" | object | { slug: slug, description: text, field_format: text, options: v2.text-list }',
      'v2.text-list | text-list | v2 | "list of values" | list | of text',
      'v1.record | record | v1 | "state record" | object | { code: text, name: text, state_information: v1.item-list }',
      'v1.item-list | item-list | v1 | "list of state information items" | list | of v1.item',
      'v1.item | item | v1 | "state information item" | object | { text: text, field_type: slug, modified_at: text, value: text }',
      'v2.record | record | v2 | "state record" | object | { code: text, name: text, state_information: v2.item-list }',
      'v2.item-list | item-list | v2 | "list of state information items" | list | of v2.item',
      'v2.item | item | v2 | "state information item" | object | { field_type: slug, text: text, bool_value: text, multiselect_value: v2.text-list, footnotes: text, modified_at: text }',
      // Another array of the schemas, another node (of the same id): nodes are per schema, not per shape.
      'v2.text-list | text-list | v2 | "list of values" | list | of text',
      'v2.override | override | v2 | "regional override" | object | { state: text, region: v2.override-region, field: v2.override-field, value: text }',
      'v2.override-region | override-region | v2 | "override region" | object | { name: text }',
      'v2.override-field | override-field | v2 | "override field" | object | { slug: slug }',
    ]);
    // The objects to score shapes against: objects only, no list, no scalar.
    expect(graph.objects.map((n) => n.id)).toEqual([
      'v1.descriptor',
      'v2.descriptor',
      'v1.record',
      'v1.item',
      'v2.record',
      'v2.item',
      'v2.override',
      'v2.override-region',
      'v2.override-field',
    ]);
    expect([graph.slug.id, graph.text.id]).toEqual(['slug', 'text']);
  });

  it('shares a node where the schemas share one: the slug, the scalar, an object', () => {
    const graph = buildApiGraph();
    const v1Descriptor = graph.node('descriptor', 'v1');
    const v2Descriptor = graph.node('descriptor', 'v2');
    const v2Item = graph.node('item', 'v2');
    expect(v1Descriptor?.members.get('slug')).toBe(graph.slug);
    expect(v2Item?.members.get('field_type')).toBe(graph.slug);
    expect(graph.node('override-field', 'v2')?.members.get('slug')).toBe(graph.slug);
    expect(v1Descriptor?.members.get('long_name')).toBe(graph.text);
    expect(v2Item?.members.get('multiselect_value')?.id).toBe(v2Descriptor?.members.get('options')?.id);
    expect(v2Item?.members.get('multiselect_value')?.element).toBe(graph.text);
    expect(graph.node('record', 'v2')?.members.get('state_information')?.element).toBe(v2Item);
  });

  it("answers each endpoint's payload per version: none where a version has no such endpoint", () => {
    const graph = buildApiGraph();
    const payloads = (['field-list', 'state', 'overrides', 'all-states', 'field-all-states'] as const).map((resource) => [
      resource,
      graph.payloadOf(resource, 'v1')?.id,
      graph.payloadOf(resource, 'v2')?.id,
    ]);
    expect(payloads).toEqual([
      ['field-list', 'v1.field-list', 'v2.field-list'],
      ['state', 'v1.record', 'v2.record'],
      ['overrides', undefined, 'v2.override-list'],
      ['all-states', undefined, undefined],
      ['field-all-states', undefined, undefined],
    ]);
  });

  it("finds a concept's node per version; without a version, the first that has it", () => {
    const graph = buildApiGraph();
    expect(CONCEPTS.map((c) => [c, graph.node(c, 'v1')?.id, graph.node(c, 'v2')?.id, graph.node(c, undefined)?.id])).toEqual([
      ['field-list', 'v1.field-list', 'v2.field-list', 'v1.field-list'],
      ['descriptor', 'v1.descriptor', 'v2.descriptor', 'v1.descriptor'],
      ['record', 'v1.record', 'v2.record', 'v1.record'],
      ['item-list', 'v1.item-list', 'v2.item-list', 'v1.item-list'],
      ['item', 'v1.item', 'v2.item', 'v1.item'],
      // V2 only: a V1 question gets nothing, not the V2 node.
      ['override-list', undefined, 'v2.override-list', 'v2.override-list'],
      ['override', undefined, 'v2.override', 'v2.override'],
      ['override-region', undefined, 'v2.override-region', 'v2.override-region'],
      ['override-field', undefined, 'v2.override-field', 'v2.override-field'],
      // The slug and the scalar are the graph's own, not nodes of a concept.
      ['slug', undefined, undefined, undefined],
      ['text', undefined, undefined, undefined],
    ]);
  });

  it('finds the list whose element a node is, and none for a node no list holds', () => {
    const graph = buildApiGraph();
    expect(graph.objects.map((n) => [n.id, graph.listOf(n)?.id])).toEqual([
      ['v1.descriptor', 'v1.field-list'],
      ['v2.descriptor', 'v2.field-list'],
      ['v1.record', undefined],
      ['v1.item', 'v1.item-list'],
      ['v2.record', undefined],
      ['v2.item', 'v2.item-list'],
      ['v2.override', 'v2.override-list'],
      ['v2.override-region', undefined],
      ['v2.override-field', undefined],
    ]);
    expect(graph.listOf(graph.text)?.id).toBe('v2.text-list');
    expect(graph.listOf(graph.slug)).toBeUndefined();
    // Each list's noun: the named lists' own, the others' from their element.
    expect(
      (['field-list', 'item-list', 'override-list'] as const).flatMap((c) =>
        (['v1', 'v2'] as const).map((v) => `${c} ${v}: ${graph.node(c, v)?.noun}`),
      ),
    ).toEqual([
      'field-list v1: field list',
      'field-list v2: field list',
      'item-list v1: list of state information items',
      'item-list v2: list of state information items',
      'override-list v1: undefined',
      'override-list v2: override list',
    ]);
  });

  it('is built once for the engine', () => {
    expect(apiGraph().objects.map((n) => n.id)).toEqual(buildApiGraph().objects.map((n) => n.id));
    expect(apiGraph()).toBe(apiGraph());
    expect(buildApiGraph()).not.toBe(buildApiGraph());
  });
});
