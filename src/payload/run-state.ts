import type { V2Format } from '../mapping/schema.js';
import { V2_FORMATS as FORMATS } from '../mapping/schema.js';
import type { CodecRun } from './codec.js';
import { indexOverrides, type OverrideIndex } from './derive.js';
import { type Diagnostics, jsonPath, PayloadError } from './diagnostics.js';
import type { PayloadVersion, RegionalOverride } from './schemas.js';
import { validatePayload } from './shape.js';
import type { Plan } from './steps.js';

/** What one conversion call works with. */
export interface Run extends CodecRun {
  readonly plan: Plan;
  readonly diags: Diagnostics;
  readonly source: string | undefined;
  /** The override list given as an option, indexed. */
  readonly overrides: OverrideIndex | undefined;
  /** The input failed a check made while converting: throws the PayloadError that names the first problem. */
  invalid(): never;
}

export interface UpgradeRun extends Run {
  /** The V1 field list given beside a state record, indexed. */
  readonly fields: FieldIndex | undefined;
}

export interface DowngradeRun extends Run {
  /** The V2 field list given beside a state record, indexed. */
  readonly fields: FieldIndex | undefined;
}

const V2_FORMATS: ReadonlySet<string> = new Set(FORMATS);

/**
 * A V2 format from the `field_format` of descriptor `index` of a field list (V2 names, or V1 names
 * through the table); unknown → Markdown, reported.
 */
export function readFormat(run: Run, version: 'v1' | 'v2', format: string, slug: string, index: number): V2Format {
  const known = version === 'v1' ? run.plan.formats.get(format) : V2_FORMATS.has(format) ? (format as V2Format) : undefined;
  if (known) return known;
  run.diags.add(
    'unknown-format',
    slug,
    jsonPath([index, 'field_format']),
    `field_format "${format}" is not a ${version.toUpperCase()} format the table knows: treated as Markdown`,
  );
  return 'Markdown';
}

/** A field list given beside a state record, validated and indexed: slug → V2 format. */
export interface FieldIndex {
  readonly formats: ReadonlyMap<string, V2Format>;
  /** Descriptors whose `field_format` is unknown (treated as Markdown), reported on each use. */
  readonly unknown: readonly { readonly slug: string; readonly format: string }[];
}

/** Validates and indexes a field list passed as an option (each call: inputs may have changed since the last). */
export function indexFields(plan: Plan, version: PayloadVersion, fields: unknown): FieldIndex {
  validatePayload('fields', version, fields, 'fields (option)');
  const formats = new Map<string, V2Format>();
  const unknown: { slug: string; format: string }[] = [];
  for (const f of fields as readonly { slug: string; field_format: string }[]) {
    const known =
      version === 'v1'
        ? plan.formats.get(f.field_format)
        : V2_FORMATS.has(f.field_format)
          ? (f.field_format as V2Format)
          : undefined;
    if (!known) unknown.push({ slug: f.slug, format: f.field_format });
    formats.set(f.slug, known ?? 'Markdown');
  }
  return { formats, unknown };
}

/** Validates and indexes the override list passed as an option. */
export function overridesOption(plan: Plan, list: unknown): OverrideIndex {
  validatePayload('overrides', 'v2', list, 'overrides (option)');
  return indexOverrides(plan, list as readonly RegionalOverride[]);
}

/** Reports the field list's unknown formats (once per call) and returns the index. */
export function reportUnknownFormats(run: Run, index: FieldIndex | undefined, version: PayloadVersion): FieldIndex | undefined {
  if (!index) return undefined;
  for (const { slug, format } of index.unknown)
    run.diags.add(
      'unknown-format',
      slug,
      undefined,
      `field_format "${format}" in the field list is not a ${version.toUpperCase()} format the table knows: treated as Markdown`,
    );
  return index;
}

/**
 * Two input items that give the same output item. `earlier` finds the first input item that gives
 * `target` (rare path: only runs to word the error).
 */
export function collision(
  run: Run,
  path: string,
  slug: string,
  target: string,
  earlier: { slug: string; path: string } | undefined,
): PayloadError {
  const where = earlier ? ` (also at ${earlier.path})` : '';
  const what =
    earlier === undefined || earlier.slug === slug
      ? `duplicate field "${slug}"${where}`
      : `"${slug}" becomes "${target}", as "${earlier.slug}"${where} does`;
  return new PayloadError(path, what, { source: run.source });
}
