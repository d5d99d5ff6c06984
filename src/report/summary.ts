import { readFileSync } from 'node:fs';
import {
  CONTEXTS,
  type Confidence,
  countBy,
  type FailOn,
  FINDING_KINDS,
  type Finding,
  type FindingKind,
  type Fixer,
  gatingFindings,
  type ReportResult,
  type SourceContext,
} from './finding.js';

/** The tool as reports name it. */
export interface ToolInfo {
  readonly name: string;
  readonly version: string;
  /** The project's page, when package.json names one (`homepage`); a guessed URL could point nowhere. */
  readonly informationUri?: string;
}

let tool: ToolInfo | undefined;
/** Name and version from our package.json (same depth from `src/report` and `dist/report`). */
export function toolInfo(): ToolInfo {
  if (!tool) {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      name: string;
      version: string;
      homepage?: string;
    };
    tool = { name: pkg.name, version: pkg.version, ...(pkg.homepage ? { informationUri: pkg.homepage } : {}) };
  }
  return tool;
}

export const FIXERS: readonly Fixer[] = ['codemod', 'person'];
export const CONFIDENCES: readonly Confidence[] = ['high', 'low'];

export interface ReportSummary {
  readonly findings: number;
  /** Findings that fail the gate under `failOn`. */
  readonly gating: number;
  readonly filesAffected: number;
  readonly byKind: Record<FindingKind, number>;
  readonly byFixedBy: Record<Fixer, number>;
  readonly byContext: Record<SourceContext, number>;
  readonly byConfidence: Record<Confidence, number>;
  /** `pass`: nothing gating; `fail`: findings gate; `error`: some files or folders could not be read. */
  readonly outcome: 'pass' | 'fail' | 'error';
  /** One line for people. */
  readonly verdict: string;
}

/** Why a file was not searched, in words. */
export function skipWords(reason: string, bytes: number): string {
  if (reason === 'too-large') return `not searched: ${thousands(bytes)} bytes is over --max-bytes`;
  if (reason === 'binary') return 'not searched: binary (a NUL byte in its first 8 KiB)';
  if (reason === 'invalid-utf8') return 'not searched: not valid UTF-8';
  return `not searched: ${reason}`;
}

/**
 * An integer with its thousands grouped as en-US writes them (`20,000`): what toLocaleString('en-US')
 * says, without initialising ICU's number formatting (~10 ms of a short run).
 */
export const thousands = (n: number): string =>
  Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : n.toLocaleString('en-US');

/** With `--history`: one row per sampled commit (date, short id, counts, subject). */
export function historyRows(result: ReportResult): string[][] {
  return (result.history ?? []).map((p) => [
    p.date.slice(0, 10),
    p.commit.slice(0, 8),
    thousands(p.findings),
    thousands(p.codemod),
    thousands(p.person),
    p.subject,
  ]);
}

/** With `--observed`: what the recording says of a finding (`read ×3 at run time`, `not read at run time`). */
export function observedWords(f: Finding): string | undefined {
  if (!f.observed) return undefined;
  return f.observed.reads > 0 ? `read ×${thousands(f.observed.reads)} at run time` : 'not read at run time';
}

/** With `--observed`: one line on the recording and what it says of the findings. */
export function observationLine(result: ReportResult): string | undefined {
  const o = result.observation;
  if (!o) return undefined;
  return (
    [
      `${plural(o.read, 'finding')} read at run time`,
      `${plural(o.notRead, 'finding')} not read (a hint: dead or unexercised code; still gating)`,
      `${plural(o.dynamic, 'V1 slug')} read only at run time (\`observed\`)`,
    ].join(', ') +
    ` — recorded ${o.started.slice(0, 16).replace('T', ' ')} to ${o.updated.slice(0, 16).replace('T', ' ')} UTC in ${o.sources.join(', ')}` +
    (o.payloads && o.payloads.watched < o.payloads.handed
      ? `, ${thousands(o.payloads.watched)} of ${thousands(o.payloads.handed)} payloads watched`
      : '')
  );
}

export const plural = (n: number, one: string, many = `${one}s`) => `${thousands(n)} ${n === 1 ? one : many}`;

export function summarize(result: ReportResult, failOn: FailOn): ReportSummary {
  const { findings, stats } = result;
  // A file the report could not search may hold V1 usage: under `any` it fails the gate like a finding
  // (exclude it, or raise --max-bytes, to say otherwise).
  const skippedGating = failOn === 'any' ? stats.skippedList.length : 0;
  const gating = gatingFindings(findings, failOn).length + skippedGating;
  const byFixedBy = countBy(findings, FIXERS, (f) => f.fixedBy);
  const byConfidence = countBy(findings, CONFIDENCES, (f) => f.confidence);
  const outcome = stats.errors.length ? 'error' : gating ? 'fail' : 'pass';
  const scanned = plural(stats.filesScanned, 'file');
  let verdict: string;
  if (findings.length === 0) verdict = `no V1 usage found in ${scanned}.`;
  else {
    const who = [
      byFixedBy.codemod ? `${thousands(byFixedBy.codemod)} for \`civic-migrate codemod\`` : '',
      byFixedBy.person ? `${thousands(byFixedBy.person)} for a person` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const baselined = findings.filter((f) => f.baselined).length;
    const quiet = [
      byConfidence.low ? `${thousands(byConfidence.low)} low-confidence` : '',
      baselined ? `${thousands(baselined)} baselined` : '',
    ].filter(Boolean);
    const low = quiet.length ? ` (${quiet.join(', ')}, not gating)` : '';
    verdict = `${plural(findings.length, 'V1 usage')} in ${plural(stats.filesAffected, 'file')}: ${who}${low}.`;
  }
  if (skippedGating)
    verdict += ` ${plural(skippedGating, 'file')} could not be searched (listed with why; --exclude them or raise --max-bytes if that is expected).`;
  const gate = failOn === 'none' ? '' : ` (--fail-on ${failOn})`;
  const head =
    outcome === 'error'
      ? `INCOMPLETE: ${plural(stats.errors.length, 'path')} could not be read; `
      : outcome === 'fail'
        ? `FAIL${gate}: `
        : `PASS${findings.length ? gate : ''}: `;
  return {
    findings: findings.length,
    gating,
    filesAffected: stats.filesAffected,
    byKind: countBy(findings, FINDING_KINDS, (f) => f.kind),
    byFixedBy,
    byContext: countBy(findings, CONTEXTS, (f) => f.context),
    byConfidence,
    outcome,
    verdict: head + verdict,
  };
}

/** 0 pass, 1 findings that fail the gate, 2 when files or folders could not be read (the report is incomplete). */
export function exitCodeFor(result: ReportResult, failOn: FailOn): 0 | 1 | 2 {
  const outcome = summarize(result, failOn).outcome;
  return outcome === 'error' ? 2 : outcome === 'fail' ? 1 : 0;
}
