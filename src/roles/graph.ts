import { z } from 'zod';
import type { EndpointResource } from '../mapping/schema.js';
import {
  overrideListSchema,
  regionalOverrideSchema,
  slugSchema,
  v1FieldDescriptorSchema,
  v1FieldListSchema,
  v1StateItemSchema,
  v1StateRecordSchema,
  v2FieldDescriptorSchema,
  v2FieldListSchema,
  v2StateItemSchema,
  v2StateRecordSchema,
} from '../payload/schemas.js';

export type Version = 'v1' | 'v2';

/**
 * What a value of the API is, as a node of the API graph: the payloads of both versions, read off
 * their zod schemas (one node per object, list and slug-valued string of the wire shapes). An
 * expression of a program "holds" a node when the API's data reaches it; the codemod's decisions
 * are then lookups (`value` of a V1 item, `long_name` of a V1 descriptor).
 */
export interface ApiNode {
  /** `v1.item`, `v2.descriptor`, `overrides`, `slug`… */
  readonly id: string;
  /** The concept both versions share (`item`, `descriptor`, `record`, `override`…): shapes are scored by concept. */
  readonly concept: Concept;
  /** Undefined for nodes both versions share (the override list is V2 only, the slug value both). */
  readonly version: Version | undefined;
  /** The words a person reads (`state information item`). */
  readonly noun: string;
  readonly kind: 'object' | 'list' | 'slug' | 'text';
  /** An object's members: the node a member holds, or a scalar (`text`). */
  readonly members: ReadonlyMap<string, ApiNode>;
  /** A list's element. */
  readonly element?: ApiNode;
}

export type Concept =
  | 'field-list'
  | 'descriptor'
  | 'record'
  | 'item-list'
  | 'item'
  | 'override-list'
  | 'override'
  | 'override-region'
  | 'override-field'
  | 'slug'
  | 'text';

export interface ApiGraph {
  /** The payload a resource's endpoint answers with, per version (undefined: no known shape). */
  payloadOf(resource: EndpointResource, version: Version): ApiNode | undefined;
  /** A concept's node in a version (`item` in V1), or the shared one. */
  node(concept: Concept, version: Version | undefined): ApiNode | undefined;
  /** Every object node, to score shapes against. */
  readonly objects: readonly ApiNode[];
  /** The list node whose element is a node (the field list of a descriptor…), if the API has one. */
  listOf(element: ApiNode): ApiNode | undefined;
  /** The slug value (`field_type`, `slug`, `field.slug`). */
  readonly slug: ApiNode;
  /** A scalar that is not a slug. */
  readonly text: ApiNode;
}

let built: ApiGraph | undefined;

/** The API graph of the wire schemas (built once). */
export function apiGraph(): ApiGraph {
  built ??= buildApiGraph();
  return built;
}

/** The wrapped schema of optional/nullable/default wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
  return s;
}

/** What each schema of the wire shapes is called, and which concept it is. */
function named(): readonly (readonly [z.ZodType, Concept, string, Version | undefined])[] {
  return [
    [v1FieldListSchema, 'field-list', 'field list', 'v1'],
    [v2FieldListSchema, 'field-list', 'field list', 'v2'],
    [v1FieldDescriptorSchema, 'descriptor', 'field descriptor', 'v1'],
    [v2FieldDescriptorSchema, 'descriptor', 'field descriptor', 'v2'],
    [v1StateRecordSchema, 'record', 'state record', 'v1'],
    [v2StateRecordSchema, 'record', 'state record', 'v2'],
    [v1StateItemSchema, 'item', 'state information item', 'v1'],
    [v2StateItemSchema, 'item', 'state information item', 'v2'],
    [overrideListSchema, 'override-list', 'override list', 'v2'],
    [regionalOverrideSchema, 'override', 'regional override', 'v2'],
  ];
}

/** A new API graph of the wire schemas: `apiGraph()` keeps one; tests build their own. */
export function buildApiGraph(): ApiGraph {
  const NAMED = named();
  const slug: ApiNode = { id: 'slug', concept: 'slug', version: undefined, noun: 'slug', kind: 'slug', members: new Map() };
  const text: ApiNode = { id: 'text', concept: 'text', version: undefined, noun: 'value', kind: 'text', members: new Map() };
  const nodes = new Map<z.ZodType, ApiNode>();
  const names = new Map(NAMED.map(([schema, concept, noun, version]) => [schema, { concept, noun, version }]));

  const nodeOf = (schema: z.ZodType, path: string, version: Version | undefined): ApiNode => {
    const s = unwrap(schema);
    if (s === slugSchema) return slug;
    const known = nodes.get(s);
    if (known) return known;
    const name = names.get(s);
    const v = name?.version ?? version;
    if (s instanceof z.ZodArray) {
      // Stryker disable next-line StringLiteral: every object of the schemas that stands in a list has a name of its own
      const element = nodeOf(s.element as z.ZodType, `${path}[]`, v);
      const concept = name?.concept ?? (`${element.concept}-list` as Concept);
      const node: ApiNode = {
        // Stryker disable next-line StringLiteral: every list of the schemas is in a version's payload
        id: `${v ?? 'any'}.${concept}`,
        concept,
        version: v,
        noun: name?.noun ?? `list of ${element.noun}s`,
        kind: 'list',
        members: new Map(),
        element,
      };
      nodes.set(s, node);
      return node;
    }
    if (s instanceof z.ZodObject) {
      const members = new Map<string, ApiNode>();
      const concept = name?.concept ?? (`override-${path.split('.').at(-1)}` as Concept);
      const node: ApiNode = {
        // Stryker disable next-line StringLiteral: every object of the schemas is in a version's payload
        id: `${v ?? 'any'}.${concept}`,
        concept,
        version: v,
        // Stryker disable next-line UnaryOperator: the unnamed objects are one member deep (`.region`, `.field`)
        noun: name?.noun ?? `override ${path.split('.').at(-1)}`,
        kind: 'object',
        members,
      };
      nodes.set(s, node);
      for (const [key, member] of Object.entries(s.shape as Record<string, z.ZodType>))
        members.set(key, nodeOf(member, `${path}.${key}`, v));
      return node;
    }
    return text;
  };
  // Stryker disable next-line StringLiteral: a path's last name is all that is read of it
  for (const [schema, , , version] of NAMED) nodeOf(schema, '', version);

  const all = [...new Set(nodes.values())];
  // Every node of a concept has a version (the slug and the scalar both versions share are no concept's).
  const byConcept = (concept: Concept, version: Version | undefined) =>
    all.find((n) => n.concept === concept && (version === undefined || n.version === version));
  const payloads: Partial<Record<EndpointResource, Concept>> = {
    'field-list': 'field-list',
    state: 'record',
    overrides: 'override-list',
  };
  return {
    payloadOf: (resource, version) => {
      const concept = payloads[resource];
      return concept ? all.find((n) => n.concept === concept && n.version === version) : undefined;
    },
    node: byConcept,
    objects: all.filter((n) => n.kind === 'object'),
    // Only a list has an element.
    listOf: (element) => all.find((n) => n.element === element),
    slug,
    text,
  };
}
