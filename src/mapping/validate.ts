import { endpointProblems } from '../endpoints/model.js';
import { MappingError } from '../errors.js';
import { jsonPath } from '../findings/json-path.js';
import type { ValidationContext } from '../rules/kind.js';
import { kindOf } from '../rules/registry.js';
import type { MappingTable, SlugRule } from './schema.js';

/** How an error names a table row after its path: `(rename "vbm_universal")`, `("absentee_request_methods")`. */
export const rowWords = (name: string, kind?: string): string => `(${kind ? `${kind} ` : ''}"${name}")`;

/**
 * Checks a schema-valid table for the rules a schema cannot express. Throws a `MappingError`
 * naming the first bad row.
 */
export function validateTable(table: MappingTable, source: string): void {
  const fail = (row: string, problem: string): never => {
    throw new MappingError(source, row, problem);
  };
  const rowName = (i: number, rule: SlugRule) => `${jsonPath(['slugs', i])} ${rowWords(rule.v1, rule.kind)}`;

  // v2Fields: unique slugs, unique options, options only on select formats.
  const v2Fields = new Map<string, MappingTable['v2Fields'][number]>();
  table.v2Fields.forEach((field, i) => {
    const row = `${jsonPath(['v2Fields', i])} ${rowWords(field.slug)}`;
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
    const row = `${jsonPath(['contradictions', i])} ${rowWords(c.v1)}`;
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
      fail(
        rowName(second, rule),
        `duplicate: "${v1}" is already at ${jsonPath(['slugs', rows[0] as number])} with the same kind`,
      );
    if (!contradictions.has(v1))
      fail(
        rowName(second, rule),
        `"${v1}" is also at ${jsonPath(['slugs', rows[0] as number])} (${table.slugs[rows[0] as number]?.kind}); declare it in "contradictions" or remove one`,
      );
  }

  // The V2 slugs the table knows (declared V2 fields, and what each row declares) and the V1
  // slugs that no longer exist under their name.
  const knownV2 = new Set<string>(v2Fields.keys());
  const replacedV1 = new Set<string>();
  for (const rule of table.slugs) {
    const entry = kindOf(rule).index(rule);
    for (const s of entry.declares) knownV2.add(s);
    if (entry.replacesV1) replacedV1.add(rule.v1);
  }

  // Keys a row takes (a rename target, a Multi-select option, a footnote target): by space, the row that took each.
  const claims = new Map<string, Map<string, string>>();
  table.slugs.forEach((rule, i) => {
    const row = rowName(i, rule);
    const ctx: ValidationContext = {
      fail: (problem) => fail(row, problem),
      requireV2: (slug, what) => {
        if (!knownV2.has(slug)) fail(row, `${what} "${slug}" is not a known V2 slug`);
      },
      requireV1: (slug, what) => {
        if (!rowsBySlug.has(slug)) fail(row, `${what} "${slug}" is not a V1 slug of this table`);
      },
      isReplacedV1: (slug) => replacedV1.has(slug),
      v2Field: (slug) => v2Fields.get(slug),
      claim: (space, key, conflict) => {
        const taken = claims.get(space) ?? new Map<string, string>();
        claims.set(space, taken);
        const other = taken.get(key);
        if (other !== undefined) fail(row, conflict(other));
        taken.set(key, jsonPath(['slugs', i]));
      },
      inContradiction: contradictions.has(rule.v1),
    };
    kindOf(rule).validate(rule, ctx);
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
    (i) => jsonPath(['properties', i]),
  );
  unique(
    table.endpoints,
    (e) => e.v1,
    'endpoint',
    (i) => jsonPath(['endpoints', i]),
  );
  unique(
    table.formats,
    (f) => f.v1,
    'format',
    (i) => jsonPath(['formats', i]),
  );
  unique(
    table.hosts,
    (h) => h,
    'host',
    (i) => jsonPath(['hosts', i]),
  );
  unique(
    table.v2Endpoints,
    (e) => e.path,
    'endpoint',
    (i) => jsonPath(['v2Endpoints', i]),
  );
  const endpoint = endpointProblems(table);
  if (endpoint) fail(endpoint.row, endpoint.problem);
}

function firstDuplicate<T>(list: readonly T[]): T | undefined {
  const seen = new Set<T>();
  for (const item of list) {
    if (seen.has(item)) return item;
    seen.add(item);
  }
  return undefined;
}
