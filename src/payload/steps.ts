import type { z } from 'zod';
import { assertNever, MappingError } from '../errors.js';
import type { Mappings, ResolvedRule } from '../mapping/mappings.js';
import type { DeleteRule, PropertyRule, V1Format, V2Format } from '../mapping/schema.js';
import type { PayloadFate } from '../rules/kind.js';
import { kindOf } from '../rules/registry.js';
import { checkOf } from './check.js';
import { type DeletedField, deletedField } from './deleted.js';
import {
  type PayloadVersion,
  v1FieldDescriptorSchema,
  v1StateItemSchema,
  v2FieldDescriptorSchema,
  v2StateItemSchema,
} from './schemas.js';
import { compareSlugs, SlugOrder } from './slug-order.js';

/**
 * The names of the properties the table's property rules rename (`properties`), per version: the
 * codec writes and reads these, never a literal. The plan takes them from the table and checks them
 * against the payload schemas (`propertyNames` in steps.ts).
 */
export interface PropertyNames {
  /** A Boolean item's own value: V1 `value`, V2 `bool_value` (the early V2 draft kept V1's name on every item). */
  readonly boolean: Readonly<Record<PayloadVersion, string>>;
  /** A field descriptor's description: V1 `long_name`, V2 `description`. */
  readonly description: Readonly<Record<PayloadVersion, string>>;
}

/**
 * What the adapter needs from a mapping table, indexed once per table (cached). Everything the
 * adapter knows about slugs comes from here; no slug is written in the adapter's code.
 */
export interface Plan {
  readonly mappings: Mappings;
  /** The property names the table's property rules give each version (the item codec writes and reads these). */
  readonly names: PropertyNames;
  /**
   * V1 slugs that V2 data never holds: renamed, folded, moved to footnotes or deleted (evidence of V1
   * data). Slugs with no known fate are not evidence: upgrade keeps them.
   */
  readonly v1Only: ReadonlySet<string>;
  /**
   * V2 slugs that replaced V1 slugs (rename and Multi-select targets): V1 data never holds them
   * (evidence of V2 data). Fields new in V2 are not evidence: downgrade keeps them.
   */
  readonly v2Only: ReadonlySet<string>;
  /** The V2 format the table knows for a V2 slug. */
  v2FormatOfV2(slug: string): V2Format | undefined;
  /** V1 format name → V2 format (the table's `formats`). */
  readonly formats: ReadonlyMap<string, V2Format>;
  /** V2 format → the V1 format name V1 used for it; V2-only formats → the V1 text format. */
  v1FormatFor(format: V2Format): V1Format;
  /** Option order of each Multi-select the table knows (its option set, then options only the V1 Booleans name). */
  readonly optionOrder: ReadonlyMap<string, readonly string[]>;
  /** Deleted V1 fields (contradictions resolved), by slug, with what restoring each needs. */
  readonly deletes: readonly DeletedField[];
  /** Footnote moves (contradictions resolved), in table order. */
  readonly footnotes: readonly FootnoteMove[];
  /** The V2 slug holding a V1 slug's value one to one (rename or unchanged), for `derive` inputs given in either name. */
  v2NameOf(slug: string): string;
  /** Every slug of the table (V1 and V2) in the servers' order: output lists are kept in it. */
  readonly order: SlugOrder;
  /** Per V1 slug, what upgrade does with a state item (one lookup per item). */
  readonly upgradeSteps: ReadonlyMap<string, UpgradeStep>;
  /** Per V2 slug, what downgrade does with a state item (one lookup per item). */
  readonly downgradeSteps: ReadonlyMap<string, DowngradeStep>;
}

/** A V1 notes field whose text moved into the footnotes of V2 fields. */
export interface FootnoteMove {
  readonly v1: string;
  readonly targets: readonly string[];
  /** The targets are the table's inference. */
  readonly inferred: boolean;
  readonly warning: string | undefined;
}

/** What upgrade does with a V1 slug's data: its row, where the data goes, and the V2 slug of its item. */
export interface UpgradeStep {
  readonly rule: ResolvedRule;
  readonly fate: PayloadFate;
  /** The V2 slug of its item: the rename target, the Multi-select, or itself. */
  readonly target: string;
  /** The V2 format the table knows for it. */
  readonly format: V2Format | undefined;
  /** For a deleted field: what restoring it needs. */
  readonly deleted: DeletedField | undefined;
}

/** Where a V2 slug's item goes in V1. */
export interface DowngradeStep {
  readonly format: V2Format | undefined;
  /** V1 slugs it carries one to one (renamed or unchanged), in table order, with the table's warning. */
  readonly named: readonly { readonly v1: string; readonly warning: string | undefined }[];
  /** Its V1 Booleans when it is a Multi-select that folds them. */
  readonly members: readonly { readonly v1: string; readonly option: string }[] | undefined;
  /** V1 notes fields whose text moved into its footnotes. */
  readonly notes: readonly string[];
}

const cache = new WeakMap<Mappings, Plan>();

export function planFor(mappings: Mappings): Plan {
  let plan = cache.get(mappings);
  if (!plan) {
    plan = buildPlan(mappings);
    cache.set(mappings, plan);
  }
  return plan;
}

/** The V1 and V2 names a property rule gives, checked against the payload schemas: each names a property of `kind` there. */
function checkedNames(
  mappings: Mappings,
  rule: PropertyRule,
  schemas: Record<PayloadVersion, z.ZodObject>,
  kind: { readonly words: string; readonly sample: unknown },
): Record<PayloadVersion, string> {
  for (const version of ['v1', 'v2'] as const) {
    const property = schemas[version].shape[rule[version]] as z.ZodType | undefined;
    if (!property || !checkOf(property)(kind.sample))
      throw new MappingError(
        mappings.source,
        `properties ("${rule.v1}")`,
        `the ${version.toUpperCase()} payload schema has no ${kind.words} property "${rule[version]}"; the adapter cannot apply this rule`,
      );
  }
  return { v1: rule.v1, v2: rule.v2 };
}

/**
 * The table's property rules as the item codec's names. The adapter applies two kinds of property
 * rule — a field descriptor's renamed description, a Boolean item's renamed value — each checked
 * against the payload schemas; the table must give one of each, and no rule the adapter cannot apply.
 */
function propertyNames(mappings: Mappings): PropertyNames {
  let description: Record<PayloadVersion, string> | undefined;
  let boolean: Record<PayloadVersion, string> | undefined;
  for (const rule of mappings.properties) {
    const twice = () =>
      new MappingError(mappings.source, `properties ("${rule.v1}")`, 'a second rule for the same property: which one applies?');
    if (rule.object === 'field' && rule.appliesToFormat === undefined) {
      if (description) throw twice();
      description = checkedNames(
        mappings,
        rule,
        { v1: v1FieldDescriptorSchema, v2: v2FieldDescriptorSchema },
        { words: 'text', sample: '' },
      );
    } else if (rule.object === 'stateItem' && rule.appliesToFormat === 'Boolean') {
      if (boolean) throw twice();
      boolean = checkedNames(
        mappings,
        rule,
        { v1: v1StateItemSchema, v2: v2StateItemSchema },
        { words: 'Boolean', sample: true },
      );
    } else
      throw new MappingError(
        mappings.source,
        `properties ("${rule.v1}")`,
        "the payload adapter applies property rules for a field descriptor's description and a Boolean item's value, not this one",
      );
  }
  if (!description)
    throw new MappingError(
      mappings.source,
      'properties',
      "the payload adapter needs the property rule of a field descriptor's description",
    );
  if (!boolean)
    throw new MappingError(
      mappings.source,
      'properties',
      "the payload adapter needs the property rule of a Boolean item's value",
    );
  return { description, boolean };
}

function buildPlan(mappings: Mappings): Plan {
  const names = propertyNames(mappings);
  /** Each V1 slug's row and where its data goes in V2 (the row's kind says), in table order. */
  const rows = [...mappings.byV1.values()].map((rule) => ({ rule, fate: kindOf(rule).payload(rule) }));
  const append = <V>(map: Map<string, V[]>, key: string, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };

  // Evidence of a version: V1 slugs whose data V2 holds under another name or not at all; V2 slugs that took over V1 data.
  const keptAsIs = ({ rule, fate }: (typeof rows)[number]) => fate.fate === 'carried' && fate.v2 === rule.v1;
  const v1Only = new Set(rows.filter((r) => !keptAsIs(r) && !mappings.v2Slugs.has(r.rule.v1)).map((r) => r.rule.v1));
  const v2Only = new Set<string>();
  for (const row of rows)
    if ((row.fate.fate === 'carried' && !keptAsIs(row)) || row.fate.fate === 'option')
      if (!mappings.v1Slugs.has(row.fate.v2)) v2Only.add(row.fate.v2);

  const formatOfV1 = (slug: string): V2Format | undefined => {
    const f = mappings.v1FormatOf(slug);
    return f === undefined ? undefined : mappings.formats.get(f);
  };
  // A V2 slug's format: declared by the table, else the Multi-select that folds Booleans, else the format of the V1 field it carries.
  const v2Format = new Map<string, V2Format>();
  for (const { rule, fate } of rows) {
    if (fate.fate === 'option') v2Format.set(fate.v2, 'Multi-select');
    else if (fate.fate === 'carried' && fate.known) {
      const f = formatOfV1(rule.v1);
      if (f) v2Format.set(fate.v2, f);
    }
  }
  for (const [slug, field] of mappings.v2Fields) if (field.format) v2Format.set(slug, field.format);

  // V2 format → V1 format: the row that maps a format to itself, else the first row for it.
  const v1For = new Map<V2Format, V1Format>();
  for (const row of mappings.table.formats) if (row.v1 === row.v2) v1For.set(row.v2, row.v1);
  for (const row of mappings.table.formats) if (!v1For.has(row.v2)) v1For.set(row.v2, row.v1);
  const textFormat = v1For.get('Markdown');
  if (!textFormat) throw new MappingError(mappings.source, 'formats', 'the payload adapter needs a V1 format for Markdown');

  const optionOrder = new Map<string, string[]>();
  for (const [slug, group] of mappings.consolidations) {
    const order = [...(mappings.v2Fields.get(slug)?.options ?? [])];
    for (const { option } of group) if (!order.includes(option)) order.push(option);
    optionOrder.set(slug, order);
  }

  const v2Name = new Map<string, string>();
  const named = new Map<string, { v1: string; warning: string | undefined }[]>();
  const footnotes: FootnoteMove[] = [];
  const deleteRules: (DeleteRule & { readonly warning?: string })[] = [];
  for (const { rule, fate } of rows) {
    switch (fate.fate) {
      case 'carried':
        if (!fate.known) break;
        v2Name.set(rule.v1, fate.v2);
        append(named, fate.v2, { v1: rule.v1, warning: rule.warning });
        break;
      case 'option': // the table's index groups them (`mappings.consolidations`)
        break;
      case 'footnotes':
        footnotes.push({ v1: rule.v1, targets: fate.targets, inferred: fate.inferred, warning: rule.warning });
        break;
      case 'deleted':
        deleteRules.push(rule.warning === undefined ? fate.rule : { ...fate.rule, warning: rule.warning });
        break;
      // Stryker disable next-line all: no fate reaches it (assertNever)
      default:
        assertNever(fate);
    }
  }
  deleteRules.sort((a, b) => compareSlugs(a.v1, b.v1));
  const v2NameOf = (slug: string) => v2Name.get(slug) ?? slug;
  const deletes = deleteRules.map((rule) => deletedField(rule, formatOfV1(rule.v1) === 'Boolean', v2NameOf));
  const deletedBySlug = new Map(deletes.map((d) => [d.rule.v1, d]));

  const upgradeSteps = new Map<string, UpgradeStep>();
  for (const { rule, fate } of rows)
    upgradeSteps.set(rule.v1, {
      rule,
      fate,
      target: fate.fate === 'carried' || fate.fate === 'option' ? fate.v2 : rule.v1,
      format: formatOfV1(rule.v1),
      deleted: deletedBySlug.get(rule.v1),
    });
  const downgradeSteps = new Map<string, DowngradeStep>();
  for (const slug of mappings.byV2.keys()) {
    const notesField = mappings.footnoteSources.get(slug);
    downgradeSteps.set(slug, {
      format: v2Format.get(slug),
      named: named.get(slug) ?? [],
      members: mappings.consolidations.get(slug),
      notes: notesField === undefined ? [] : [notesField],
    });
  }

  return {
    mappings,
    names,
    v1Only,
    v2Only,
    v2FormatOfV2: (slug) => v2Format.get(slug),
    formats: mappings.formats,
    v1FormatFor: (format) => v1For.get(format) ?? textFormat,
    optionOrder,
    deletes,
    footnotes,
    v2NameOf,
    order: new SlugOrder([...mappings.v1Slugs, ...mappings.v2Slugs]),
    upgradeSteps,
    downgradeSteps,
  };
}
