import type { TransformOptions, TransformResult } from '../codemod/types.js';
import { LineIndex } from '../findings/position.js';
import type { RuleRef } from '../findings/record.js';
import { hasCivicContext } from '../scan/civic-context.js';
import { IGNORE_DIRECTIVE, ignoredLines, MARKER_PREFIX } from '../scan/marker.js';
import { codemodScan, dataScan, type LexerScan, type TextScan } from './codemod-findings.js';

export type { LexerScan, TextScan } from './codemod-findings.js';

import { lineExcerpt } from './excerpt.js';
import type { Finding } from './finding.js';
import { isCodemodFile } from './fixer.js';
import { languageForPath, lexText } from './lex/languages.js';
import { findingMessage, LEFTOVER_MARKER, type Where } from './messages.js';
import { lowConfidenceContextual, lowConfidenceValue, type ReportRules, type Verdict } from './rules.js';
import { isUnrelatedLiteral } from './unrelated.js';
import { propertyReadAfter } from './value-read.js';

interface Hit {
  readonly index: number;
  readonly token: string;
  readonly verdict: Verdict;
  /** The table row behind it. */
  readonly rule?: RuleRef | null;
  /** Markers count only in comments (the codemod writes them as comments). */
  readonly commentOnly?: boolean;
}

/** What the lexer found in one text, and how it labelled the text. */
/** Comment closers that end a marker line (`*\/`, `-->`, `#}`, `--}}`, `%>`). */
const MARKER_TAIL = /\s*(?:\*\/\s*\}?|-->|--\}\}|#\}|%>)\s*$/;

/** The codemod's file-by-file decisions on a TS/JS/Vue text (`transformSource`). */
export type TransformSource = (text: string, file: string, options: TransformOptions) => TransformResult;

/**
 * What the report asks of the codemod: its decisions, with `long_name` renamed everywhere under
 * `--assume-civic`; the rewrite is not parsed again to prove it still parses.
 */
export function decisionOptions(rules: ReportRules): TransformOptions {
  return { mappings: rules.mappings, longName: rules.assumeCivic ? 'always' : 'auto', decisionsOnly: true };
}

/** How `scanText` reads a text. */
export interface ScanOptions {
  readonly prefiltered?: boolean;
  /** Program mode: the codemod's decisions on this file with the program's facts (undefined when it cannot). */
  readonly transform?: () => TransformResult | undefined;
  /** A data file (config, recorded payload): the codemod's decisions on it. */
  readonly data?: () => TransformResult;
  /** Without a program (or where it cannot decide): the codemod's decisions on the file alone. */
  readonly transformSource?: TransformSource;
}

/**
 * Finds the V1 usage in one file's text. Pure: no file system. `file` is the path reported (and
 * picks how the text is read). The prefilter runs first (unless the caller ran it on the bytes:
 * `prefiltered`). A TS/JS/Vue file's findings are the codemod's own decisions (same places, same
 * words), made by `transform` or, without a program, by `transformSource` (given by the caller, so
 * that a run that reads no TS/JS file never loads the codemod: `scan.ts` gives the library's);
 * any other file is read by a light per-language lexer.
 */
export function scanText(text: string, file: string, rules: ReportRules, options: ScanOptions = {}): TextScan {
  if (!options.prefiltered && !rules.prefilter.isCandidate(text)) return { candidate: false, findings: [], suppressed: 0 };
  if (options.data) {
    const lexed = lexerScan(text, file, rules, 'other-file');
    return dataScan(text, file, rules, lexed, options.data());
  }
  if (isCodemodFile(file)) {
    const alone = () => {
      if (!options.transformSource) throw new Error(`scanText: ${file} needs the codemod (give transformSource)`);
      return options.transformSource(text, file, decisionOptions(rules));
    };
    const transform = () => options.transform?.() ?? alone();
    const scan = codemodScan(text, file, rules, lexerScan(text, file, rules, 'codemod-file'), transform);
    if (scan) return scan;
  }
  // Another language, or a TS/JS file the codemod cannot parse: a person makes every change here.
  const { findings, suppressed } = lexerScan(text, file, rules, 'other-file');
  return { candidate: true, findings, suppressed };
}

/**
 * The light per-language lexer's findings: tokens, endpoints and markers found in the text, each
 * labelled code, string or comment. Only a text with hits is lexed.
 */
function lexerScan(text: string, file: string, rules: ReportRules, where: Where): LexerScan {
  const hits: Hit[] = [];

  // Markers first: the slugs quoted in a marker's own text are part of the marker.
  const markerSpans: [number, number][] = [];
  for (let at = text.indexOf(MARKER_PREFIX); at !== -1; at = text.indexOf(MARKER_PREFIX, at + MARKER_PREFIX.length)) {
    const nl = text.indexOf('\n', at);
    const end = nl === -1 ? text.length : nl;
    const note = text
      .slice(at + MARKER_PREFIX.length, end)
      .replace(/\r$/, '')
      .replace(MARKER_TAIL, '')
      .trim();
    markerSpans.push([at, end]);
    hits.push({
      index: at,
      token: MARKER_PREFIX,
      commentOnly: true,
      verdict: {
        kind: 'marker',
        fixedBy: 'person',
        replacement: null,
        confidence: 'high',
        body: note || LEFTOVER_MARKER,
        sayWhoFixes: false,
      },
    });
  }
  /** The marker span holding an offset, if any (its hits are dropped once the marker proves to be a comment). */
  const spanOf = (index: number) => markerSpans.findIndex(([s, e]) => index > s && index < e);

  let civic: boolean | undefined;
  const isCivic = () => {
    civic ??= rules.assumeCivic || hasCivicContext(text, rules.mappings);
    return civic;
  };

  const isKnownSlug = (s: string) => rules.mappings.v1Slugs.has(s) || rules.mappings.v2Slugs.has(s);
  for (const { token, index } of rules.prefilter.matcher.find(text)) {
    const contextual = rules.contextualProperties.get(token);
    if (contextual) {
      const verdict = isCivic() ? rules.tokenVerdict(token) : lowConfidenceContextual(contextual);
      if (verdict) hits.push({ index, token, verdict });
      continue;
    }
    const verdict = rules.tokenVerdict(token);
    if (verdict && isUnrelatedLiteral(text, index, token, isKnownSlug)) continue;
    if (verdict) hits.push({ index, token, verdict });
    if (!rules.mappings.v1Slugs.has(token)) continue;
    for (const value of rules.valueProperties) {
      const at = propertyReadAfter(text, index, index + token.length, value.rule.v1);
      if (at === -1) continue;
      const confidence = rules.formatConfidence(token, value.rule);
      if (confidence === 'high') hits.push({ index: at, token: value.rule.v1, verdict: value.sure });
      else if (confidence === 'low')
        hits.push({ index: at, token: value.rule.v1, verdict: lowConfidenceValue(value.rule, token) });
    }
  }

  for (const hit of rules.endpoints.scan(text)) hits.push(hit);

  const contexts = lexText(text, languageForPath(file));
  if (hits.length === 0) return { findings: [], suppressed: 0, contexts };
  hits.sort((a, b) => a.index - b.index);
  const lines = new LineIndex(text);
  const ignored = text.includes(IGNORE_DIRECTIVE)
    ? ignoredLines(
        text,
        (at) => contexts.at(at) === 'comment',
        (at) => lines.lineOf(at) + 1,
      )
    : undefined;
  let suppressed = 0;
  // A marker counts only in a comment; then the slugs its text quotes are part of it.
  const commentMarkers = new Set(markerSpans.map(([s]) => s).filter((s) => contexts.at(s) === 'comment'));
  const findings: Finding[] = [];
  for (const hit of hits) {
    const context = contexts.at(hit.index);
    if (hit.commentOnly && context !== 'comment') continue;
    if (markerSpans.length && !hit.commentOnly) {
      const span = spanOf(hit.index);
      if (span !== -1 && commentMarkers.has((markerSpans[span] as [number, number])[0])) continue;
    }
    const { replacement } = hit.verdict;
    // Where the codemod does not go, a person makes the change the rule would let the codemod make.
    const fixedBy = where === 'other-file' ? 'person' : hit.verdict.fixedBy;
    const { line, column } = lines.position(hit.index);
    if (ignored?.has(line)) {
      suppressed++;
      continue;
    }
    const end = lines.position(hit.index + hit.token.length);
    const low = hit.verdict.confidence === 'low';
    findings.push({
      code:
        hit.verdict.kind === 'marker'
          ? 'marker-comment'
          : `${hit.verdict.kind === 'endpoint' || hit.verdict.kind === 'property' ? hit.verdict.kind : 'slug'}-in-text`,
      severity: low ? 'info' : fixedBy === 'codemod' ? 'warning' : 'error',
      rule: hit.rule ?? null,
      params: replacement === null ? { token: hit.token } : { token: hit.token, replacement },
      file,
      line,
      column,
      endLine: end.line,
      endColumn: end.column,
      token: hit.token,
      kind: hit.verdict.kind,
      fixedBy,
      replacement,
      message: findingMessage(hit.verdict.body, { ...hit.verdict, context }, where),
      context,
      confidence: hit.verdict.confidence,
      excerpt: lineExcerpt(lines, line - 1, hit.index, hit.token.length),
    });
  }
  return { findings, suppressed, contexts };
}
