import { codePoints, LineIndex } from '../findings/position.js';
import { hasCivicContext } from '../scan/civic-context.js';
import { IGNORE_DIRECTIVE, ignoredLines, MARKER_PREFIX } from '../scan/marker.js';
import type { Excerpt, Finding } from './finding.js';
import { adjustForReach } from './fixer.js';
import { languageForPath, lexText } from './lex/languages.js';
import { lowConfidenceContextual, lowConfidenceValue, type ReportRules, type Verdict } from './rules.js';
import { isUnrelatedLiteral } from './unrelated.js';
import { propertyReadAfter } from './value-read.js';

interface Hit {
  readonly index: number;
  readonly token: string;
  readonly verdict: Verdict;
  /** Markers count only in comments (the codemod writes them as comments). */
  readonly commentOnly?: boolean;
}

export interface TextScan {
  /** False when the prefilter ruled the text out without a closer look. */
  readonly candidate: boolean;
  /** In text order. */
  readonly findings: Finding[];
  /** Findings left out by a `civic-migrate-ignore` comment. */
  readonly suppressed: number;
}

/** Lines longer than this (minified code) are cut around the token in excerpts. */
const EXCERPT_MAX = 200;
const EXCERPT_SIDE = 80;

/**
 * The line, or a window of it around the token when the line is long (minified code), with the
 * token's 1-based column (in code points) in that text. `at` and `length` are in UTF-16 units.
 */
function lineExcerpt(lines: LineIndex, line: number, index: number, length: number): Excerpt {
  return excerpt(lines.lineText(line), index - lines.lineStart(line), length);
}

export function excerpt(line: string, at: number, length: number): Excerpt {
  if (line.length <= EXCERPT_MAX) return { text: line, column: codePoints(line, 0, at) + 1 };
  let from = Math.max(0, at - EXCERPT_SIDE);
  let to = Math.min(line.length, at + length + EXCERPT_SIDE);
  const low = (i: number) => {
    const c = line.charCodeAt(i);
    return c >= 0xdc00 && c <= 0xdfff;
  };
  if (from > 0 && low(from)) from--;
  if (to < line.length && low(to)) to++;
  const head = from > 0 ? '…' : '';
  const text = head + line.slice(from, to) + (to < line.length ? '…' : '');
  return { text, column: head.length + codePoints(line, from, at) + 1 };
}

/** Comment closers that end a marker line (`*\/`, `-->`, `#}`, `--}}`, `%>`). */
const MARKER_TAIL = /\s*(?:\*\/\s*\}?|-->|--\}\}|#\}|%>)\s*$/;

/**
 * Finds the V1 usage in one file's text. Pure: no file system. `file` is the path reported (and
 * picks the lexer by its extension). The prefilter runs first (unless the caller ran it on the
 * bytes: `prefiltered`); only a candidate text is searched for tokens, endpoints and markers, and
 * only a text with findings is lexed.
 */
export function scanText(text: string, file: string, rules: ReportRules, options: { prefiltered?: boolean } = {}): TextScan {
  if (!options.prefiltered && !rules.prefilter.isCandidate(text)) return { candidate: false, findings: [], suppressed: 0 };
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
        message: note || 'A marker left by `civic-migrate codemod`: a person must finish this change.',
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

  if (hits.length === 0) return { candidate: true, findings: [], suppressed: 0 };
  hits.sort((a, b) => a.index - b.index);
  const contexts = lexText(text, languageForPath(file));
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
    const { fixedBy, message, replacement } = adjustForReach(hit.verdict, {
      file,
      text,
      index: hit.index,
      length: hit.token.length,
      context,
      contexts,
    });
    const { line, column } = lines.position(hit.index);
    if (ignored?.has(line)) {
      suppressed++;
      continue;
    }
    const tokenLength = codePoints(hit.token, 0, hit.token.length);
    findings.push({
      file,
      line,
      column,
      endColumn: column + tokenLength,
      token: hit.token,
      kind: hit.verdict.kind,
      fixedBy,
      replacement,
      message,
      context,
      confidence: hit.verdict.confidence,
      excerpt: lineExcerpt(lines, line - 1, hit.index, hit.token.length),
    });
  }
  return { candidate: true, findings, suppressed };
}
