import type { DeleteRule, V2Format } from '../mapping/schema.js';
import { once } from '../once.js';
import { checkDuplicate, convertOverride, extrasOf, readItem, readOptions, writeDescriptor, writeItem } from './codec.js';
import { type DeriveContext, restoreDeleted } from './derive.js';
import { inferredTargetsWarning, itemPath, jsonPath, listPath } from './diagnostics.js';
import { collision, type DowngradeRun, readFormat, reportUnknownFormats } from './run-state.js';
import type {
  RegionalOverride,
  V1FieldDescriptor,
  V1StateRecord,
  V2FieldDescriptor,
  V2StateItem,
  V2StateRecord,
} from './schemas.js';
import { stateRecordShape, v2StateItemOk } from './shape.js';
import type { DowngradeStep, Plan } from './steps.js';
import { boolText, compareTimes, latestTime, longNameOf } from './values.js';

type Out = Record<string, unknown>;

const derivedMessage = (rule: DeleteRule, how: string) => `"${rule.v1}" (deleted in V2) derived: ${how}`;
const emptiedMessage = (rule: DeleteRule, why: string) =>
  `"${rule.v1}" (deleted in V2, ${rule.category}) given V1's empty value: ${why}`;

/** One V2 item in V1 shape under `slug`; its extra properties are left out (said). */
function convertItem(run: DowngradeRun, item: V2StateItem, slug: string, format: V2Format, index: number): Out {
  const out = writeItem(run.plan.names, 'v1', slug, format, readItem(run, 'v2', item, format, index), item.modified_at);
  dropExtras(run, item, index);
  return out;
}

/** V2 state record → V1: every V1 field back, deleted ones derived or empty (see README). */
export function downgradeState(run: DowngradeRun, input: unknown): V1StateRecord {
  if (!stateRecordShape(input)) return run.invalid();
  const record = input as V2StateRecord;
  const { plan, diags } = run;
  const m = plan.mappings;
  const fields = reportUnknownFormats(run, run.fields, 'v2');
  const out = plan.order.map<Out>();
  /** The input items by V2 slug. */
  const byV2 = plan.order.map<V2StateItem>();
  const notes = new Map<string, { texts: string[]; times: string[] }>();
  const emit = (slug: string, item: Out, index: number, from: string) => {
    if (!out.add(slug, item)) throw collision(run, jsonPath(['state_information', index, 'field_type']), from, slug, undefined);
  };
  const formatOf = (item: V2StateItem, tableFormat: V2Format | undefined): V2Format => {
    const draft = (item as Out)[plan.names.boolean.v1];
    return (
      fields?.formats.get(item.field_type) ??
      (typeof item.bool_value === 'boolean' ? 'Boolean' : Array.isArray(item.multiselect_value) ? 'Multi-select' : undefined) ??
      tableFormat ??
      (typeof draft === 'boolean' ? 'Boolean' : Array.isArray(draft) ? 'Multi-select' : 'Markdown')
    );
  };

  const items = record.state_information;
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as V2StateItem;
    if (!v2StateItemOk(item)) run.invalid();
    const slug = item.field_type;
    const step = plan.downgradeSteps.get(slug);
    if (!byV2.add(slug, item)) {
      const j = items.findIndex((other) => other.field_type === slug);
      throw collision(run, jsonPath(['state_information', index, 'field_type']), slug, slug, {
        slug,
        path: jsonPath(['state_information', j]),
      });
    }
    const footnotes = item.footnotes ?? '';
    if (step === undefined) {
      if (plan.v1Only.has(slug)) run.invalid();
      const why = m.byV1.has(slug) ? 'is a V1 slug with no known fate in V2' : 'is not in the mapping table';
      diags.add('unknown-field', slug, itemPath(index), `"${slug}" ${why}: kept as it is`);
      emit(slug, convertItem(run, item, slug, formatOf(item, undefined), index), index, slug);
      if (footnotes.trim() !== '')
        diags.add('footnotes-dropped', slug, itemPath(index), `V1 has no notes field for "${slug}": its footnotes are dropped`);
      continue;
    }
    // What the V2 field holds goes back where it came from: V1 fields it carries one to one take
    // the value, the V1 Booleans it folds are expanded, V1 notes fields collect its footnotes.
    for (const named of step.named) {
      if (named.warning) diags.add('table-warning', named.v1, itemPath(index), named.warning);
      emit(named.v1, convertItem(run, item, named.v1, formatOf(item, step.format), index), index, slug);
    }
    if (step.members) expandGroup(run, item, index, step.members, emit);
    for (const v1 of step.notes) {
      let entry = notes.get(v1);
      if (!entry) {
        entry = { texts: [], times: [] };
        notes.set(v1, entry);
      }
      if (footnotes.trim() !== '' && !entry.texts.includes(footnotes)) entry.texts.push(footnotes);
      entry.times.push(item.modified_at);
    }
    if (step.named.length === 0 && !step.members) {
      const format = formatOf(item, step.format);
      diags.add(
        'v2-only-field',
        slug,
        itemPath(index),
        `"${slug}" is new in V2 (${format}), V1 had no such field: left out of the V1 record`,
      );
    }
    if (step.notes.length === 0 && footnotes.trim() !== '')
      diags.add('footnotes-dropped', slug, itemPath(index), `V1 has no notes field for "${slug}": its footnotes are dropped`);
  }

  const end = record.state_information.length;
  for (const move of plan.footnotes) {
    const entry = notes.get(move.v1);
    if (!entry) continue;
    if (move.warning) diags.add('table-warning', move.v1, undefined, move.warning);
    if (move.inferred) diags.add('table-warning', move.v1, undefined, inferredTargetsWarning(move));
    if (entry.texts.length > 1)
      diags.add(
        'footnotes-merged',
        move.v1,
        undefined,
        `${move.targets.join(', ')} have different footnotes: "${move.v1}" joins them`,
      );
    const content = { text: entry.texts.join('\n\n') };
    emit(move.v1, writeItem(plan.names, 'v1', move.v1, 'Markdown', content, latestTime(entry.times)), end, move.v1);
  }

  const latest = once(() => {
    let best: string | undefined;
    for (const item of items) if (best === undefined || compareTimes(item.modified_at, best) > 0) best = item.modified_at;
    return best;
  });
  const ctx: DeriveContext = {
    item: (slug) => byV2.get(slug),
    code: record.code,
    name: record.name,
    overrides: run.overrides,
    latest,
  };
  for (const field of plan.deletes) {
    const { rule } = field;
    if (rule.warning) diags.add('table-warning', rule.v1, undefined, rule.warning);
    const restored = restoreDeleted(field, ctx);
    const format = field.boolean ? 'Boolean' : 'Markdown';
    emit(rule.v1, writeItem(plan.names, 'v1', rule.v1, format, restored.content, restored.modifiedAt), end, rule.v1);
    if (restored.how === 'derived') diags.add('deleted-field-derived', rule.v1, undefined, derivedMessage(rule, restored.from));
    else diags.add('deleted-field-emptied', rule.v1, undefined, emptiedMessage(rule, restored.why));
  }

  const result: Out = {
    code: record.code,
    name: record.name,
    state_information: out.ordered(),
  };
  const extra = extrasOf('record', 'v2', record);
  if (extra.length > 0)
    diags.add('property-dropped', undefined, undefined, `V1 records had no ${extra.map((k) => `"${k}"`).join(', ')}: left out`);
  return result as V1StateRecord;
}

/** V2 item properties V1 items never had: left out of the V1 item, and said once per item. */
function dropExtras(run: DowngradeRun, item: V2StateItem, index: number): void {
  const extra = extrasOf('item', 'v2', item);
  if (extra.length > 0)
    run.diags.add(
      'property-dropped',
      item.field_type,
      itemPath(index),
      `V1 items had no ${extra.map((k) => `"${k}"`).join(', ')}: left out`,
    );
}

/** A Multi-select back into its V1 Booleans ("True"/"False" and `value`); options with no V1 Boolean are reported. */
function expandGroup(
  run: DowngradeRun,
  item: V2StateItem,
  index: number,
  members: NonNullable<DowngradeStep['members']>,
  emit: (slug: string, item: Out, index: number, from: string) => void,
): void {
  const slug = item.field_type;
  const selected = readOptions(run, item, index);
  const { names } = run.plan;
  dropExtras(run, item, index);
  for (const { v1, option } of members) {
    const bool = selected.includes(option);
    emit(v1, writeItem(names, 'v1', v1, 'Boolean', { text: boolText(bool), bool }, item.modified_at), index, slug);
  }
  for (let i = 0; i < selected.length; i++) {
    const option = selected[i] as string;
    if (selected.indexOf(option) !== i) continue; // reported once
    if (!members.some((x) => x.option === option))
      run.diags.add('option-dropped', slug, itemPath(index), `option "${option}" of "${slug}" has no V1 Boolean: dropped`);
  }
}

/** The V1 descriptors of the fields V2 deleted, and what to say about them. */
function deletedDescriptors(plan: Plan) {
  const descriptors = plan.deletes.map(({ rule }) => ({
    slug: rule.v1,
    longName: longNameOf(rule.v1),
    format: plan.mappings.v1FormatOf(rule.v1) ?? plan.v1FormatFor('Markdown'),
    known: plan.mappings.v1FormatOf(rule.v1) !== undefined,
  }));
  const slugs = descriptors.map((d) => d.slug);
  const message = `${slugs.length} fields deleted in V2 are listed again for V1 code (long_name made from the slug): ${slugs.join(', ')}`;
  const unknown = descriptors.filter((d) => !d.known).map((d) => d.slug);
  const unknownMessage =
    unknown.length > 0
      ? `nobody knows the V1 format of ${unknown.join(', ')}: listed as ${plan.v1FormatFor('Markdown')}, V1's text format; check before relying on it`
      : undefined;
  return { descriptors, message, unknownMessage };
}

/** A V1 descriptor (V1's three properties only). */
function v1Descriptor(plan: Plan, slug: string, longName: string, format: V2Format): Out {
  return writeDescriptor(plan.names, 'v1', slug, longName, plan.v1FormatFor(format));
}

const expandedMessage = (members: readonly { readonly v1: string }[], slug: string) =>
  `"${slug}" listed as its V1 Booleans ${members.map((x) => x.v1).join(', ')} (long_name made from the slug)`;

/** V2 field list → V1: slugs and `description` → `long_name` back, Multi-selects expanded, deleted fields listed again. */
export function downgradeFields(run: DowngradeRun, fields: readonly V2FieldDescriptor[]): V1FieldDescriptor[] {
  const { plan, diags } = run;
  /** Output descriptors by V1 slug, kept in slug order. */
  const out = plan.order.map<Out>();
  /** Where each input slug was first seen. */
  const seen = plan.order.map<number>();
  const emit = (slug: string, item: Out, index: number, from: string) => {
    if (!out.add(slug, item)) throw collision(run, jsonPath([index, 'slug']), from, slug, undefined);
  };
  const descriptionOf = (d: V2FieldDescriptor) => (d as Out)[plan.names.description.v2] as string;
  /** A descriptor V1 has no counterpart for, kept under its V2 slug. */
  const keep = (d: V2FieldDescriptor, format: V2Format, index: number) => {
    const slug = d.slug;
    emit(slug, v1Descriptor(plan, slug, descriptionOf(d), format), index, slug);
    const v1Format = plan.v1FormatFor(format);
    if (v1Format !== format)
      diags.add(
        'format-downgraded',
        slug,
        listPath(index),
        `V1 has no ${format} format: "${slug}" is listed as ${v1Format} (its value is in text)`,
      );
  };

  for (let index = 0; index < fields.length; index++) {
    const d = fields[index] as V2FieldDescriptor;
    const slug = d.slug;
    const path = listPath(index);
    const step = plan.downgradeSteps.get(slug);
    const first = seen.get(slug);
    if (first !== undefined) throw collision(run, jsonPath([index, 'slug']), slug, slug, { slug, path: jsonPath([first]) });
    seen.set(slug, index);
    const format = readFormat(run, 'v2', d.field_format, slug, index);
    const extra = extrasOf('descriptor', 'v2', d);
    if (extra.length > 0)
      diags.add('property-dropped', slug, path, `V1 descriptors had no ${extra.map((k) => `"${k}"`).join(', ')}: left out`);
    if (step === undefined) {
      diags.add('unknown-field', slug, path, `"${slug}" is not in the mapping table: kept under its V2 slug`);
      keep(d, format, index);
      continue;
    }
    // What the V2 field holds: V1 fields carried one to one, folded V1 Booleans, notes fields in its footnotes.
    for (const { v1 } of step.named) emit(v1, v1Descriptor(plan, v1, descriptionOf(d), format), index, slug);
    const { members } = step;
    if (members) {
      for (const { v1 } of members) emit(v1, v1Descriptor(plan, v1, longNameOf(v1), 'Boolean'), index, slug);
      diags.add('descriptor-synthesized', slug, path, expandedMessage(members, slug));
      for (const option of d.options ?? [])
        if (!members.some((x) => x.option === option))
          diags.add('option-dropped', slug, path, `option "${option}" of "${slug}" has no V1 Boolean: not listed`);
    }
    for (const v1 of step.notes) if (!out.has(v1)) emit(v1, v1Descriptor(plan, v1, longNameOf(v1), 'Markdown'), index, v1);
    if (step.named.length === 0 && !members)
      diags.add('v2-only-field', slug, path, `"${slug}" is new in V2, V1 had no such field: left out of the V1 list`);
  }

  const { descriptors, message, unknownMessage } = deletedDescriptors(plan);
  for (const d of descriptors)
    emit(d.slug, writeDescriptor(plan.names, 'v1', d.slug, d.longName, d.format), fields.length, d.slug);
  if (descriptors.length > 0) diags.add('descriptor-synthesized', undefined, undefined, message);
  if (unknownMessage) diags.add('format-unknown', undefined, undefined, unknownMessage);
  return out.ordered() as V1FieldDescriptor[];
}

/** Override list → V1 slugs. V1 had no override endpoint: this serves V1-era code that reads overrides by V1 slug. */
export function downgradeOverrides(run: DowngradeRun, overrides: readonly RegionalOverride[]): RegionalOverride[] {
  const { plan, diags } = run;
  const seen = new Set<string>();
  if (overrides.length > 0)
    diags.add('no-v1-overrides', undefined, undefined, 'V1 had no override endpoint: field slugs are given their V1 names');
  return overrides.map((o, index) => {
    const slug = o.field.slug;
    const path = jsonPath([index, 'field', 'slug']);
    const step = plan.downgradeSteps.get(slug);
    const named = step?.named[0];
    let target = slug;
    if (named) target = named.v1;
    else if (plan.mappings.byV1.has(slug)) target = slug;
    else if (step) diags.add('v2-only-field', slug, path, `"${slug}" has no one-to-one V1 field: kept under its V2 slug`);
    else diags.add('unknown-field', slug, path, `"${slug}" is not in the mapping table: kept as it is`);
    checkDuplicate(run, seen, o, target, index);
    return convertOverride(o, target);
  });
}
