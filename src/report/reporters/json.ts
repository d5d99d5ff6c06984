import type { FailOn, Finding, ReportResult } from '../finding.js';
import { type ReportSummary, summarize, toolInfo } from '../summary.js';

/**
 * Version of the JSON report's shape. Adding a property is not a new version; renaming,
 * removing or changing the meaning of one is.
 */
export const REPORT_SCHEMA_VERSION = 1;

export interface JsonReport {
  readonly schemaVersion: typeof REPORT_SCHEMA_VERSION;
  readonly tool: { readonly name: string; readonly version: string };
  /** `bundled`, or the table given with `--mappings` (relative to the current folder when inside it). */
  readonly table: string;
  readonly failOn: FailOn;
  readonly outcome: ReportSummary['outcome'];
  readonly verdict: string;
  readonly summary: {
    readonly findings: number;
    readonly gating: number;
    /** Findings hidden by `civic-migrate-ignore` comments (not in `findings`). */
    readonly suppressed: number;
    readonly filesAffected: number;
    readonly byKind: ReportSummary['byKind'];
    readonly byFixedBy: ReportSummary['byFixedBy'];
    readonly byContext: ReportSummary['byContext'];
    readonly byConfidence: ReportSummary['byConfidence'];
  };
  readonly files: {
    readonly searched: number;
    readonly candidates: number;
    readonly bytes: number;
    readonly skipped: ReportResult['stats']['skippedFiles'];
    /** Each file not searched, with why (they gate under `--fail-on any`). */
    readonly skippedList: ReportResult['stats']['skippedList'];
    readonly notListed: ReportResult['stats']['skippedByDiscovery'];
    readonly errors: ReportResult['stats']['errors'];
  };
  readonly elapsedMs: number;
  readonly findings: readonly Finding[];
  /** Program mode: the config of the program TS/JS files were decided in. */
  readonly program?: ReportResult['program'];
  /** The type errors the codemod's migration would add to the program (program mode; otherwise empty). */
  readonly typeErrors: ReportResult['typeErrors'];
}

function toJsonReport(result: ReportResult, failOn: FailOn): JsonReport {
  const s = summarize(result, failOn);
  const { stats } = result;
  const { name, version } = toolInfo();
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name, version },
    table: result.table,
    failOn,
    outcome: s.outcome,
    verdict: s.verdict,
    summary: {
      findings: s.findings,
      gating: s.gating,
      suppressed: stats.suppressed,
      filesAffected: s.filesAffected,
      byKind: s.byKind,
      byFixedBy: s.byFixedBy,
      byContext: s.byContext,
      byConfidence: s.byConfidence,
    },
    files: {
      searched: stats.filesScanned,
      candidates: stats.filesCandidate,
      bytes: stats.bytesScanned,
      skipped: stats.skippedFiles,
      skippedList: stats.skippedList,
      notListed: stats.skippedByDiscovery,
      errors: stats.errors,
    },
    elapsedMs: stats.elapsedMs,
    findings: result.findings,
    ...(result.program ? { program: result.program } : {}),
    typeErrors: result.typeErrors,
  };
}

export function renderJson(result: ReportResult, failOn: FailOn): string {
  return `${JSON.stringify(toJsonReport(result, failOn), null, 2)}\n`;
}
