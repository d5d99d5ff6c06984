import { shownName } from '../../files/names.js';
import { type FailOn, FINDING_KINDS, type Finding, READ_SKIP_REASONS, type ReportResult } from '../finding.js';
import { FIXERS, historyRows, observationLine, observedWords, plural, skipWords, summarize, thousands } from '../summary.js';

const KIND_WIDTH = Math.max(...FINDING_KINDS.map((k) => k.length));

/** Groups findings by file, in order. */
function byFile(findings: readonly Finding[]): Map<string, Finding[]> {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const group = groups.get(f.file);
    if (group) group.push(f);
    else groups.set(f.file, [f]);
  }
  return groups;
}

function what(f: Finding): string {
  if (f.replacement !== null) return `\`${f.token}\` → \`${f.replacement}\``;
  return `\`${f.token}\``;
}

/** The excerpt line with a caret under the token. Tabs become spaces so the caret lines up. */
function excerptLines(f: Finding, indent: string): string[] {
  const text = f.excerpt.text.replace(/\t/g, ' ');
  const before = [...text].slice(0, f.excerpt.column - 1).length;
  const width = Math.max(1, f.endColumn - f.column);
  return [`${indent}│ ${text}`, `${indent}│ ${' '.repeat(before)}${'^'.repeat(width)}`];
}

/**
 * For people: findings grouped by file, each with its position, kind, who fixes it, the
 * replacement or what to do, and the line with the token marked; then counts and a verdict.
 */
export function renderText(result: ReportResult, failOn: FailOn): string {
  const out: string[] = [];
  for (const [file, findings] of byFile(result.findings)) {
    out.push(shownName(file));
    const posWidth = Math.max(...findings.map((f) => `${f.line}:${f.column}`.length));
    for (const f of findings) {
      const pos = `${f.line}:${f.column}`.padEnd(posWidth);
      const tags = [
        f.fixedBy,
        f.context,
        ...(f.confidence === 'low' ? ['low confidence'] : []),
        ...(f.baselined ? ['baselined'] : []),
        ...(f.observed ? [observedWords(f) as string] : []),
      ].join(', ');
      out.push(`  ${pos}  ${f.kind.padEnd(KIND_WIDTH)}  ${what(f)}  (${tags})`);
      const indent = ' '.repeat(2 + posWidth + 2);
      out.push(...excerptLines(f, indent));
      if (f.fixedBy === 'person') out.push(`${indent}${f.message}`);
    }
    out.push('');
  }
  const s = summarize(result, failOn);
  const { stats } = result;
  if (result.findings.length) {
    const kinds = FINDING_KINDS.filter((k) => s.byKind[k]).map((k) => `${k} ${s.byKind[k]}`);
    out.push(`By kind:       ${kinds.join(', ')}`);
    out.push(`By who fixes:  ${FIXERS.map((w) => `${w} ${s.byFixedBy[w]}`).join(', ')}`);
  }
  const skipped = READ_SKIP_REASONS.filter((r) => stats.skippedFiles[r]).map((r) => `${stats.skippedFiles[r]} ${r}`);
  const skippedTotal = READ_SKIP_REASONS.reduce((n, r) => n + stats.skippedFiles[r], 0);
  out.push(
    `Files:         ${plural(stats.filesAffected, 'file')} affected of ${thousands(stats.filesScanned)} searched` +
      (skippedTotal ? `; ${thousands(skippedTotal)} skipped (${skipped.join(', ')})` : '') +
      (stats.suppressed ? `; ${plural(stats.suppressed, 'finding')} hidden by civic-migrate-ignore` : ''),
  );
  const observation = observationLine(result);
  if (observation) out.push(`Observed:      ${observation}`);
  const history = historyRows(result);
  if (history.length > 0) {
    out.push(
      `History:       ${plural(history.length, 'commit')} (date, commit, findings, for the codemod, for a person, subject)`,
    );
    for (const [date, commit, all, codemod, person, subject] of history)
      out.push(
        `               ${date} ${commit} ${(all as string).padStart(6)} ${(codemod as string).padStart(6)} ${(person as string).padStart(6)}  ${shownName(subject as string)}`,
      );
  }
  for (const e of stats.errors) out.push(`Unreadable:    ${shownName(e.file)}: ${e.message}`);
  for (const k of stats.skippedList) out.push(`Skipped:       ${shownName(k.file)}: ${skipWords(k.reason, k.bytes)}`);
  if (result.program) {
    out.push(
      `Program:       ${result.program.config}: the codemod's migration ${result.typeErrors.length === 0 ? 'adds no type error' : `would add ${plural(result.typeErrors.length, 'type error')}`}`,
    );
    for (const e of result.typeErrors)
      out.push(`               ${shownName(e.file)}:${e.line}:${e.column} TS${e.code}: ${e.message}`);
  }
  out.push(s.verdict);
  return `${out.join('\n')}\n`;
}
