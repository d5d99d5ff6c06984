import { MappingError } from '../errors.js';
import type { MappingTable, SlugRule, SlugRuleKind } from './schema.js';

/** Kinds that mean the V1 slug no longer exists under that name in V2. */
const MIGRATED: ReadonlySet<SlugRuleKind> = new Set(['rename', 'consolidate', 'footnote', 'delete']);

/**
 * Checks a schema-valid table for the rules a schema cannot express. Throws a `MappingError`
 * naming the first bad row.
 */
export function validateTable(table: MappingTable, source: string): void {
  const fail = (row: string, problem: string): never => {
    throw new MappingError(source, row, problem);
  };
  const rowName = (i: number, rule: SlugRule) => `slugs[${i}] (${rule.kind} "${rule.v1}")`;

  // v2Fields: unique slugs, unique options, options only on select formats.
  const v2Fields = new Map<string, MappingTable['v2Fields'][number]>();
  table.v2Fields.forEach((field, i) => {
    const row = `v2Fields[${i}] ("${field.slug}")`;
    if (v2Fields.has(field.slug)) fail(row, `duplicate V2 field "${field.slug}"`);
    const isSelect = field.format === 'Multi-select' || field.format === 'Single-select';
    if (isSelect && !field.options) fail(row, `a ${field.format} field needs "options"`);
    if (!isSelect && field.options) fail(row, `a ${field.format} field has no "options"`);
    const dup = firstDuplicate(field.options ?? []);
    if (dup !== undefined) fail(row, `option "${dup}" is listed twice`);
    v2Fields.set(field.slug, field);
  });

  // Group rows by V1 slug; a slug in two rows must be a declared contradiction.
  const rowsBySlug = new Map<string, number[]>();
  table.slugs.forEach((rule, i) => {
    const rows = rowsBySlug.get(rule.v1) ?? [];
    rows.push(i);
    rowsBySlug.set(rule.v1, rows);
  });
  const contradictions = new Map<string, MappingTable['contradictions'][number]>();
  table.contradictions.forEach((c, i) => {
    const row = `contradictions[${i}] ("${c.v1}")`;
    if (contradictions.has(c.v1)) fail(row, `duplicate contradiction for "${c.v1}"`);
    const rows = rowsBySlug.get(c.v1);
    if (!rows) fail(row, `"${c.v1}" is not a V1 slug of this table`);
    const kinds = (rows ?? []).map((r) => table.slugs[r]?.kind).sort();
    if (kinds.join() !== [...c.kinds].sort().join())
      fail(row, `declares kinds [${c.kinds.join(', ')}] but the table has [${kinds.join(', ')}]`);
    if (!c.kinds.includes(c.resolution)) fail(row, `resolution "${c.resolution}" is not one of its kinds`);
    contradictions.set(c.v1, c);
  });
  for (const [v1, rows] of rowsBySlug) {
    if (rows.length < 2) continue;
    const second = rows[1] as number;
    const rule = table.slugs[second] as SlugRule;
    const kinds = rows.map((r) => table.slugs[r]?.kind);
    if (firstDuplicate(kinds) !== undefined)
      fail(rowName(second, rule), `duplicate: "${v1}" is already at slugs[${rows[0]}] with the same kind`);
    if (!contradictions.has(v1))
      fail(
        rowName(second, rule),
        `"${v1}" is also at slugs[${rows[0]}] (${table.slugs[rows[0] as number]?.kind}); declare it in "contradictions" or remove one`,
      );
  }

  // The V2 slugs the table knows: targets, declared V2 fields, unchanged slugs.
  const knownV2 = new Set<string>(v2Fields.keys());
  const migrated = new Set<string>();
  for (const rule of table.slugs) {
    if (rule.kind === 'rename' || rule.kind === 'consolidate') knownV2.add(rule.v2);
    if (rule.kind === 'unchanged') knownV2.add(rule.v1);
    if (MIGRATED.has(rule.kind)) migrated.add(rule.v1);
  }

  const renameTargets = new Map<string, number>();
  const optionsTaken = new Map<string, number>();
  const footnoteTargets = new Map<string, number>();
  table.slugs.forEach((rule, i) => {
    const row = rowName(i, rule);
    const inContradiction = contradictions.has(rule.v1);
    const assertV2 = (slug: string, what: string) => {
      if (!knownV2.has(slug)) fail(row, `${what} "${slug}" is not a known V2 slug`);
    };
    switch (rule.kind) {
      case 'rename': {
        if (migrated.has(rule.v2) && rule.v2 !== rule.v1) fail(row, `chain: target "${rule.v2}" is itself a migrated V1 slug`);
        if (rule.v2 === rule.v1) fail(row, `renames "${rule.v1}" to itself; use kind "unchanged"`);
        const other = renameTargets.get(rule.v2);
        if (other !== undefined) fail(row, `duplicate target: slugs[${other}] is also renamed to "${rule.v2}"`);
        renameTargets.set(rule.v2, i);
        break;
      }
      case 'consolidate': {
        if (migrated.has(rule.v2)) fail(row, `chain: target "${rule.v2}" is itself a migrated V1 slug`);
        const field = v2Fields.get(rule.v2);
        if (field?.format !== 'Multi-select') fail(row, `target "${rule.v2}" is not a Multi-select field declared in "v2Fields"`);
        if (!field?.options?.includes(rule.option))
          fail(row, `option "${rule.option}" is not in the option set of "${rule.v2}" (${field?.options?.join(', ')})`);
        const key = `${rule.v2}:${rule.option}`;
        const other = optionsTaken.get(key);
        if (other !== undefined) fail(row, `duplicate: slugs[${other}] already maps to "${rule.v2}" option "${rule.option}"`);
        optionsTaken.set(key, i);
        break;
      }
      case 'footnote': {
        const dup = firstDuplicate(rule.targets);
        if (dup !== undefined) fail(row, `footnote target "${dup}" is listed twice`);
        for (const target of rule.targets) {
          assertV2(target, 'footnote target');
          const other = footnoteTargets.get(target);
          if (other !== undefined) fail(row, `footnote target "${target}" already receives slugs[${other}]'s notes`);
          footnoteTargets.set(target, i);
        }
        break;
      }
      case 'delete': {
        if (!inContradiction) for (const r of rule.replacement ?? []) assertV2(r, 'replacement');
        const derive = rule.derive;
        if (derive?.from === 'anyNonEmpty') for (const f of derive.fields) assertV2(f, 'derive field');
        if (derive?.from === 'copy' || derive?.from === 'overrides') assertV2(derive.field, 'derive field');
        break;
      }
      case 'unchanged':
      case 'unknown':
        break;
      default:
        assertNever(rule);
    }
  });

  const unique = <T>(list: readonly T[], key: (t: T) => string, what: string, name: (i: number) => string) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k)) fail(name(i), `duplicate ${what} "${k}"`);
      seen.add(k);
    });
  };
  unique(
    table.properties,
    (p) => `${p.object}.${p.v1}`,
    'property',
    (i) => `properties[${i}]`,
  );
  unique(
    table.endpoints,
    (e) => e.v1,
    'endpoint',
    (i) => `endpoints[${i}]`,
  );
  unique(
    table.formats,
    (f) => f.v1,
    'format',
    (i) => `formats[${i}]`,
  );
  unique(
    table.hosts,
    (h) => h,
    'host',
    (i) => `hosts[${i}]`,
  );
  table.endpoints.forEach((e, i) => {
    if (!e.v1.startsWith('/v1/')) fail(`endpoints[${i}]`, `"v1" must start with /v1/`);
    if (e.v2 !== null && !e.v2.startsWith('/v2/')) fail(`endpoints[${i}]`, `"v2" must start with /v2/`);
  });
}

function firstDuplicate<T>(list: readonly T[]): T | undefined {
  const seen = new Set<T>();
  for (const item of list) {
    if (seen.has(item)) return item;
    seen.add(item);
  }
  return undefined;
}

/** The `never` guard of every exhaustive switch over rule kinds. */
export function assertNever(value: never): never {
  throw new Error(`unhandled rule kind: ${JSON.stringify(value)}`);
}
