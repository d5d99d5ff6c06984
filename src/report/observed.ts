/**
 * `report --observed FILE…`: the static findings met with what the app was seen to read at run time
 * (usage files of `civic-migrate observe`, `serve --record`, or `flushUsage`).
 *
 * - A finding whose token was read at run time carries the count (`observed.reads`).
 * - A finding never read during the recording is marked `reads: 0`: a hint that the code may be
 *   dead, or was not exercised; never a reason to pass the gate.
 * - A V1 slug read at run time that no finding names becomes a finding of its own (`observed`), at the
 *   sampled call site when there is one: the code reaches it dynamically (a slug from configuration,
 *   a database or a CMS), and a person must look.
 *
 * What counts as a read of a slug: its item's `text`, `value`, `modified_at`, its descriptor's
 * `long_name` or `field_format`, its override's properties. Reading `field_type` (or `slug`) is how
 * code looks an item up, on every item it passes: it says nothing about which slug the code wants.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { LineIndex } from '../findings/position.js';
import { explain } from '../mapping/explain.js';
import type { Mappings } from '../mapping/mappings.js';
import type { Usage } from '../observe/recorder.js';
import { lineExcerpt } from './excerpt.js';
import type { Finding, ReportResult } from './finding.js';

const LOOKUP_PROPS = new Set(['field_type', 'slug']);

/** Reads of each slug and of each property, lookups left out. */
function readsOf(usage: Usage): { bySlug: Map<string, Map<string, number>>; byProperty: Map<string, number> } {
  const bySlug = new Map<string, Map<string, number>>();
  const byProperty = new Map<string, number>();
  for (const section of [usage.items, usage.descriptors, usage.overrides]) {
    for (const [slug, props] of Object.entries(section)) {
      for (const [prop, n] of Object.entries(props)) {
        if (LOOKUP_PROPS.has(prop) || n === 0) continue;
        const mine = bySlug.get(slug) ?? new Map<string, number>();
        mine.set(prop, (mine.get(prop) ?? 0) + n);
        bySlug.set(slug, mine);
        byProperty.set(prop, (byProperty.get(prop) ?? 0) + n);
      }
    }
  }
  return { bySlug, byProperty };
}

const total = (props: ReadonlyMap<string, number> | undefined) => [...(props?.values() ?? [])].reduce((a, b) => a + b, 0);

/** `/v1/election/state/{state}/`, `/v1/election/state/${code}/` and `/v1/election/state/` alike: parameters as `{}`. */
const normalPath = (text: string) => {
  const at = text.indexOf('/v1/');
  const path = at < 0 ? text : text.slice(at);
  return path
    .replace(/\$\{[^}]*\}|\{[^}]*\}/g, '{}')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
};

/** Calls of the endpoint a finding's token names (a path, a URL, or a path's beginning). */
function endpointCalls(token: string, endpoints: Readonly<Record<string, number>>): number {
  const wanted = normalPath(token);
  let calls = 0;
  for (const [template, n] of Object.entries(endpoints)) {
    const called = normalPath(template);
    if (called === wanted || (wanted.length > 0 && called.startsWith(`${wanted}/`))) calls += n;
  }
  return calls;
}

/** `text ×3, value ×1` */
const countsWords = (props: ReadonlyMap<string, number>) =>
  [...props]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([p, n]) => `${p} ×${n}`)
    .join(', ');

/** A sampled call site `file:line:column` as a finding's place, relative to the report's folder when inside it. */
function siteOf(site: string | undefined, cwd: string): { file: string; line: number; column: number } | undefined {
  const m = site === undefined ? null : /^(.*):(\d+):(\d+)$/.exec(site);
  if (!m) return undefined;
  const rel = relative(cwd, m[1] as string);
  const file = rel.startsWith('..') || isAbsolute(rel) ? (m[1] as string) : rel.split(sep).join('/');
  return { file, line: Number(m[2]), column: Number(m[3]) };
}

function excerptAt(cwd: string, file: string, line: number, column: number): Finding['excerpt'] {
  try {
    const text = readFileSync(isAbsolute(file) ? file : `${cwd}/${file}`, 'utf8');
    const lines = new LineIndex(text);
    const start = lines.lineStart(line - 1) + column - 1;
    return lineExcerpt(lines, line - 1, start, 1);
  } catch {
    return { text: '', column: 1 };
  }
}

/** The report with what the recording saw (see the module's comment). */
export function applyObserved(
  result: ReportResult,
  usage: Usage,
  mappings: Mappings,
  cwd: string,
  sources: readonly string[],
): ReportResult {
  const { bySlug, byProperty } = readsOf(usage);
  const named = new Set<string>();
  let read = 0;
  let notRead = 0;
  const findings: Finding[] = result.findings.map((f) => {
    let reads: number | undefined;
    if (f.kind === 'endpoint') reads = endpointCalls(f.token, usage.endpoints);
    else if (f.kind === 'property') reads = byProperty.get(f.token) ?? 0;
    else if (mappings.v1Slugs.has(f.token) || bySlug.has(f.token)) {
      named.add(f.token);
      reads = total(bySlug.get(f.token));
    }
    if (reads === undefined) return f;
    if (reads > 0) read++;
    else notRead++;
    return { ...f, observed: { reads } };
  });
  const dynamic: Finding[] = [];
  for (const [slug, props] of bySlug) {
    if (!mappings.actionableV1.has(slug)) continue;
    const siteKey = ['items', 'descriptors', 'overrides']
      .flatMap((s) => [...props.keys()].map((p) => `${s}.${slug}.${p}`))
      .find((k) => usage.sites[k] !== undefined);
    const site = siteOf(siteKey === undefined ? undefined : usage.sites[siteKey], cwd);
    // Covered: with a call site, a finding that names the slug in the file that reads it; without one,
    // any finding that names it. A settings file that holds the slug does not cover the code that
    // reads it (nor does a finding on the property it reads there): that code reaches the slug
    // dynamically, and a person must see where.
    const covered = site ? result.findings.some((f) => f.file === site.file && f.token === slug) : named.has(slug);
    if (covered) continue;
    const reads = total(props);
    const where = site ?? { file: sources[0] ?? 'usage', line: 1, column: 1 };
    const rule = mappings.byV1.get(slug);
    const words = explain(mappings, slug);
    dynamic.push({
      code: 'observed-at-run-time',
      severity: 'error',
      rule: rule ? { kind: rule.kind, v1: slug } : null,
      params: { slug, reads: Object.fromEntries(props) },
      file: where.file,
      line: where.line,
      column: where.column,
      endLine: where.line,
      endColumn: where.column + 1,
      token: slug,
      kind: 'observed',
      fixedBy: 'person',
      replacement: rule?.kind === 'rename' ? rule.v2 : null,
      message: `V1 \`${slug}\` was read at run time (${countsWords(props)}) where no code names it: the code reaches it dynamically (a slug from configuration, a database or a CMS)${site ? '' : '; record with --sample to learn where'}. ${words.message.replace(/ ?`civic-migrate codemod` rewrites it\.$/, '')}`,
      context: 'code',
      confidence: 'high',
      excerpt: site ? excerptAt(cwd, site.file, site.line, site.column) : { text: '', column: 1 },
      observed: { reads, ...(siteKey ? { site: usage.sites[siteKey] as string } : {}) },
    });
  }
  const all = [...findings, ...dynamic].sort(
    (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column,
  );
  return {
    ...result,
    findings: all,
    stats: { ...result.stats, filesAffected: new Set(all.map((f) => f.file)).size },
    observation: {
      sources,
      started: usage.started,
      updated: usage.updated,
      read,
      notRead,
      dynamic: dynamic.length,
      ...(usage.payloads ? { payloads: payloadTotals(usage.payloads) } : {}),
    },
  };
}

/** Payloads of every kind: handed over and watched. */
function payloadTotals(payloads: NonNullable<Usage['payloads']>): { handed: number; watched: number } {
  const all = Object.values(payloads);
  return { handed: all.reduce((n, p) => n + p.handed, 0), watched: all.reduce((n, p) => n + p.watched, 0) };
}
