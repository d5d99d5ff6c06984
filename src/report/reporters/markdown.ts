import { type FailOn, FINDING_KINDS, type Finding, READ_SKIP_REASONS, type ReportResult } from '../finding.js';
import { historySvg } from '../history-chart.js';
import { FIXERS, historyRows, observationLine, observedWords, plural, summarize, thousands } from '../summary.js';

/** Rows in the findings table; the rest are counted, not listed. */
export const MARKDOWN_MAX_ROWS = 100;
/** GitHub refuses comments over 65,536 characters: stay well under. */
export const MARKDOWN_MAX_CHARS = 60_000;

/** A code span that survives backticks inside. */
const code = (s: string) => {
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${s} ${fence}` : `${fence}${s}${fence}`;
};
/** Table cells: no line breaks, no unescaped pipes. */
const cell = (s: string) => s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');

function row(f: Finding): string {
  const fix = f.replacement !== null ? `→ ${code(f.replacement)}` : f.message;
  const kind = f.confidence === 'low' ? `${f.kind} (low confidence)` : f.kind;
  const observed = observedWords(f);
  const found = observed ? `${code(f.token)} (${observed})` : code(f.token);
  return `| ${cell(code(f.file))} | ${f.line}:${f.column} | ${kind} | ${cell(found)} | ${f.fixedBy} | ${cell(fix)} |`;
}

/**
 * For a pull-request comment: the verdict, counts by kind and by who fixes, and a table of the
 * findings (people-fixed first), capped at 100 rows and 60,000 characters.
 */
export function renderMarkdown(result: ReportResult, failOn: FailOn): string {
  const s = summarize(result, failOn);
  const icon = s.outcome === 'pass' ? '✅' : s.outcome === 'fail' ? '❌' : '⚠️';
  const head: string[] = ['## civic-migrate: V1 usage report', '', `${icon} ${s.verdict}`, ''];
  if (result.findings.length) {
    head.push('| Kind | Findings |', '|---|---:|');
    for (const k of FINDING_KINDS) if (s.byKind[k]) head.push(`| ${k} | ${s.byKind[k]} |`);
    head.push('');
    head.push(`**By who fixes:** ${FIXERS.map((w) => `${w} ${s.byFixedBy[w]}`).join(' · ')}`, '');
  }
  const { stats } = result;
  const skipped = READ_SKIP_REASONS.filter((r) => stats.skippedFiles[r]);
  const filesLine =
    `${plural(stats.filesAffected, 'file')} affected of ${thousands(stats.filesScanned)} searched` +
    (skipped.length ? ` (skipped: ${skipped.map((r) => `${stats.skippedFiles[r]} ${r}`).join(', ')})` : '') +
    (stats.suppressed ? `; ${plural(stats.suppressed, 'finding')} hidden by \`civic-migrate-ignore\`` : '') +
    (stats.errors.length ? `; unreadable: ${stats.errors.map((e) => code(e.file)).join(', ')}` : '') +
    (stats.skippedList.length
      ? `; not searched: ${stats.skippedList
          .slice(0, 20)
          .map((k) => `${code(k.file)} (${k.reason})`)
          .join(', ')}${stats.skippedList.length > 20 ? `, … (${stats.skippedList.length})` : ''}`
      : '');
  head.push(filesLine, '');
  const observation = observationLine(result);
  if (observation) head.push(`**Observed:** ${observation}`, '');
  const history = historyRows(result);
  if (history.length > 0 && result.history) {
    head.push(`**V1 usage over ${plural(history.length, 'commit')}**`, '', historySvg(result.history).replace(/\n/g, ''), '');
    head.push('| Date | Commit | Findings | Codemod | Person | Subject |', '|---|---|---:|---:|---:|---|');
    for (const [date, commit, all, codemod, person, subject] of history)
      head.push(`| ${date} | ${code(commit as string)} | ${all} | ${codemod} | ${person} | ${cell(subject as string)} |`);
    head.push('');
  }

  const tail: string[] = [];
  const body: string[] = [];
  if (result.findings.length) {
    // Person-fixed findings first: they are what the review needs to see.
    const ordered = [...result.findings].sort((a, b) => (a.fixedBy === b.fixedBy ? 0 : a.fixedBy === 'person' ? -1 : 1));
    body.push('| File | Line:Col | Kind | Found | Fixed by | Fix |', '|---|---|---|---|---|---|');
    let length = head.join('\n').length + body.join('\n').length + 200;
    let shown = 0;
    for (const f of ordered) {
      const line = row(f);
      if (shown >= MARKDOWN_MAX_ROWS || length + line.length + 1 > MARKDOWN_MAX_CHARS) break;
      body.push(line);
      length += line.length + 1;
      shown++;
    }
    if (shown < ordered.length) {
      tail.push(
        '',
        `_…and ${plural(ordered.length - shown, 'more finding')}. Run \`civic-migrate report\` locally for the full list._`,
      );
    }
  }
  return `${[...head, ...body, ...tail].join('\n').trimEnd()}\n`;
}
