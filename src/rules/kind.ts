import type { z } from 'zod';
import type { FindingKind } from '../findings/record.js';
import type { V1Format, V2Field, V2Format } from '../mapping/schema-parts.js';
import type { Note } from '../vocabulary/notes.js';
import type { DeleteRule } from './delete-schema.js';

/** Where a V2 slug came from. */
export type V2Origin =
  | { readonly kind: 'rename'; readonly v1: string }
  | { readonly kind: 'consolidate'; readonly v1: string; readonly option: string }
  | { readonly kind: 'footnote'; readonly v1: string }
  | { readonly kind: 'unchanged'; readonly v1: string }
  | { readonly kind: 'new' };

/**
 * What a kind reads of the resolved table (`Mappings` is one): declared here, with the kinds, so
 * that the kinds do not depend on the table that is built from them.
 */
export interface TableView {
  readonly table: { readonly v2Fields: readonly V2Field[] };
  /** A V1 format's V2 name. */
  readonly formats: ReadonlyMap<string, V2Format>;
  /** The V2 slugs a V1 slug's data goes to (renamed, unchanged, folded), in the kind's order. */
  v2SlugsOf(v1: string): readonly string[];
}

/**
 * What a rule kind of the table's `slugs` section is and does, in one place: its row schema lives
 * beside this object in the kind's module, and every tool asks the kind instead of switching on
 * `rule.kind`. The registry (`registry.ts`) holds one entry per kind and is typed so that a kind
 * missing from it, or a facet missing from a kind, does not compile.
 */
export interface SlugKind<R extends { readonly kind: string; readonly v1: string }> {
  readonly kind: R['kind'];
  /** The zod schema of the kind's rows (the table's schema is the union of these). */
  readonly schema: z.ZodType<R, R>;

  // ---- the table ---------------------------------------------------------------------------

  /** What the row adds to the table's index. */
  index(rule: R): IndexEntry;
  /** Checks a schema-valid row against the rest of the table (the schema cannot say these). */
  validate(rule: R, ctx: ValidationContext): void;

  // ---- explanation ---------------------------------------------------------------------------

  /** Who changes code that uses the V1 slug. */
  readonly fixedBy: FixedBy;
  /** One sentence saying what happened to the V1 slug. */
  headline(rule: R): string;
  /** What to do, in one or two sentences that do not repeat the headline (with how sure the table is, where it matters). */
  advice(rule: R, m: TableView): string;
  /** How a V2 slug that this row feeds is described (`renamed from V1 x`). */
  describeOrigin(origin: Extract<V2Origin, { readonly kind: R['kind'] }>): string;
  /** This kind's section of the migration guide. */
  readonly guide: GuideSection<R>;

  // ---- data --------------------------------------------------------------------------------

  /** Where the V1 slug's data goes in V2: what the payload adapter does with its items and descriptors. */
  payload(rule: R): PayloadFate;

  // ---- code ----------------------------------------------------------------------------------

  /** What the codemod does where code names the V1 slug (`place` says where the name stands). */
  codemod(rule: R, place: Place, m: TableView): SlugAction;
  /**
   * The report's kind and the V2 text that replaces the token, whoever makes the change; undefined
   * when code that names the slug needs no change.
   */
  readonly report: { readonly kind: FindingKind; replacement(rule: R): string | null } | undefined;
}

/**
 * Where a V1 slug's data goes in V2. The payload adapter implements each fate once, for every kind
 * that has it: a new kind picks a fate and the adapter needs no change.
 */
export type PayloadFate =
  /**
   * Carried one to one under `v2` (the V1 slug itself when it is unchanged); `known: false` when
   * nobody knows its V2 fate (kept as it is, and said).
   */
  | { readonly fate: 'carried'; readonly v2: string; readonly known: boolean }
  /** A Boolean that is option `option` of the V2 Multi-select `v2`. */
  | { readonly fate: 'option'; readonly v2: string; readonly option: string }
  /** Notes text now in the footnotes of `targets` (`inferred`: the targets are the table's inference). */
  | { readonly fate: 'footnotes'; readonly targets: readonly string[]; readonly inferred: boolean }
  /** Gone from V2: upgrade drops it, downgrade gives it back (`rule.derive`, else V1's empty value). */
  | { readonly fate: 'deleted'; readonly rule: DeleteRule };

/** Who changes code that uses a V1 name: the codemod, a person, or nobody. */
export type FixedBy = 'codemod' | 'person' | 'nothing';

export interface IndexEntry {
  /** V2 slugs this row makes known (a rename's target, the Multi-select it folds into, an unchanged slug). */
  readonly declares: readonly string[];
  /** Where V2 slugs come from: one entry per V2 slug this row feeds. */
  readonly origins: readonly { readonly slug: string; readonly origin: V2Origin }[];
  /** The V1 slug no longer exists under its name in V2 (a target that is one makes a chain). */
  readonly replacesV1: boolean;
  /** Code that uses the V1 slug must change. */
  readonly actionable: boolean;
  /** The V1 format the row knows for the slug. */
  readonly v1Format: V1Format | undefined;
  /** A Boolean folded into a Multi-select option. */
  readonly consolidation?: { readonly v2: string; readonly option: string };
  /** V2 fields whose `footnotes` receive the slug's notes. */
  readonly footnoteTargets?: readonly string[];
}

export interface ValidationContext {
  /** Stops validation with a `MappingError` naming this row. */
  fail(problem: string): never;
  /** Fails unless `slug` is a V2 slug the table knows. */
  requireV2(slug: string, what: string): void;
  /** Fails unless `slug` is a V1 slug of the table. */
  requireV1(slug: string, what: string): void;
  /** True when `slug` is a V1 slug that no longer exists under its name in V2. */
  isReplacedV1(slug: string): boolean;
  v2Field(slug: string): V2Field | undefined;
  /** Takes `key` in `space` for this row; fails with `conflict(otherRow)` when another row took it. */
  claim(space: string, key: string, conflict: (otherRow: string) => string): void;
  /** The row is one side of a declared contradiction. */
  readonly inContradiction: boolean;
}

/** Where the codemod meets a name: as code (a key, a member, an access, a whole string), inside a larger string, or in a Vue `<template>`. */
export type Place = 'code' | 'string' | 'template';

/** What the codemod does where code names a V1 slug. */
export type SlugAction =
  | {
      readonly kind: 'rename';
      readonly to: string;
      /** A note to leave beside the rewrite (the field's format likely changes). */
      readonly also?: Note;
    }
  | { readonly kind: 'mark'; readonly note: Note }
  | { readonly kind: 'none' };

/** A section of `docs/migration-guide.md`. */
export interface GuideSection<R> {
  title(count: number): string;
  /** Lines between the title and the table. */
  readonly intro?: readonly string[];
  readonly columns: readonly string[];
  /** One table row; `fixedBy` is the kind's, `advice` the kind's advice for the row. */
  row(rule: R & { readonly warning?: string }, fixedBy: FixedBy, advice: string): string[];
  /** Lines after the table. */
  after?(m: TableView): string[];
}
