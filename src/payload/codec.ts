import { assertNever } from '../errors.js';
import type { V2Format } from '../mapping/schema.js';
import { type Diagnostics, itemPath, jsonPath, PayloadError } from './diagnostics.js';
import {
  type PayloadVersion,
  type RegionalOverride,
  v1FieldDescriptorSchema,
  v1StateItemSchema,
  v1StateRecordSchema,
  v2FieldDescriptorSchema,
  v2StateItemSchema,
  v2StateRecordSchema,
} from './schemas.js';
import { stateCodeOf } from './states.js';
import type { Plan, PropertyNames } from './steps.js';
import { boolText, copyExtras, MULTISELECT_SEPARATOR, readBoolText } from './values.js';

/** What reading an item needs of a conversion run (`Run` is one): the plan, where to report, the input's name. */
export interface CodecRun {
  readonly plan: Plan;
  readonly diags: Diagnostics;
  readonly source: string | undefined;
}

/*
 * The item codec: how a state item of either version is read into what it says (`Content`), and
 * how what it says is written as an item of either version. Upgrade is read V1, write V2; downgrade
 * is read V2, write V1; the records, folds and deletions around items are the directions' own.
 */

type Out = Record<string, unknown>;

/** A state item as either version holds it (the properties both have; the others are looked up by name). */
export interface Item {
  readonly field_type: string;
  readonly text: string;
  readonly modified_at: string;
  readonly [property: string]: unknown;
}

/** What an item says, whichever version it came from. */
export interface Content {
  /** The text to write: agrees with the Boolean (`"True"`/`"False"`), or lists the options when the item sent no text. */
  readonly text: string;
  /** Booleans: the value. */
  readonly bool?: boolean;
  /** Multi-selects: the options, when the reader had to read them. */
  readonly options?: readonly string[];
}

/** What a Boolean item says, once read: the value, the text that agrees with it, and whether it is unset. */
export interface ReadBoolean {
  readonly bool: boolean;
  /** `"True"`/`"False"` as the value says; `""` for an unset Boolean; the text itself when nothing can be read. */
  readonly text: string;
  /** `text: ""` and no true property: V1's and V2's unset Boolean. */
  readonly unset: boolean;
}

/**
 * The one reading of a Boolean item, in both directions. The value is the item's Boolean property
 * when it sends one (V1 `value`; V2 `bool_value`, else the early draft's `value`, said), else its
 * text. The text written out agrees with the value, as V1 code compares `text === "True"`; only an
 * unset Boolean (`""` and false) stays empty. Conflicts, unreadable and re-cased texts are reported;
 * `reportUnset` reports unset ones too.
 */
export function readBoolean(
  run: CodecRun,
  version: PayloadVersion,
  item: Item,
  index: number,
  reportUnset: boolean,
): ReadBoolean {
  const { boolean } = run.plan.names;
  const other: PayloadVersion = version === 'v1' ? 'v2' : 'v1';
  const own = item[boolean[version]];
  let sent = typeof own === 'boolean' ? own : undefined;
  // Stryker disable next-line ConditionalExpression: on V1 the draft's name is the item's own Boolean, already not one
  if (sent === undefined && version === 'v2') {
    const draft = item[boolean.v1];
    if (typeof draft === 'boolean') {
      run.diags.add(
        'legacy-value',
        item.field_type,
        itemPath(index),
        `no ${boolean.v2}: the draft "${boolean.v1}" (${draft}) was read`,
      );
      sent = draft;
    }
  }
  return readBooleanText(run.diags, item, index, sent, { from: boolean[version], to: boolean[other] }, reportUnset);
}

function readBooleanText(
  diags: Diagnostics,
  item: Item,
  index: number,
  sent: boolean | undefined,
  names: { readonly from: string; readonly to: string },
  reportUnset: boolean,
): ReadBoolean {
  const slug = item.field_type;
  const read = readBoolText(item.text);
  const bool = sent ?? read === true;
  const unset = read === null && !bool;
  const text = unset ? '' : read === undefined && sent === undefined ? item.text : boolText(bool);
  const path = itemPath(index);
  if (sent !== undefined && ((typeof read === 'boolean' && read !== sent) || (read === null && sent) || read === undefined))
    diags.add(
      'boolean-conflict',
      slug,
      path,
      `text ${JSON.stringify(item.text)} disagrees with ${names.from} ${sent}: ${names.to} follows ${names.from}, and text is written ${JSON.stringify(text)}`,
    );
  else if (read === undefined)
    diags.add(
      'boolean-unreadable',
      slug,
      path,
      `text ${JSON.stringify(item.text)} is not "True", "False" or "": kept; ${names.to} is ${bool}`,
    );
  else if (item.text !== text)
    diags.add(
      'boolean-normalized',
      slug,
      path,
      `text ${JSON.stringify(item.text)} written as ${JSON.stringify(text)}, as V1 code compares it`,
    );
  else if (unset && reportUnset)
    diags.add('unset-boolean', slug, path, `"${slug}" is unset (text ""): ${names.to} is false, text stays ""`);
  return { bool, text, unset };
}

/** Options in a Multi-select text: comma-separated. */
const splitOptions = (text: string): string[] =>
  text
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/**
 * The options a V2 Multi-select item holds: `multiselect_value`, else the draft's `value` (said),
 * else its text (said).
 */
export function readOptions(run: CodecRun, item: Item, index: number): readonly string[] {
  const sent = item.multiselect_value;
  if (Array.isArray(sent)) return sent;
  const draftName = run.plan.names.boolean.v1;
  const draft = item[draftName];
  // Every index, holes too (`every` would skip them).
  if (Array.isArray(draft) && Array.from(draft).every((o) => typeof o === 'string')) {
    run.diags.add('legacy-value', item.field_type, itemPath(index), `no multiselect_value: the draft "${draftName}" was read`);
    return draft;
  }
  const options = splitOptions(item.text);
  if (options.length > 0)
    run.diags.add(
      'multiselect-from-text',
      item.field_type,
      itemPath(index),
      `no multiselect_value: options read from text ${JSON.stringify(item.text)}`,
    );
  return options;
}

/** What an item of `version` says, read as `format`. */
export function readItem(run: CodecRun, version: PayloadVersion, item: Item, format: V2Format, index: number): Content {
  switch (format) {
    case 'Boolean': {
      const { bool, text } = readBoolean(run, version, item, index, version === 'v1');
      return { text, bool };
    }
    case 'Multi-select':
      if (version === 'v1') return { text: item.text, options: splitOptions(item.text) };
      // A V2 text is kept as sent; an empty one is written from the options.
      return item.text === '' ? { text: readOptions(run, item, index).join(MULTISELECT_SEPARATOR) } : { text: item.text };
    case 'Single-select':
    case 'Markdown':
    case 'URL':
    case 'Date':
      return { text: item.text };
    // Stryker disable next-line all: no format reaches it (assertNever)
    default:
      return assertNever(format);
  }
}

/**
 * An item of `version` under `slug` saying `content` (built as literals, in each version's property
 * order: one object shape per format).
 */
export function writeItem(
  names: PropertyNames,
  version: PayloadVersion,
  slug: string,
  format: V2Format,
  content: Content,
  modifiedAt: string | undefined,
): Out {
  if (version === 'v1')
    return format === 'Boolean'
      ? { text: content.text, field_type: slug, modified_at: modifiedAt, [names.boolean.v1]: content.bool === true }
      : { text: content.text, field_type: slug, modified_at: modifiedAt };
  switch (format) {
    case 'Boolean':
      return {
        field_type: slug,
        text: content.text,
        [names.boolean.v2]: content.bool === true,
        footnotes: '',
        modified_at: modifiedAt,
      };
    case 'Multi-select':
      return {
        field_type: slug,
        text: content.text,
        multiselect_value: content.options ?? splitOptions(content.text),
        footnotes: '',
        modified_at: modifiedAt,
      };
    default:
      return { field_type: slug, text: content.text, footnotes: '', modified_at: modifiedAt };
  }
}

/**
 * The properties each version's state items and descriptors are read and written with: the schemas',
 * and on V2 items the early draft's Boolean name too (it is read). Any other property is an extra.
 * Built on first use, not at load (code run at load is run by every test).
 */
type Known = Record<'record' | 'item' | 'descriptor', Record<PayloadVersion, ReadonlySet<string>>>;
let known: Known | undefined;
const knownOf = (object: keyof Known, version: PayloadVersion): ReadonlySet<string> => {
  known ??= {
    record: { v1: new Set(Object.keys(v1StateRecordSchema.shape)), v2: new Set(Object.keys(v2StateRecordSchema.shape)) },
    item: {
      v1: new Set(Object.keys(v1StateItemSchema.shape)),
      v2: new Set([...Object.keys(v2StateItemSchema.shape), ...Object.keys(v1StateItemSchema.shape)]),
    },
    descriptor: {
      v1: new Set(Object.keys(v1FieldDescriptorSchema.shape)),
      v2: new Set(Object.keys(v2FieldDescriptorSchema.shape)),
    },
  };
  return known[object][version];
};

/** Copies the extra properties of a record, item or descriptor of `version` onto its converted counterpart (deep copies: output never shares state with input). */
export function copyExtrasOf(object: keyof Known, version: PayloadVersion, source: object, target: Out): void {
  copyExtras(source as Out, knownOf(object, version), target);
}

/** The extra properties of a record, item or descriptor of `version` (a caller that leaves them out says so). */
export function extrasOf(object: keyof Known, version: PayloadVersion, source: object): string[] {
  const known = knownOf(object, version);
  return Object.keys(source).filter((key) => !known.has(key));
}

/** A field descriptor of `version` (built as a literal, in the version's property order). */
export function writeDescriptor(
  names: PropertyNames,
  version: PayloadVersion,
  slug: string,
  description: string,
  format: string,
  options?: readonly string[],
): Out {
  if (version === 'v1') return { slug, [names.description.v1]: description, field_format: format };
  return options === undefined
    ? { slug, [names.description.v2]: description, field_format: format }
    : { slug, [names.description.v2]: description, field_format: format, options: [...options] };
}

// ─── Overrides ──────────────────────────────────────────────────────────────────────────────────

/**
 * A copy of an override with another field slug (extras kept at every level): the same in both
 * directions. Every extra is copied: `copyExtras` never overwrites what the copy already has
 * (`name`, `slug`, `state`, `region`, `field`, `value`).
 */
export function convertOverride(o: RegionalOverride, slug: string): RegionalOverride {
  const region: Out = { name: o.region.name };
  copyExtras(o.region as Out, NO_KEYS, region);
  const field: Out = { slug };
  copyExtras(o.field as Out, NO_KEYS, field);
  const out: Out = { state: o.state, region, field, value: o.value };
  copyExtras(o as Out, NO_KEYS, out);
  return out as RegionalOverride;
}

const NO_KEYS: ReadonlySet<string> = new Set();

/** Two overrides for the same state, region and field are bad input (which value wins?). */
export function checkDuplicate(run: CodecRun, seen: Set<string>, o: RegionalOverride, slug: string, index: number): void {
  const key = JSON.stringify([stateCodeOf(o.state) ?? o.state, o.region.name, slug]);
  if (seen.has(key))
    throw new PayloadError(
      jsonPath([index]),
      `duplicate override: "${o.region.name}" of ${o.state} already has a value for "${slug}"`,
      { source: run.source },
    );
  seen.add(key);
}
