import type { TypeErrorRecord } from '../codemod/types.js';
import type { FindingKind, FindingRecord, TextSpan } from '../findings/record.js';
import type { EvidenceStep } from '../roles/evidence.js';
import type { FAIL_ON } from './formats.js';

/**
 * A finding is data: where V1 usage stands, what it is, who fixes it and how. Reporters format
 * findings; nothing here prints.
 */

export { FINDING_KINDS, type FindingKind } from '../findings/record.js';

/** What the text around the token is, from the light per-language lexer. */
export const CONTEXTS = ['code', 'string', 'comment'] as const;
export type SourceContext = (typeof CONTEXTS)[number];

/** Who changes the code: `civic-migrate codemod`, or a person. */
export type Fixer = 'codemod' | 'person';

/**
 * `high`: the token is V1 usage as far as text can tell. `low`: it may be something else, such as
 * a `long_name` in a file that shows no Civic Data context (probably Google Geocoding). Low-confidence
 * findings are reported but never fail the gate.
 */
export type Confidence = 'high' | 'low';

/**
 * A finding: the finding record (`code`: for TS/JS/Vue files the codemod's own — `slug-rewritten`,
 * `property-rewritten`, `endpoint-rewritten` for what it rewrites, a marker's note code such as
 * `consolidated` or `endpoint-ambiguous` for what it leaves to a person; elsewhere `slug-in-text`,
 * `property-in-text`, `endpoint-in-text`; `marker-comment` for a marker left in the code;
 * `severity` `error` when a person must act, `warning` when the codemod rewrites it, `info` for
 * low confidence) with the report's own fields.
 */
export interface Finding extends FindingRecord, TextSpan {
  /** Relative to the folder the report ran in, `/`-separated. */
  readonly file: string;
  /** The text found: a slug, `long_name`, `value`, a V1 path such as `/v1/election/field/`, or the marker prefix. */
  readonly token: string;
  readonly kind: FindingKind;
  readonly fixedBy: Fixer;
  /**
   * The V2 text that replaces the token, when there is one (a rename, a moved path), whoever makes
   * the change; null when a person must decide (consolidations, deletions, endpoints with no V2 twin).
   */
  readonly replacement: string | null;
  /** What to do, in the words of `civic-migrate explain` (for markers: the marker's own text). */
  readonly message: string;
  readonly context: SourceContext;
  readonly confidence: Confidence;
  /** The source line (cut around the token when long), and the token's 1-based column in it. */
  readonly excerpt: Excerpt;
  /** True when `--baseline` accepts this finding for now: shown, not gating. */
  readonly baselined?: true;
  /**
   * Why the codemod took the value for the API's (TS/JS files, where the data flow decided): the
   * places that gave it its role, from its source to the token, files relative like `file`.
   */
  readonly evidence?: readonly EvidenceStep[];
  /**
   * With `report --observed`: how often the running app read what the finding names (0: never during
   * the recording, a hint only), and the sampled call site (`file:line:column`) of an `observed` finding.
   */
  readonly observed?: { readonly reads: number; readonly site?: string };
}

export interface Excerpt {
  readonly text: string;
  readonly column: number;
}

/** Why a file was not scanned although discovery listed it. */
export const READ_SKIP_REASONS = ['binary', 'too-large', 'invalid-utf8'] as const;
export type ReadSkipReason = (typeof READ_SKIP_REASONS)[number];

/** Counts of one scan. */
export interface ReportStats {
  /** Files read as text and searched. */
  readonly filesScanned: number;
  /** Files the prefilter passed to the lexer and classifiers. */
  readonly filesCandidate: number;
  /** Files with at least one finding. */
  readonly filesAffected: number;
  /** Bytes of text searched. */
  readonly bytesScanned: number;
  /** Findings hidden by `civic-migrate-ignore` comments. */
  readonly suppressed: number;
  /** Files listed but not searched, by reason (binary, too large, invalid UTF-8). */
  readonly skippedFiles: Record<ReadSkipReason, number>;
  /**
   * Each text file listed but not searched (too large, not UTF-8), with why: V1 usage could hide there, so under
   * `--fail-on any` they fail the gate (unless `--allow-skipped`).
   */
  readonly skippedList: readonly {
    readonly file: string;
    readonly reason: Exclude<ReadSkipReason, 'binary'>;
    readonly bytes: number;
  }[];
  /** Entries discovery left out, by reason (gitignored, excluded, default skip, symlink loops…). */
  readonly skippedByDiscovery: Record<string, number>;
  /** Files or folders that could not be read: the report is incomplete. */
  readonly errors: readonly { readonly file: string; readonly message: string }[];
  /** Wall-clock time of the scan in milliseconds. */
  readonly elapsedMs: number;
}

export interface ReportResult {
  /** Sorted by file, line, column. */
  readonly findings: readonly Finding[];
  /** Program mode: the config of the program TS/JS files were decided in (relative to the folder the report ran in). */
  readonly program?: { readonly config: string };
  /** Program mode: the type errors the codemod's migration would add (none outside program mode). Not gating. */
  readonly typeErrors: readonly TypeErrorRecord[];
  readonly stats: ReportStats;
  /** Where the mapping table came from (`bundled`, or the path given with `--mappings`). */
  readonly table: string;
  /** With `report --observed`: the recording the findings were met with. */
  readonly observation?: Observation;
  /** With `report --history`: V1 usage at sampled past commits, oldest first. */
  readonly history?: readonly HistoryPoint[];
}

/** V1 usage at one past commit (`report --history`). */
export interface HistoryPoint {
  readonly commit: string;
  /** Committer date, ISO 8601. */
  readonly date: string;
  readonly subject: string;
  readonly findings: number;
  /** Findings `civic-migrate codemod` fixes, and those a person must. */
  readonly codemod: number;
  readonly person: number;
  /** Files scanned again at this commit (changed since the previous sample). */
  readonly rescanned: number;
}

/** What a report says of the recording it was met with. */
export interface Observation {
  /** The usage files, as given. */
  readonly sources: readonly string[];
  readonly started: string;
  readonly updated: string;
  /** Findings read at run time, never read, and read at run time only (the `observed` findings). */
  readonly read: number;
  readonly notRead: number;
  readonly dynamic: number;
  /** Payloads (state records, field and override lists) handed to the app during the recording, and how many were watched. */
  readonly payloads?: { readonly handed: number; readonly watched: number };
}

/** Which findings fail the gate: `manual` those a person must fix, `any` all, `none` never. */
export type FailOn = (typeof FAIL_ON)[number];

/** Findings that count for the gate: high confidence, and for `manual` fixed by a person. */
export function gatingFindings(findings: readonly Finding[], failOn: FailOn): Finding[] {
  if (failOn === 'none') return [];
  return findings.filter((f) => f.confidence === 'high' && !f.baselined && (failOn === 'any' || f.fixedBy === 'person'));
}

export function countBy<K extends string>(
  findings: readonly Finding[],
  keys: readonly K[],
  keyOf: (f: Finding) => K,
): Record<K, number> {
  const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const f of findings) counts[keyOf(f)]++;
  return counts;
}
