import type { V2Format } from '../mapping/schema.js';
import { v2FormatSchema } from '../mapping/schema.js';
import { type Diagnostics, PayloadError } from './diagnostics.js';
import type { Plan } from './plan.js';
import type { RegionalOverride, V1FieldDescriptor, V2FieldDescriptor } from './schemas.js';

/** What one conversion call works with. */
export interface Run {
  readonly plan: Plan;
  readonly diags: Diagnostics;
  readonly source: string | undefined;
  readonly overrides: readonly RegionalOverride[] | undefined;
}

export interface UpgradeRun extends Run {
  readonly fields: readonly V1FieldDescriptor[] | undefined;
}

export interface DowngradeRun extends Run {
  readonly fields: readonly V2FieldDescriptor[] | undefined;
}

const V2_FORMATS: ReadonlySet<string> = new Set(v2FormatSchema.options);

/** A V2 format from a descriptor's `field_format` (V2 names, or V1 names through the table); unknown → Markdown, reported. */
export function readFormat(run: Run, version: 'v1' | 'v2', format: string, slug: string, path: string | undefined): V2Format {
  const known = version === 'v1' ? run.plan.formats.get(format) : V2_FORMATS.has(format) ? (format as V2Format) : undefined;
  if (known) return known;
  run.diags.add(
    'unknown-format',
    slug,
    path,
    `field_format "${format}" is not a ${version.toUpperCase()} format the table knows: treated as Markdown`,
  );
  return 'Markdown';
}

/** slug → V2 format, from a field list given beside a state record. */
export function formatsFromFields(
  run: Run,
  version: 'v1' | 'v2',
  fields: readonly { slug: string; field_format: string }[] | undefined,
) {
  if (!fields) return undefined;
  const out = new Map<string, V2Format>();
  for (const f of fields) out.set(f.slug, readFormat(run, version, f.field_format, f.slug, undefined));
  return out;
}

/** Two input items that become the same output item. */
export function collision(run: Run, path: string, slug: string, other: string, target: string): PayloadError {
  const what = slug === other ? `duplicate field "${slug}"` : `"${slug}" and "${other}" both become "${target}"`;
  return new PayloadError(path, what, { source: run.source });
}
