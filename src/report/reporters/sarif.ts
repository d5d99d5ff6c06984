import { createHash } from 'node:crypto';
import type { Log, Notification, ReportingDescriptor, Result } from 'sarif';
import { jsonPieces } from '../../json-pieces.js';
import { type FailOn, FINDING_KINDS, type Finding, READ_SKIP_REASONS, type ReportResult } from '../finding.js';
import { KIND_INFO } from '../kinds.js';
import { observedWords, skipWords, summarize, thousands, toolInfo } from '../summary.js';

/** GitHub code scanning keeps at most this many results per run (and shows the first 5,000). */
export const SARIF_MAX_RESULTS = 25_000;
/** The `uriBaseId` of every location: the folder the report ran in. */
const SARIF_SRCROOT = '%SRCROOT%';
/** Name of our partial fingerprint: stable when lines move, different for each occurrence. */
export const FINGERPRINT_KEY = 'civicMigrateFinding/v1';

const encodeUri = (rel: string) => rel.split('/').map(encodeURIComponent).join('/');

function rules(): ReportingDescriptor[] {
  return FINDING_KINDS.map((kind) => {
    const info = KIND_INFO[kind];
    return {
      id: kind,
      name: info.name,
      shortDescription: { text: info.title },
      fullDescription: { text: info.description },
      help: { text: `${info.description} ${info.help}`, markdown: `**${info.title}.** ${info.description}\n\n${info.help}` },
      defaultConfiguration: { level: info.level },
      properties: { tags: ['civic-data', 'api-migration', 'v1-to-v2'], precision: 'high', problem: { severity: info.level } },
    };
  });
}

function levelOf(f: Finding): Result.level {
  if (f.confidence === 'low') return 'note';
  return f.fixedBy === 'person' ? 'error' : 'warning';
}

function messageOf(f: Finding): string {
  const found = f.kind === 'marker' ? 'Codemod marker' : `\`${f.token}\``;
  const fix = f.replacement !== null ? ` Replace with \`${f.replacement}\`.` : '';
  const observed = observedWords(f);
  return `${found} (${f.kind}, fixed by ${f.fixedBy === 'codemod' ? 'the codemod' : 'a person'}${observed ? `; ${observed}` : ''}): ${f.message}${fix}`;
}

/** Fingerprints: hash of rule, file, token and the trimmed line text, plus which occurrence of that it is. */
function fingerprints(findings: readonly Finding[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const key = createHash('sha256')
      .update(`${f.kind}\0${f.file}\0${f.token}\0${f.excerpt.text.trim()}`)
      .digest('hex')
      .slice(0, 32);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${key}:${n}`;
  });
}

/**
 * SARIF 2.1.0 for GitHub code scanning (`github/codeql-action/upload-sarif`): one run, a rule per
 * finding kind, results with relative `/`-separated URIs under `%SRCROOT%`, regions in Unicode code
 * points, partial fingerprints, and codemod replacements as SARIF fixes. Past 25,000 results the
 * run is truncated and a notification says so.
 */
export function toSarif(result: ReportResult, failOn: FailOn): Log {
  const tool = toolInfo();
  const ruleIndex = new Map(FINDING_KINDS.map((k, i) => [k, i]));
  const kept = result.findings.slice(0, SARIF_MAX_RESULTS);
  const prints = fingerprints(kept);
  const results: Result[] = kept.map((f, i) => {
    const artifactLocation = { uri: encodeUri(f.file), uriBaseId: SARIF_SRCROOT };
    const region = { startLine: f.line, startColumn: f.column, endLine: f.line, endColumn: f.endColumn };
    return {
      ruleId: f.kind,
      ruleIndex: ruleIndex.get(f.kind) as number,
      level: levelOf(f),
      message: { text: messageOf(f) },
      locations: [{ physicalLocation: { artifactLocation, region: { ...region, snippet: { text: f.excerpt.text } } } }],
      partialFingerprints: { [FINGERPRINT_KEY]: prints[i] as string },
      ...(f.replacement !== null
        ? {
            fixes: [
              {
                description: { text: `Replace \`${f.token}\` with \`${f.replacement}\`` },
                artifactChanges: [
                  { artifactLocation, replacements: [{ deletedRegion: region, insertedContent: { text: f.replacement } }] },
                ],
              },
            ],
          }
        : {}),
      properties: {
        token: f.token,
        fixedBy: f.fixedBy,
        context: f.context,
        confidence: f.confidence,
        ...(f.observed ? { observed: f.observed } : {}),
      },
    };
  });

  const notifications: Notification[] = [];
  if (result.findings.length > SARIF_MAX_RESULTS) {
    notifications.push({
      level: 'warning',
      descriptor: { id: 'results-truncated' },
      message: {
        text: `Only the first ${thousands(SARIF_MAX_RESULTS)} of ${thousands(result.findings.length)} findings are included (GitHub code scanning's limit per run). Run \`civic-migrate report --format json\` for all of them.`,
      },
    });
  }
  const { stats } = result;
  const skipped = READ_SKIP_REASONS.filter((r) => stats.skippedFiles[r]);
  if (skipped.length) {
    notifications.push({
      level: 'note',
      descriptor: { id: 'files-skipped' },
      message: { text: `Files not searched: ${skipped.map((r) => `${stats.skippedFiles[r]} ${r}`).join(', ')}.` },
    });
  }
  for (const k of stats.skippedList) {
    notifications.push({
      level: failOn === 'any' ? 'error' : 'note',
      descriptor: { id: 'file-not-searched' },
      message: { text: `${k.file}: ${skipWords(k.reason, k.bytes)}` },
      locations: [{ physicalLocation: { artifactLocation: { uri: encodeUri(k.file), uriBaseId: SARIF_SRCROOT } } }],
    });
  }
  for (const e of stats.errors) {
    notifications.push({
      level: 'error',
      descriptor: { id: 'unreadable' },
      message: { text: `${e.file}: ${e.message}` },
      locations: [{ physicalLocation: { artifactLocation: { uri: encodeUri(e.file), uriBaseId: SARIF_SRCROOT } } }],
    });
  }
  const summary = summarize(result, failOn);

  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            semanticVersion: tool.version,
            ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
            rules: rules(),
          },
        },
        invocations: [
          {
            executionSuccessful: stats.errors.length === 0,
            ...(notifications.length ? { toolExecutionNotifications: notifications } : {}),
          },
        ],
        columnKind: 'unicodeCodePoints',
        results,
        properties: {
          verdict: summary.verdict,
          filesSearched: stats.filesScanned,
          filesAffected: stats.filesAffected,
          findings: result.findings.length,
          suppressed: stats.suppressed,
        },
      },
    ],
  };
}

export function renderSarif(result: ReportResult, failOn: FailOn): string {
  return `${JSON.stringify(toSarif(result, failOn), null, 2)}\n`;
}

/** `renderSarif`'s text in pieces (`jsonPieces`: each run's results a few at a time, four levels in), for a caller that writes them one after the other. */
export function* sarifPieces(result: ReportResult, failOn: FailOn): Generator<string> {
  yield* jsonPieces(toSarif(result, failOn), 2, 4);
  yield '\n';
}
