/**
 * The usage file: what a recording saw (`Usage`), one JSON file per process (written by ./flush.ts),
 * read, checked and merged here by whoever reads them (`report --observed`, `civic-migrate observe`).
 */
import { z } from 'zod';
import { CivicMigrateError } from '../errors.js';
import { readInputFileSync } from '../files/read.js';
import { firstIssue } from '../findings/json-path.js';
import type { Usage, WatchedKind } from './recorder.js';

const count = z.int().min(0);
const perSlug = z.record(z.string(), z.record(z.string(), count));
const handedWatched = z.strictObject({ handed: count, watched: count });

/** The usage file's schema (docs/usage.schema.json is derived from it). */
export const usageSchema = z
  .strictObject({
    format: z.literal('civic-migrate-usage/1'),
    started: z.string().describe('When the recording started (ISO 8601)'),
    updated: z.string().describe('When this snapshot was taken (ISO 8601)'),
    pid: z.int().optional().describe('The process that recorded (absent when merged)'),
    command: z.string().optional().describe('The command that ran'),
    items: perSlug.describe('State information items by V1 slug: reads per property (text, value, modified_at, field_type)'),
    descriptors: perSlug.describe('Field descriptors by V1 slug: reads per property (long_name, field_format, slug)'),
    overrides: perSlug.describe('Regional overrides by the slug they name: reads per property'),
    lists: z
      .strictObject({ iterate: count, lookup: count, serialized: count })
      .describe(
        'How often watched lists (state_information, field and override lists) were iterated and searched, and watched objects serialized',
      ),
    endpoints: z.record(z.string(), count).describe('V1 endpoints called, by template, with counts'),
    sites: z
      .record(z.string(), z.string())
      .describe('With sampling: the first call site (file:line:column) per section.slug.property'),
    payloads: z
      .strictObject({ state: handedWatched, fields: handedWatched, overrides: handedWatched })
      .optional()
      .describe(
        'Payloads handed to the app and watched, by kind: every one up to --watch-first, then one in --watch-every (counts are of reads in the watched ones)',
      ),
  })
  .describe('civic-migrate observed usage (civic-migrate observe, report --observed)');

/** The JSON Schema of the usage file (docs/usage.schema.json). */
export function usageJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(usageSchema, { io: 'input' }) as Record<string, unknown>;
}

/** A usage file that is not one. */
export class UsageFileError extends CivicMigrateError {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
  }
}

/** Reads and checks one usage file (`name`: how messages name it, the path by default). */
export function readUsageFile(file: string, name = file): Usage {
  const text = readInputFileSync(file, 'usage file', { name, maxBytes: 64 * 1024 * 1024 });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageFileError(name, `not valid JSON (${(error as Error).message})`);
  }
  const parsed = usageSchema.safeParse(json);
  if (!parsed.success) throw new UsageFileError(name, `not a civic-migrate usage file: ${firstIssue(parsed.error)}`);
  return parsed.data as Usage;
}

/** Several recordings as one: counts summed, the earliest start, the latest update, the first site of each key (in the order given). */
export function mergeUsage(usages: readonly Usage[]): Usage {
  const sum = (into: Record<string, Record<string, number>>, from: Record<string, Record<string, number>>) => {
    for (const [slug, props] of Object.entries(from)) {
      into[slug] ??= {};
      const to = into[slug];
      for (const [prop, n] of Object.entries(props)) to[prop] = (to[prop] ?? 0) + n;
    }
  };
  const items: Record<string, Record<string, number>> = {};
  const descriptors: Record<string, Record<string, number>> = {};
  const overrides: Record<string, Record<string, number>> = {};
  const endpoints: Record<string, number> = {};
  const sites: Record<string, string> = {};
  const lists = { iterate: 0, lookup: 0, serialized: 0 };
  const kinds = ['state', 'fields', 'overrides'] as const;
  const payloads = Object.fromEntries(kinds.map((k) => [k, { handed: 0, watched: 0 }])) as Record<
    WatchedKind,
    { handed: number; watched: number }
  >;
  for (const u of usages) {
    for (const k of kinds) {
      payloads[k].handed += u.payloads?.[k].handed ?? 0;
      payloads[k].watched += u.payloads?.[k].watched ?? 0;
    }
    sum(items, u.items);
    sum(descriptors, u.descriptors);
    sum(overrides, u.overrides);
    for (const [t, n] of Object.entries(u.endpoints)) endpoints[t] = (endpoints[t] ?? 0) + n;
    for (const [k, site] of Object.entries(u.sites)) sites[k] ??= site;
    lists.iterate += u.lists.iterate;
    lists.lookup += u.lists.lookup;
    lists.serialized += u.lists.serialized;
  }
  const sorted = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  const times = usages.map((u) => u.started).sort();
  const updates = usages.map((u) => u.updated).sort();
  const now = new Date().toISOString();
  return {
    format: 'civic-migrate-usage/1',
    started: times[0] ?? now,
    updated: updates.at(-1) ?? now,
    items: sorted(items),
    descriptors: sorted(descriptors),
    overrides: sorted(overrides),
    lists,
    endpoints: sorted(endpoints),
    sites: sorted(sites),
    ...(usages.some((u) => u.payloads) ? { payloads } : {}),
  };
}
