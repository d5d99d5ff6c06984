import { assertNever } from '../errors.js';
import type { DeleteRule, V2Format } from '../mapping/schema.js';
import { checkDuplicate, convertOverride, copyExtrasOf, readBoolean, readItem, writeDescriptor, writeItem } from './codec.js';
import { type DeletedField, type DeriveContext, restoreDeleted } from './derive.js';
import { inferredTargetsWarning, itemPath, jsonPath, listPath } from './diagnostics.js';
import { collision, readFormat, reportUnknownFormats, type UpgradeRun } from './run-state.js';
import type {
  RegionalOverride,
  V1FieldDescriptor,
  V1StateItem,
  V1StateRecord,
  V2FieldDescriptor,
  V2StateItem,
  V2StateRecord,
} from './schemas.js';
import { stateRecordShape, v1StateItemOk } from './shape.js';
import type { Plan } from './steps.js';
import { compareTimes, longNameOf, MULTISELECT_SEPARATOR } from './values.js';

type Out = Record<string, unknown>;

/** `"x" is deleted in V2 (category; see y)`. */
const deletedWhat = (rule: DeleteRule) =>
  `"${rule.v1}" is deleted in V2 (${rule.category}${rule.replacement ? `; see ${rule.replacement.join(', ')}` : ''})`;
const givenBackMessage = (rule: DeleteRule, how: string) => `${deletedWhat(rule)}: dropped; downgrade gives it back (${how})`;
const lostMessage = (rule: DeleteRule, why: string) =>
  `${deletedWhat(rule)}: its value is dropped and downgrade cannot give it back (${why})`;

/** One V1 item in V2 shape under `slug`, its extra properties kept. */
function convertItem(run: UpgradeRun, item: V1StateItem, slug: string, format: V2Format, index: number): Out {
  const out = writeItem(run.plan.names, 'v2', slug, format, readItem(run, 'v1', item, format, index), item.modified_at);
  copyExtrasOf('item', 'v1', item, out);
  return out;
}

/** The V2 slug a V1 slug's item or descriptor becomes (itself when it is kept, dropped or unknown). */
function targetOfSlug(plan: Plan, slug: string): string {
  return plan.upgradeSteps.get(slug)?.target ?? slug;
}

/** A V1 Boolean of a record that is an option of a V2 Multi-select. */
interface Member {
  readonly v1: string;
  readonly option: string;
  readonly item: V1StateItem;
  readonly index: number;
}

/** V1 state record → V2: renames, folds, footnote moves, deletions (see README). */
export function upgradeState(run: UpgradeRun, input: unknown): V2StateRecord {
  if (!stateRecordShape(input)) return run.invalid();
  const record = input as V1StateRecord;
  const { plan, diags } = run;
  const boolV1 = plan.names.boolean.v1;
  const fields = reportUnknownFormats(run, run.fields, 'v1');
  /** Output items by V2 slug, kept in slug order. */
  const out = plan.order.map<Out>();
  /** Input slugs that produce no item of their own (folded, moved to footnotes, deleted), to catch duplicates. */
  const absorbed = new Set<string>();
  const groups = new Map<string, Member[]>();
  const notes: { v1: string; targets: readonly string[]; item: V1StateItem; index: number }[] = [];
  const deleted: { field: DeletedField; item: V1StateItem; index: number }[] = [];
  const duplicate = (index: number, slug: string, target: string) => {
    const j = record.state_information.findIndex(
      (other, k) => k < index && (other.field_type === slug || targetOfSlug(plan, other.field_type) === target),
    );
    const earlier =
      j < 0
        ? undefined
        : { slug: (record.state_information[j] as V1StateItem).field_type, path: jsonPath(['state_information', j]) };
    return collision(run, jsonPath(['state_information', index, 'field_type']), slug, target, earlier);
  };

  const items = record.state_information;
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as V1StateItem;
    if (!v1StateItemOk(item)) run.invalid();
    const slug = item.field_type;
    const step = plan.upgradeSteps.get(slug);
    if (step === undefined) {
      if (plan.v2Only.has(slug)) run.invalid();
      if (plan.mappings.byV2.has(slug))
        diags.add('v2-only-field', slug, itemPath(index), `"${slug}" is a V2 field V1 did not have: kept as it is`);
      else diags.add('unknown-field', slug, itemPath(index), `"${slug}" is not in the mapping table: kept as it is`);
    } else {
      const { rule, fate } = step;
      switch (fate.fate) {
        case 'carried':
          if (!fate.known) diags.add('unknown-field', slug, itemPath(index), `"${slug}" has no known fate in V2: kept as it is`);
          if (rule.warning) diags.add('table-warning', slug, itemPath(index), rule.warning);
          break;
        // Items that give no item of their own: folded into a Multi-select, moved into footnotes, deleted.
        case 'option':
        case 'footnotes':
        case 'deleted':
          if (absorbed.has(slug)) throw duplicate(index, slug, slug);
          absorbed.add(slug);
          if (rule.warning) diags.add('table-warning', slug, itemPath(index), rule.warning);
          if (fate.fate === 'option') {
            const member = { v1: slug, option: fate.option, item, index };
            const group = groups.get(fate.v2);
            if (group) group.push(member);
            else groups.set(fate.v2, [member]);
          } else if (fate.fate === 'footnotes') {
            if (fate.inferred)
              diags.add('table-warning', slug, itemPath(index), inferredTargetsWarning({ v1: slug, targets: fate.targets }));
            notes.push({ v1: slug, targets: fate.targets, item, index });
          } else deleted.push({ field: step.deleted as DeletedField, item, index });
          continue;
        default:
          assertNever(fate);
      }
    }
    const target = step ? step.target : slug;
    const format: V2Format =
      fields?.formats.get(slug) ?? (typeof (item as Out)[boolV1] === 'boolean' ? 'Boolean' : step?.format) ?? 'Markdown';
    if (!out.add(target, convertItem(run, item, target, format, index))) throw duplicate(index, slug, target);
  }

  for (const [slug, members] of groups) {
    if (out.has(slug)) throw duplicate((members[0] as Member).index, (members[0] as Member).v1, slug);
    out.set(slug, foldGroup(run, slug, members));
  }

  for (const note of notes) {
    const { item } = note;
    if (item.text === '') continue;
    const targets = note.targets.filter((t) => out.has(t));
    if (targets.length === 0) {
      diags.add(
        'notes-without-target',
        note.v1,
        itemPath(note.index),
        `"${note.v1}" moves into the footnotes of ${note.targets.join(', ')}, none of which is in the record: its text is dropped`,
      );
      continue;
    }
    for (const target of targets) {
      const holder = out.get(target) as Out;
      const before = holder.footnotes as string;
      holder.footnotes = before === '' ? item.text : `${before}\n\n${item.text}`;
    }
  }

  if (deleted.length > 0) {
    // Would downgrade give each deleted value back? Only text and value are compared, so no time is needed.
    const ctx: DeriveContext = {
      item: (slug) => out.get(slug) as V2StateItem | undefined,
      code: record.code,
      name: record.name,
      overrides: run.overrides,
      latest: () => undefined,
    };
    for (const { field, item, index } of deleted) {
      const { rule } = field;
      const restored = restoreDeleted(field, ctx);
      const sent = (item as Out)[boolV1];
      const back = restored.content.text === item.text && (sent === undefined || sent === restored.content.bool);
      if (back)
        diags.add(
          'deleted-field',
          rule.v1,
          itemPath(index),
          givenBackMessage(rule, restored.how === 'derived' ? restored.from : 'empty'),
        );
      else if (restored.how === 'emptied')
        diags.add('deleted-value-lost', rule.v1, itemPath(index), lostMessage(rule, restored.why));
      else
        diags.add(
          'deleted-value-lost',
          rule.v1,
          itemPath(index),
          `${deletedWhat(rule)}: its value is dropped and downgrade cannot give it back (it would give ${JSON.stringify(restored.content.text)}, ${restored.from})`,
        );
    }
  }

  const result: Out = { code: record.code, name: record.name, state_information: out.ordered() };
  copyExtrasOf('record', 'v1', record, result);
  return result as V2StateRecord;
}

/** Consolidated V1 Booleans → one Multi-select item: the options whose Boolean was true, in option-set order. */
function foldGroup(run: UpgradeRun, slug: string, members: readonly Member[]): Out {
  const order = run.plan.optionOrder.get(slug) ?? members.map((m) => m.option);
  /** By position in `order`. */
  const selected: boolean[] = new Array(order.length).fill(false);
  let modified: string | undefined;
  for (const { v1, option, item, index } of members) {
    const { bool, unset } = readBoolean(run, 'v1', item, index, false);
    if (bool) {
      const at = order.indexOf(option);
      if (at >= 0) selected[at] = true;
    }
    if (unset)
      run.diags.add(
        'unset-option',
        v1,
        itemPath(index),
        `"${v1}" is unset, but V2 option "${option}" of "${slug}" is either selected or not: not selected (downgrade gives "False")`,
      );
    if (modified === undefined || compareTimes(item.modified_at, modified) > 0) modified = item.modified_at;
  }
  const options: string[] = [];
  for (let i = 0; i < order.length; i++) if (selected[i]) options.push(order[i] as string);
  const content = { text: options.join(MULTISELECT_SEPARATOR), options };
  const out = writeItem(run.plan.names, 'v2', slug, 'Multi-select', content, modified);
  for (const { item } of members) copyExtrasOf('item', 'v1', item, out);
  return out;
}

/** One V1 descriptor in V2 shape under `slug`, its extra properties kept. */
function v2Descriptor(run: UpgradeRun, d: V1FieldDescriptor, slug: string, index: number): Out {
  const { names } = run.plan;
  const description = (d as Out)[names.description.v1] as string;
  const out = writeDescriptor(names, 'v2', slug, description, readFormat(run, 'v1', d.field_format, d.slug, index));
  copyExtrasOf('descriptor', 'v1', d, out);
  return out;
}

/** V1 field list → V2: renamed slugs, `long_name` → `description`, formats mapped, Multi-selects built from the table. */
export function upgradeFields(run: UpgradeRun, fields: readonly V1FieldDescriptor[]): V2FieldDescriptor[] {
  const { plan, diags } = run;
  /** Output descriptors by V2 slug, kept in slug order. */
  const out = plan.order.map<Out>();
  /** Where each input slug was first seen. */
  const seen = plan.order.map<number>();
  const groups = new Map<string, string[]>();
  const emit = (slug: string, item: Out, index: number, from: string) => {
    if (out.add(slug, item)) return;
    const j = fields.findIndex((d, k) => k < index && targetOfSlug(plan, d.slug) === slug);
    const earlier = j < 0 ? undefined : { slug: (fields[j] as V1FieldDescriptor).slug, path: jsonPath([j]) };
    throw collision(run, jsonPath([index, 'slug']), from, slug, earlier);
  };

  for (let index = 0; index < fields.length; index++) {
    const d = fields[index] as V1FieldDescriptor;
    const slug = d.slug;
    const step = plan.upgradeSteps.get(slug);
    const first = seen.get(slug);
    if (first !== undefined) throw collision(run, jsonPath([index, 'slug']), slug, slug, { slug, path: jsonPath([first]) });
    seen.set(slug, index);
    const path = listPath(index);
    if (step === undefined) {
      if (plan.mappings.byV2.has(slug))
        diags.add('v2-only-field', slug, path, `"${slug}" is a V2 field V1 did not have: kept as it is`);
      else diags.add('unknown-field', slug, path, `"${slug}" is not in the mapping table: kept as it is`);
      emit(slug, v2Descriptor(run, d, slug, index), index, slug);
      continue;
    }
    const { rule, fate } = step;
    if (rule.warning) diags.add('table-warning', slug, path, rule.warning);
    switch (fate.fate) {
      case 'carried':
        if (!fate.known) diags.add('unknown-field', slug, path, `"${slug}" has no known fate in V2: kept as it is`);
        emit(fate.v2, v2Descriptor(run, d, fate.v2, index), index, slug);
        break;
      case 'option': {
        const members = groups.get(fate.v2) ?? [];
        if (members.length === 0) emit(fate.v2, {}, index, slug);
        members.push(slug);
        groups.set(fate.v2, members);
        break;
      }
      case 'footnotes':
        if (fate.inferred) diags.add('table-warning', slug, path, inferredTargetsWarning({ v1: slug, targets: fate.targets }));
        diags.add(
          'notes-moved',
          slug,
          path,
          `"${slug}" is not a V2 field: its text is in the footnotes of ${fate.targets.join(', ')}`,
        );
        break;
      case 'deleted':
        diags.add(
          'deleted-field',
          slug,
          path,
          `"${slug}" is deleted in V2 (${fate.rule.category}): dropped; downgrade lists it again (its long_name made from the slug)`,
        );
        break;
      default:
        assertNever(fate);
    }
  }

  for (const [slug, members] of groups) {
    const declared = plan.mappings.v2Fields.get(slug);
    const format = declared?.format ?? plan.v2FormatOfV2(slug) ?? 'Multi-select';
    const description = declared?.description ?? longNameOf(slug);
    out.set(slug, writeDescriptor(plan.names, 'v2', slug, description, format, plan.optionOrder.get(slug) ?? []));
    diags.add(
      'descriptor-synthesized',
      slug,
      undefined,
      `V2 "${slug}" built from the mapping table: it folds ${members.join(', ')}${declared?.optionsComplete === false ? ' (option set incomplete: V2 may have more)' : ''}`,
    );
  }
  return out.ordered() as V2FieldDescriptor[];
}

/** Override list with V1 slugs → V2 slugs (V2 slugs are kept: the override list only exists in V2). */
export function upgradeOverrides(run: UpgradeRun, overrides: readonly RegionalOverride[]): RegionalOverride[] {
  const seen = new Set<string>();
  return overrides.map((o, index) => {
    const slug = o.field.slug;
    const step = run.plan.upgradeSteps.get(slug);
    const rule = step?.rule;
    const carried = step?.fate.fate === 'carried' && step.fate.known;
    const target = carried ? step.target : slug;
    if (rule && !carried && !run.plan.mappings.v2Slugs.has(slug))
      run.diags.add(
        'unknown-field',
        slug,
        jsonPath([index, 'field', 'slug']),
        `"${slug}" has no one-to-one V2 field (${rule.kind}): kept as it is`,
      );
    else if (!rule && !run.plan.mappings.v2Slugs.has(slug))
      run.diags.add(
        'unknown-field',
        slug,
        jsonPath([index, 'field', 'slug']),
        `"${slug}" is not in the mapping table: kept as it is`,
      );
    checkDuplicate(run, seen, o, target, index);
    return convertOverride(o, target);
  });
}
