import type { ConsolidateRule, DeleteRule, FootnoteRule, V2Format } from '../mapping/schema.js';
import { assertNever } from '../mapping/validate.js';
import { collision, formatsFromFields, type Run, readFormat, type UpgradeRun } from './context.js';
import { restoreDeleted } from './derive.js';
import { jsonPath, PayloadError } from './diagnostics.js';
import { compareSlugs } from './plan.js';
import type {
  RegionalOverride,
  V1FieldDescriptor,
  V1StateItem,
  V1StateRecord,
  V2FieldDescriptor,
  V2StateItem,
  V2StateRecord,
} from './schemas.js';
import { stateCodeOf } from './states.js';
import { boolText, copyExtras, latestTime, longNameOf, MULTISELECT_SEPARATOR, readBoolText } from './values.js';

type Out = Record<string, unknown>;

const itemPath = (i: number) => jsonPath(['state_information', i]);

/** The Boolean a V1 item holds: its `value` when sent, else its text. Reports unset, unreadable and conflicting values. */
function readBoolean(
  run: UpgradeRun,
  item: V1StateItem,
  path: string,
  reportUnset = true,
): { bool: boolean; text: string; unset: boolean } {
  const { boolV1, boolV2 } = run.plan.keys;
  const slug = item.field_type;
  const sent = (item as Out)[boolV1];
  const read = readBoolText(item.text);
  const bool = typeof sent === 'boolean' ? sent : read === true;
  if (typeof sent === 'boolean' && ((typeof read === 'boolean' && read !== sent) || (read === null && sent)))
    run.diags.add(
      'boolean-conflict',
      slug,
      path,
      `text ${JSON.stringify(item.text)} disagrees with ${boolV1} ${sent}: ${boolV2} follows ${boolV1} (${sent}), text is kept`,
    );
  let text = item.text;
  if (read === null) {
    if (!sent && reportUnset)
      run.diags.add('unset-boolean', slug, path, `"${slug}" is unset (text ""): ${boolV2} is false, text stays ""`);
  } else if (read === undefined)
    run.diags.add(
      'boolean-unreadable',
      slug,
      path,
      `text ${JSON.stringify(item.text)} is not "True", "False" or "": kept; ${boolV2} is ${bool}`,
    );
  else if (item.text !== boolText(read)) {
    text = boolText(read);
    run.diags.add('boolean-normalized', slug, path, `text ${JSON.stringify(item.text)} written as ${JSON.stringify(text)}`);
  }
  return { bool, text, unset: read === null && !sent };
}

const V1_ITEM_KEYS = (run: UpgradeRun) => new Set(['text', 'field_type', 'modified_at', run.plan.keys.boolV1]);

/** One V1 item in V2 shape under `slug`. */
function convertItem(
  run: UpgradeRun,
  item: V1StateItem,
  slug: string,
  format: V2Format,
  path: string,
  known: ReadonlySet<string>,
): Out {
  const out: Out = { field_type: slug, text: item.text };
  switch (format) {
    case 'Boolean': {
      const { bool, text } = readBoolean(run, item, path);
      out.text = text;
      out[run.plan.keys.boolV2] = bool;
      break;
    }
    case 'Multi-select': {
      const options = item.text
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      out.multiselect_value = options;
      break;
    }
    case 'Single-select':
    case 'Markdown':
    case 'URL':
    case 'Date':
      break;
    default:
      return assertNever(format);
  }
  out.footnotes = '';
  out.modified_at = item.modified_at;
  copyExtras(item as Out, known, out);
  return out;
}

interface Member {
  readonly rule: ConsolidateRule;
  readonly item: V1StateItem;
  readonly index: number;
}

/** V1 state record → V2: renames, folds, footnote moves, deletions (see README). */
export function upgradeState(run: UpgradeRun, record: V1StateRecord): V2StateRecord {
  const { plan, diags } = run;
  const formats = formatsFromFields(run, 'v1', run.fields);
  const known = V1_ITEM_KEYS(run);
  const out = new Map<string, { item: Out; from: number }>();
  const seen = new Map<string, number>();
  const groups = new Map<string, Member[]>();
  const notes: { rule: FootnoteRule; item: V1StateItem; index: number }[] = [];
  const deleted: { rule: DeleteRule; item: V1StateItem; index: number }[] = [];

  const emit = (slug: string, item: Out, index: number, from: string) => {
    const prev = out.get(slug);
    if (prev)
      throw collision(
        run,
        jsonPath(['state_information', index, 'field_type']),
        from,
        record.state_information[prev.from]?.field_type ?? slug,
        slug,
      );
    out.set(slug, { item, from: index });
  };
  const formatOf = (item: V1StateItem): V2Format =>
    formats?.get(item.field_type) ??
    (typeof (item as Out)[plan.keys.boolV1] === 'boolean' ? 'Boolean' : plan.v2FormatOfV1(item.field_type)) ??
    'Markdown';

  record.state_information.forEach((item, index) => {
    const slug = item.field_type;
    const first = seen.get(slug);
    if (first !== undefined) throw collision(run, jsonPath(['state_information', index, 'field_type']), slug, slug, slug);
    seen.set(slug, index);
    const rule = plan.rule(slug);
    if (rule === undefined) {
      diags.add('unknown-field', slug, itemPath(index), `"${slug}" is not in the mapping table: kept as it is`);
      emit(slug, convertItem(run, item, slug, formatOf(item), itemPath(index), known), index, slug);
      return;
    }
    if (rule.warning) diags.add('table-warning', slug, itemPath(index), rule.warning);
    switch (rule.kind) {
      case 'rename':
        emit(rule.v2, convertItem(run, item, rule.v2, formatOf(item), itemPath(index), known), index, slug);
        break;
      case 'unchanged':
        emit(slug, convertItem(run, item, slug, formatOf(item), itemPath(index), known), index, slug);
        break;
      case 'consolidate': {
        const group = groups.get(rule.v2) ?? [];
        group.push({ rule, item, index });
        groups.set(rule.v2, group);
        break;
      }
      case 'footnote':
        notes.push({ rule, item, index });
        break;
      case 'delete':
        deleted.push({ rule, item, index });
        break;
      case 'unknown':
        diags.add('unknown-field', slug, itemPath(index), `"${slug}" has no known fate in V2: kept as it is`);
        emit(slug, convertItem(run, item, slug, formatOf(item), itemPath(index), known), index, slug);
        break;
      default:
        assertNever(rule);
    }
  });

  for (const [slug, members] of groups) {
    const first = members[0] as Member;
    emit(slug, foldGroup(run, slug, members, known), first.index, first.rule.v1);
  }

  for (const { rule, item, index } of notes) {
    if (item.text === '') continue;
    const targets = rule.targets.filter((t) => out.has(t));
    if (targets.length === 0) {
      diags.add(
        'notes-without-target',
        rule.v1,
        itemPath(index),
        `"${rule.v1}" moves into the footnotes of ${rule.targets.join(', ')}, none of which is in the record: its text is dropped`,
      );
      continue;
    }
    for (const target of targets) {
      const item2 = (out.get(target) as { item: Out }).item;
      const before = item2.footnotes as string;
      item2.footnotes = before === '' ? item.text : `${before}\n\n${item.text}`;
    }
  }

  if (deleted.length > 0) {
    const items = new Map([...out].map(([slug, { item }]) => [slug, item as unknown as V2StateItem]));
    const latest = latestTime([...items.values()].map((i) => i.modified_at));
    const ctx = { plan, items, code: record.code, name: record.name, overrides: run.overrides, latest };
    for (const { rule, item, index } of deleted) {
      const restored = restoreDeleted(rule, ctx);
      const sent = (item as Out)[plan.keys.boolV1];
      const back = restored.item.text === item.text && (sent === undefined || sent === restored.item.value);
      const what = `"${rule.v1}" is deleted in V2 (${rule.category}${rule.replacement ? `; see ${rule.replacement.join(', ')}` : ''})`;
      if (back)
        diags.add(
          'deleted-field',
          rule.v1,
          itemPath(index),
          `${what}: dropped; downgrade gives it back (${restored.how === 'derived' ? restored.from : 'empty'})`,
        );
      else
        diags.add(
          'deleted-value-lost',
          rule.v1,
          itemPath(index),
          `${what}: its value is dropped and downgrade cannot give it back (${
            restored.how === 'derived' ? `it would give ${JSON.stringify(restored.item.text)}, ${restored.from}` : restored.why
          })`,
        );
    }
  }

  const result: Out = {
    code: record.code,
    name: record.name,
    state_information: [...out.entries()].sort(([a], [b]) => compareSlugs(a, b)).map(([, { item }]) => item),
  };
  copyExtras(record as Out, new Set(['code', 'name', 'state_information']), result);
  return result as V2StateRecord;
}

/** Consolidated V1 Booleans → one Multi-select item: the options whose Boolean was true, in option-set order. */
function foldGroup(run: UpgradeRun, slug: string, members: readonly Member[], known: ReadonlySet<string>): Out {
  const selected = new Set<string>();
  for (const { rule, item, index } of members) {
    const { bool, unset } = readBoolean(run, item, itemPath(index), false);
    if (bool) selected.add(rule.option);
    if (unset)
      run.diags.add(
        'unset-option',
        rule.v1,
        itemPath(index),
        `"${rule.v1}" is unset, but V2 option "${rule.option}" of "${slug}" is either selected or not: not selected (downgrade gives "False")`,
      );
  }
  const order = run.plan.optionOrder.get(slug) ?? members.map((m) => m.rule.option);
  const options = order.filter((o) => selected.has(o));
  const out: Out = {
    field_type: slug,
    text: options.join(MULTISELECT_SEPARATOR),
    multiselect_value: options,
    footnotes: '',
    modified_at: latestTime(members.map((m) => m.item.modified_at)),
  };
  for (const { item } of members) copyExtras(item as Out, known, out);
  return out;
}

/** V1 field list → V2: renamed slugs, `long_name` → `description`, formats mapped, Multi-selects built from the table. */
export function upgradeFields(run: UpgradeRun, fields: readonly V1FieldDescriptor[]): V2FieldDescriptor[] {
  const { plan, diags } = run;
  const { descV1, descV2 } = plan.keys;
  const known = new Set(['slug', descV1, 'field_format']);
  const out = new Map<string, { item: Out; from: number }>();
  const seen = new Map<string, number>();
  const groups = new Map<string, string[]>();
  const emit = (slug: string, item: Out, index: number, from: string) => {
    const prev = out.get(slug);
    if (prev) throw collision(run, jsonPath([index, 'slug']), from, fields[prev.from]?.slug ?? slug, slug);
    out.set(slug, { item, from: index });
  };
  const convert = (d: V1FieldDescriptor, slug: string, index: number): Out => {
    const item: Out = {
      slug,
      [descV2]: d[descV1],
      field_format: readFormat(run, 'v1', d.field_format, d.slug, jsonPath([index, 'field_format'])),
    };
    copyExtras(d as Out, known, item);
    return item;
  };

  fields.forEach((d, index) => {
    const slug = d.slug;
    if (seen.has(slug)) throw collision(run, jsonPath([index, 'slug']), slug, slug, slug);
    seen.set(slug, index);
    const path = jsonPath([index]);
    const rule = plan.rule(slug);
    if (rule === undefined) {
      diags.add('unknown-field', slug, path, `"${slug}" is not in the mapping table: kept as it is`);
      emit(slug, convert(d, slug, index), index, slug);
      return;
    }
    if (rule.warning) diags.add('table-warning', slug, path, rule.warning);
    switch (rule.kind) {
      case 'rename':
        emit(rule.v2, convert(d, rule.v2, index), index, slug);
        break;
      case 'unchanged':
        emit(slug, convert(d, slug, index), index, slug);
        break;
      case 'consolidate': {
        const members = groups.get(rule.v2) ?? [];
        if (members.length === 0) emit(rule.v2, {}, index, slug);
        members.push(slug);
        groups.set(rule.v2, members);
        break;
      }
      case 'footnote':
        diags.add(
          'notes-moved',
          slug,
          path,
          `"${slug}" is not a V2 field: its text is in the footnotes of ${rule.targets.join(', ')}`,
        );
        break;
      case 'delete':
        diags.add(
          'deleted-field',
          slug,
          path,
          `"${slug}" is deleted in V2 (${rule.category}): dropped; downgrade lists it again (its long_name made from the slug)`,
        );
        break;
      case 'unknown':
        diags.add('unknown-field', slug, path, `"${slug}" has no known fate in V2: kept as it is`);
        emit(slug, convert(d, slug, index), index, slug);
        break;
      default:
        assertNever(rule);
    }
  });

  for (const [slug, members] of groups) {
    const declared = plan.mappings.v2Fields.get(slug);
    const slot = out.get(slug) as { item: Out };
    slot.item = {
      slug,
      [descV2]: declared?.description ?? longNameOf(slug),
      field_format: declared?.format ?? plan.v2FormatOfV2(slug) ?? 'Multi-select',
      options: [...(plan.optionOrder.get(slug) ?? [])],
    };
    diags.add(
      'descriptor-synthesized',
      slug,
      undefined,
      `V2 "${slug}" built from the mapping table: it folds ${members.join(', ')}${declared?.optionsComplete === false ? ' (option set incomplete: V2 may have more)' : ''}`,
    );
  }
  return [...out.entries()].sort(([a], [b]) => compareSlugs(a, b)).map(([, { item }]) => item as V2FieldDescriptor);
}

/** Override list with V1 slugs → V2 slugs (V2 slugs are kept: the override list only exists in V2). */
export function upgradeOverrides(run: UpgradeRun, overrides: readonly RegionalOverride[]): RegionalOverride[] {
  const seen = new Set<string>();
  return overrides.map((o, index) => {
    const slug = o.field.slug;
    const rule = run.plan.rule(slug);
    let target = slug;
    if (rule?.kind === 'rename') target = rule.v2;
    else if (rule && rule.kind !== 'unchanged' && !run.plan.mappings.v2Slugs.has(slug))
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

/** A copy of an override with another field slug (extras kept at every level). */
export function convertOverride(o: RegionalOverride, slug: string): RegionalOverride {
  const region: Out = { name: o.region.name };
  copyExtras(o.region as Out, new Set(['name']), region);
  const field: Out = { slug };
  copyExtras(o.field as Out, new Set(['slug']), field);
  const out: Out = { state: o.state, region, field, value: o.value };
  copyExtras(o as Out, new Set(['state', 'region', 'field', 'value']), out);
  return out as RegionalOverride;
}

/** Two overrides for the same state, region and field are bad input (which value wins?). */
export function checkDuplicate(run: Run, seen: Set<string>, o: RegionalOverride, slug: string, index: number): void {
  const key = JSON.stringify([stateCodeOf(o.state) ?? o.state, o.region.name, slug]);
  if (seen.has(key))
    throw new PayloadError(
      jsonPath([index]),
      `duplicate override: "${o.region.name}" of ${o.state} already has a value for "${slug}"`,
      {
        source: run.source,
      },
    );
  seen.add(key);
}
