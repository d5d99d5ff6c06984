import type { TableView, V2Origin } from '../rules/kind.js';
import { kindOf } from '../rules/registry.js';
import type { Contradiction, EndpointRule, MappingTable, PropertyRule, SlugRule, V1Format, V2Field, V2Format } from './schema.js';

/** A V1 slug's rule as the tools use it: the resolved row, with the contradiction warning if any. */
export type ResolvedRule = SlugRule & { readonly warning?: string };

export type { V2Origin } from '../rules/kind.js';

export interface Mappings extends TableView {
  readonly table: MappingTable;
  /** Where the table came from (a path, or a name for an in-memory table). */
  readonly source: string;
  /** What happened to each V1 slug (contradictions resolved). */
  readonly byV1: ReadonlyMap<string, ResolvedRule>;
  /** Where each known V2 slug came from (one entry per source; a Multi-select has several). */
  readonly byV2: ReadonlyMap<string, readonly V2Origin[]>;
  readonly v1Slugs: ReadonlySet<string>;
  readonly v2Slugs: ReadonlySet<string>;
  /** V2 fields whose format or options the table declares. */
  readonly v2Fields: ReadonlyMap<string, V2Field>;
  /** Consolidation groups: Multi-select V2 slug → its V1 Booleans and their options. */
  readonly consolidations: ReadonlyMap<string, readonly { v1: string; option: string }[]>;
  /** Footnote targets: V2 slug → the V1 `*_notes` slug that moved there. */
  readonly footnoteSources: ReadonlyMap<string, string>;
  readonly properties: readonly PropertyRule[];
  readonly endpoints: readonly EndpointRule[];
  readonly hosts: readonly string[];
  readonly nonElectionPaths: readonly string[];
  /** V1 format name → V2 format. */
  readonly formats: ReadonlyMap<string, V2Format>;
  readonly contradictions: ReadonlyMap<string, Contradiction>;
  /** V1 slugs whose rule means code must change (everything but `unchanged`). */
  readonly actionableV1: ReadonlySet<string>;
  /** The V1 format the table knows for a V1 slug (consolidated slugs are Booleans). */
  v1FormatOf(slug: string): V1Format | undefined;
}

export function buildIndex(table: MappingTable, source: string): Mappings {
  const contradictions = new Map(table.contradictions.map((c) => [c.v1, c]));
  const byV1 = new Map<string, ResolvedRule>();
  for (const rule of table.slugs) {
    const c = contradictions.get(rule.v1);
    if (c && c.resolution !== rule.kind) continue;
    byV1.set(rule.v1, c ? { ...rule, warning: c.warning } : rule);
  }

  const byV2 = new Map<string, V2Origin[]>();
  const consolidations = new Map<string, { v1: string; option: string }[]>();
  const footnoteSources = new Map<string, string>();
  const v1Format = new Map<string, V1Format>();
  const actionableV1 = new Set<string>();
  const append = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const rule of byV1.values()) {
    const entry = kindOf(rule).index(rule);
    for (const { slug, origin } of entry.origins) append(byV2, slug, origin);
    if (entry.consolidation) append(consolidations, entry.consolidation.v2, { v1: rule.v1, option: entry.consolidation.option });
    for (const target of entry.footnoteTargets ?? []) footnoteSources.set(target, rule.v1);
    if (entry.v1Format) v1Format.set(rule.v1, entry.v1Format);
    if (entry.actionable) actionableV1.add(rule.v1);
  }
  const v2Fields = new Map(table.v2Fields.map((f) => [f.slug, f]));
  for (const slug of v2Fields.keys()) if (!byV2.has(slug)) byV2.set(slug, [{ kind: 'new' }]);

  return {
    table,
    source,
    v2SlugsOf: (v1) => {
      const rule = byV1.get(v1);
      return rule
        ? kindOf(rule)
            .index(rule)
            .origins.map((o) => o.slug)
        : [];
    },
    byV1,
    byV2,
    v1Slugs: new Set(byV1.keys()),
    v2Slugs: new Set(byV2.keys()),
    v2Fields,
    consolidations,
    footnoteSources,
    properties: table.properties,
    endpoints: table.endpoints,
    hosts: table.hosts,
    nonElectionPaths: table.nonElectionPaths,
    formats: new Map(table.formats.map((f) => [f.v1, f.v2])),
    contradictions,
    actionableV1,
    v1FormatOf: (slug) => v1Format.get(slug),
  };
}
