import type { Change, Marker, TransformResult } from '../codemod/types.js';
import { LineIndex } from '../findings/position.js';
import type { RuleRef } from '../findings/record.js';
import { parseGraphql } from '../graphql/documents.js';
import { explain, FIX } from '../mapping/explain.js';
import { isGraphqlFile } from '../repo/data-file-kinds.js';
import { kindOf, SLUG_KINDS, type SlugRuleKind } from '../rules/registry.js';
import { lineExcerpt } from './excerpt.js';
import type { Finding, FindingKind } from './finding.js';
import type { ContextMap } from './lex/context-map.js';
import { hostBaseBody } from './messages.js';
import type { ReportRules } from './rules.js';

export interface LexerScan {
  readonly findings: Finding[];
  readonly suppressed: number;
  readonly contexts: ContextMap;
}

export interface TextScan {
  /** TS/JS/Vue files: the codemod's result the findings come from (its output is what the codemod would write). */
  readonly transformed?: TransformResult;
  /** False when the prefilter ruled the text out without a closer look. */
  readonly candidate: boolean;
  /** In text order. */
  readonly findings: Finding[];
  /** Findings left out by a `civic-migrate-ignore` comment. */
  readonly suppressed: number;
}

/**
 * A TS/JS/Vue file's findings are the codemod's own decisions, found by the same analysis: a
 * rewrite is a finding the codemod fixes, a marker one a person fixes, at the same token and in
 * the same words. Besides them, what the codemod leaves alone on purpose: V1 names in comments
 * (low confidence: no code breaks on them) and marker comments the codemod no longer places
 * (a person must finish the change, or delete the marker). Undefined when the codemod cannot
 * analyse the file (it does not parse): the lexer's findings stand then.
 */
export function codemodScan(
  text: string,
  file: string,
  rules: ReportRules,
  lexed: LexerScan,
  transform: () => TransformResult,
): TextScan | undefined {
  const r = transform();
  if (r.error) return undefined;
  const lines = new LineIndex(text);
  // Code that reads a slug-named property is a sign of the API too (not only strings spelled like slugs).
  const inCode = [...r.changes, ...r.markers].some((x) => lexed.contexts.at(x.start) === 'code');
  const evidence = civicEvidence(text, rules, inCode);
  /** A whole string literal spelled like a V1 slug, in a file with no other sign of the API: maybe something else. */
  const doubtful = (x: Change | Marker, token: string, context: string) =>
    context === 'string' &&
    rules.mappings.v1Slugs.has(token) &&
    isQuote(text.charCodeAt(x.start - 1)) &&
    text.charCodeAt(x.start - 1) === text.charCodeAt(x.end) &&
    !evidence(token);
  const findings: Finding[] = [];
  const common = (x: Change | Marker, token: string) => ({
    file,
    line: x.line,
    column: x.column,
    endLine: x.endLine,
    endColumn: x.endColumn,
    token,
    kind: findingKindOf(x.rule),
    rule: x.rule,
    context: lexed.contexts.at(x.start),
    excerpt: lineExcerpt(lines, x.line - 1, x.start, x.end - x.start),
    ...(x.evidence ? { evidence: x.evidence } : {}),
  });
  for (const c of r.changes) {
    const base = common(c, c.from);
    const low = doubtful(c, c.from, base.context);
    findings.push({
      ...base,
      code: c.code,
      severity: low ? 'info' : 'warning',
      params: { from: c.from, to: c.to },
      fixedBy: 'codemod',
      replacement: c.to,
      message: rewriteMessage(rules, c.rule),
      confidence: low ? 'low' : 'high',
    });
  }
  const placed = new Set<string>();
  for (const k of r.markers) {
    if (k.present) placed.add(k.message);
    const base = common(k, k.token);
    const low = k.confidence === 'low' || doubtful(k, k.token, base.context);
    findings.push({
      ...base,
      code: k.code,
      severity: low ? 'info' : k.severity,
      params: k.params,
      fixedBy: 'person',
      replacement: replacementOf(rules, k.rule),
      message: k.message,
      confidence: low ? 'low' : 'high',
    });
  }
  for (const f of lexed.findings) {
    if (f.kind === 'marker') {
      if (!placed.has(f.message)) findings.push(f);
    } else if (f.context === 'comment') {
      findings.push({
        ...f,
        severity: 'info',
        fixedBy: 'person',
        confidence: 'low',
        // Worded for a comment already (`findingMessage`).
      });
    }
  }
  findings.sort((x, y) => x.line - y.line || x.column - y.column || x.code.localeCompare(y.code));
  return { candidate: true, findings, suppressed: r.ignored, transformed: r };
}

/**
 * A data file's findings (a config file, a recorded payload): the codemod's decisions on it (a
 * converted payload is one finding for the whole file), and what the lexer finds outside them (a
 * V1 slug kept as a config value, a URL of a file nothing decided), which a person changes.
 */
export function dataScan(text: string, file: string, rules: ReportRules, lexed: LexerScan, r: TransformResult): TextScan {
  const decided = codemodScan(text, file, rules, { ...lexed, findings: [] }, () => r) as TextScan;
  // A GraphQL document that parses is read whole by the codemod (an alias is no field name): its decisions are all.
  if (isGraphqlFile(file.toLowerCase()) && parseGraphql({ text, start: 0 })) return { ...decided, suppressed: lexed.suppressed };
  const whole = r.changes.some((c) => c.kind === 'payload' && c.start === (text.charCodeAt(0) === 0xfeff ? 1 : 0));
  const spans = [...r.changes, ...r.markers].map((x) => [x.line, x.column, x.endLine, x.endColumn] as const);
  const inside = (f: Finding) =>
    whole ||
    spans.some(
      ([l, c, el, ec]) => (f.line > l || (f.line === l && f.column >= c)) && (f.line < el || (f.line === el && f.column < ec)),
    );
  const findings = [...decided.findings, ...lexed.findings.filter((f) => !inside(f))];
  findings.sort((x, y) => x.line - y.line || x.column - y.column || x.code.localeCompare(y.code));
  return { candidate: true, findings, suppressed: lexed.suppressed, transformed: r };
}

/** The report's kind for a finding about a table row. */
function findingKindOf(rule: RuleRef | null): FindingKind {
  if (rule === null || rule.kind === 'endpoint' || rule.kind === 'host') return 'endpoint';
  if (rule.kind === 'property') return 'property';
  return SLUG_KINDS[rule.kind as SlugRuleKind]?.report?.kind ?? 'rename';
}

/** The V2 text of a row, whoever makes the change (a rename's target, a property's V2 name). */
function replacementOf(rules: ReportRules, ref: RuleRef | null): string | null {
  if (!ref) return null;
  if (ref.kind === 'property') return rules.mappings.properties.find((p) => p.v1 === ref.v1)?.v2 ?? null;
  const rule = rules.mappings.byV1.get(ref.v1);
  return rule ? (kindOf(rule).report?.replacement(rule) ?? null) : null;
}

/** What a rewrite's finding says: `explain`'s words for its row. */
function rewriteMessage(rules: ReportRules, ref: RuleRef | null): string {
  if (ref?.kind === 'host') return `${hostBaseBody(ref.v1)} ${FIX.codemod}`;
  const e = ref ? explain(rules.mappings, ref.v1) : undefined;
  return e?.found ? e.message : FIX.codemod;
}

/**
 * Whether the text shows the Civic Data API besides a given slug: code that reads a slug-named
 * property, an API host, an endpoint path, or another known slug. Computed once per text.
 */
function civicEvidence(text: string, rules: ReportRules, inCode: boolean): (besides: string) => boolean {
  let strong: boolean | undefined;
  let slugs: Set<string> | undefined;
  return (besides) => {
    if (rules.assumeCivic || inCode) return true;
    if (strong === undefined) {
      const model = rules.endpoints.model;
      strong = [...model.hosts].some((h) => text.includes(h)) || model.stems.some((s) => text.includes(s));
    }
    if (strong) return true;
    slugs ??= new Set(rules.civicSlugs.find(text).map((h) => h.token));
    return [...slugs].some((s) => s !== besides);
  };
}

const isQuote = (c: number) => c === 39 || c === 34 || c === 96;
