import { assertNever } from '../errors.js';
import { loadMappings } from '../mapping/load.js';
import type { Mappings, ResolvedRule } from '../mapping/mappings.js';
import type { Derive, V1Format } from '../mapping/schema.js';
import { kindOf } from '../rules/registry.js';
import type { RegionalOverride, V1FieldDescriptor, V1StateItem, V1StateRecord } from './schemas.js';
import { STATE_CODES, STATES } from './states.js';
import { planFor } from './steps.js';
import { hasData, longNameOf, slugWords as words } from './values.js';

/**
 * A deterministic synthetic dataset shaped exactly like the real V1 server (DOMAIN.md §2), generated
 * from the mapping table: every V1 slug the table knows V1 served, for every state. Values are made up;
 * the shapes, formats and quirks (Boolean `value`, `"True"`/`"False"` text, `""` for unset,
 * `modified_at` with and without microseconds, `*_notes` fields) are the real ones. Deleted fields
 * that V2 can rebuild (`derive` in the table) get values consistent with their sources, as real data has.
 */
export interface SyntheticV1Dataset {
  /** The V1 field list, ordered by slug as the real server did. */
  fields: V1FieldDescriptor[];
  /** One V1 state record per code (51), items ordered by slug. */
  states: Record<string, V1StateRecord>;
}

/** FNV-1a: a stable 32-bit seed from a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG, so a value depends only on (state, slug), not on iteration order. */
function random(seed: string): () => number {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const kebab = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** `modified_at` as the real server wrote it: UTC, `Z`, microseconds only when non-zero. */
function timestamp(rnd: () => number): string {
  const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(rnd() * 5 * 365) * 86_400_000);
  const base = `${day.toISOString().slice(0, 10)}T${pad(Math.floor(rnd() * 24))}:${pad(Math.floor(rnd() * 60))}:${pad(Math.floor(rnd() * 60))}`;
  return rnd() < 0.5 ? `${base}Z` : `${base}.${pad(1 + Math.floor(rnd() * 999_999), 6)}Z`;
}

const SENTENCES = [
  'Contact your local election office for details.',
  'See the **official guide** for the full rules.',
  'Voters must sign the envelope; a witness is not required.',
  'Applications are accepted by [the county clerk](https://example.gov/clerk).',
  'Rules differ for military and overseas voters — check with the county.',
  'Ballots postmarked by Election Day and received within 7 days count.',
  'Bring a document showing your name and current address.',
  'Les électeurs peuvent demander de l’aide au bureau de vote.',
];

function markdown(rnd: () => number, stateName: string, slug: string): string {
  const first = `${stateName}: ${words(slug)}.`;
  const count = 1 + Math.floor(rnd() * 3);
  const parts = [first];
  for (let i = 0; i < count; i++) parts.push(pick(rnd, SENTENCES));
  return rnd() < 0.3 ? `${parts[0]}\n\n${parts.slice(1).join(' ')}` : parts.join(' ');
}

function valueFor(
  format: V1Format,
  rnd: () => number,
  code: string,
  slug: string,
  unsetRate: number,
): Pick<V1StateItem, 'text' | 'value'> {
  const unset = rnd() < unsetRate;
  const stateName = STATES[code] ?? code;
  switch (format) {
    case 'Boolean':
      if (unset) return { text: '', value: false };
      return rnd() < 0.5 ? { text: 'True', value: true } : { text: 'False', value: false };
    case 'URL':
      return { text: unset ? '' : `https://elections.${code.toLowerCase()}.gov/${kebab(words(slug))}/` };
    case 'Date':
      return { text: unset ? '' : `2024-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))}` };
    case 'Markdown':
    case 'Text':
    case 'Phone':
    case 'Email':
      return { text: unset ? '' : markdown(rnd, stateName, slug) };
    default:
      return assertNever(format);
  }
}

/** The V1 slug whose data a V2 slug holds (renamed or unchanged), for rebuilding derived fields. */
function v1SourceOf(mappings: Mappings, v2: string): string | undefined {
  return planFor(mappings).downgradeSteps.get(v2)?.named[0]?.v1 ?? (mappings.byV1.has(v2) ? v2 : undefined);
}

/** Where a V1 slug's data goes in V2 (its row's kind says). */
const fateOf = (rule: ResolvedRule) => kindOf(rule).payload(rule);

/** The slugs the V1 server served: every table row but those with no known V2 fate. */
function servedSlugs(mappings: Mappings): string[] {
  return [...mappings.byV1.values()]
    .filter((rule) => {
      const fate = fateOf(rule);
      return fate.fate !== 'carried' || fate.known;
    })
    .map((rule) => rule.v1)
    .sort();
}

/** The V1 field list the table implies, ordered by slug; formats from the table, Markdown when unknown. */
export function syntheticV1Fields(mappings: Mappings = loadMappings()): V1FieldDescriptor[] {
  return servedSlugs(mappings).map((slug) => ({
    slug,
    long_name: longNameOf(slug),
    field_format: mappings.v1FormatOf(slug) ?? 'Markdown',
  }));
}

/** One state's V1 record. */
export function syntheticV1State(
  code: string,
  mappings: Mappings = loadMappings(),
  overrides: readonly RegionalOverride[] = syntheticOverrides(mappings),
): V1StateRecord {
  const name = STATES[code] ?? code;
  const items = new Map<string, V1StateItem>();
  const derived: { slug: string; derive: Derive; format: V1Format }[] = [];
  for (const slug of servedSlugs(mappings)) {
    const rule = mappings.byV1.get(slug);
    const fate = rule && fateOf(rule);
    const format = mappings.v1FormatOf(slug) ?? 'Markdown';
    if (fate?.fate === 'deleted' && fate.rule.derive) {
      derived.push({ slug, derive: fate.rule.derive, format });
      continue;
    }
    const rnd = random(`${code}/${slug}`);
    // Consolidated Booleans are always researched; notes are often empty; deleted fields mostly set.
    const unsetRate = fate?.fate === 'option' ? 0 : fate?.fate === 'footnotes' ? 0.6 : fate?.fate === 'deleted' ? 0.1 : 0.12;
    const { text, value } = valueFor(format, rnd, code, slug, unsetRate);
    items.set(
      slug,
      value === undefined
        ? { text, field_type: slug, modified_at: timestamp(rnd) }
        : { text, field_type: slug, modified_at: timestamp(rnd), value },
    );
  }
  for (const { slug, derive, format } of derived) {
    const rnd = random(`${code}/${slug}`);
    const text = deriveText(derive, { mappings, items, code, name, overrides });
    const item: V1StateItem = { text, field_type: slug, modified_at: timestamp(rnd) };
    items.set(slug, format === 'Boolean' ? { ...item, value: text === 'True' } : item);
  }
  return {
    code,
    name,
    state_information: [...items.values()].sort((a, b) =>
      a.field_type < b.field_type ? -1 : a.field_type > b.field_type ? 1 : 0,
    ),
  };
}

interface DeriveContext {
  mappings: Mappings;
  items: ReadonlyMap<string, V1StateItem>;
  code: string;
  name: string;
  overrides: readonly RegionalOverride[];
}

/** The V1 text a derived deleted field has, computed on V1 data (independently of the adapter's code). */
function deriveText(derive: Derive, ctx: DeriveContext): string {
  const textOf = (v2: string) => {
    const v1 = v1SourceOf(ctx.mappings, v2);
    return v1 === undefined ? '' : (ctx.items.get(v1)?.text ?? '');
  };
  switch (derive.from) {
    case 'anyNonEmpty':
      return derive.fields.some((f) => hasData(textOf(f))) ? 'True' : 'False';
    case 'copy':
      return textOf(derive.field);
    case 'constant':
      return derive.value ? 'True' : 'False';
    case 'overrides':
      return ctx.overrides.some((o) => o.field.slug === derive.field && (o.state === ctx.code || o.state === ctx.name))
        ? 'True'
        : 'False';
    default:
      return assertNever(derive);
  }
}

/** The whole dataset: field list plus the 51 state records. */
export function syntheticV1Dataset(mappings: Mappings = loadMappings()): SyntheticV1Dataset {
  const overrides = syntheticOverrides(mappings);
  const states: Record<string, V1StateRecord> = {};
  for (const code of STATE_CODES) states[code] = syntheticV1State(code, mappings, overrides);
  return { fields: syntheticV1Fields(mappings), states };
}

/** Regions with their own values, per state; `state` given as a code for some and a name for others (both are seen). */
const REGIONS: readonly { state: string; regions: readonly string[] }[] = [
  { state: 'IL', regions: ['Cook County', 'DuPage County', 'City of Chicago'] },
  { state: 'Wisconsin', regions: ['Milwaukee County', 'Dane County'] },
  { state: 'MI', regions: ['Wayne County', 'City of Detroit'] },
  { state: 'Pennsylvania', regions: ['Philadelphia County', 'Allegheny County'] },
];

/**
 * A small V2 override list: for every field the table rebuilds from overrides (the regional absentee
 * request tool), a few counties and cities of four states with their own URL.
 */
export function syntheticOverrides(mappings: Mappings = loadMappings()): RegionalOverride[] {
  const fields = new Set<string>();
  for (const rule of mappings.byV1.values()) {
    const fate = fateOf(rule);
    if (fate.fate === 'deleted' && fate.rule.derive?.from === 'overrides') fields.add(fate.rule.derive.field);
  }
  const out: RegionalOverride[] = [];
  for (const slug of [...fields].sort()) {
    for (const { state, regions } of REGIONS) {
      for (const region of regions) {
        out.push({
          state,
          region: { name: region },
          field: { slug },
          value: `https://${kebab(region)}.example.gov/${kebab(words(slug))}/`,
        });
      }
    }
  }
  return out;
}
