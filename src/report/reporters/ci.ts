import { createHash } from 'node:crypto';
import { type FailOn, type Finding, gatingFindings, type ReportResult } from '../finding.js';
import { observedWords, skipWords } from '../summary.js';

/** What a finding reads as in a CI annotation: its message says what was found and what to do. */
const annotationText = (f: Finding) => {
  const observed = observedWords(f);
  return observed ? `${f.message} (${observed})` : f.message;
};

const title = (f: Finding) =>
  `civic-migrate ${f.kind} (${f.fixedBy === 'codemod' ? 'codemod fixes it' : 'a person must fix it'})`;

// GitHub Actions workflow commands: data and property values have their own escapes.
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * GitHub Actions annotations (`::error file=…,line=…::message`), one per finding and per file the
 * report could not search: `error` for what fails the gate, `warning` for other high-confidence
 * findings, `notice` for low confidence. GitHub shows them on the pull request's diff.
 */
export function renderGithub(result: ReportResult, failOn: FailOn): string {
  const gating = new Set(gatingFindings(result.findings, failOn));
  const lines = result.findings.map((f) => {
    const level = gating.has(f) ? 'error' : f.confidence === 'low' ? 'notice' : 'warning';
    const props = [
      `file=${escapeProperty(f.file)}`,
      `line=${f.line}`,
      `col=${f.column}`,
      `endLine=${f.endLine}`,
      `endColumn=${f.endColumn}`,
      `title=${escapeProperty(title(f))}`,
    ];
    return `::${level} ${props.join(',')}::${escapeData(annotationText(f))}`;
  });
  const level = failOn === 'any' ? 'error' : 'warning';
  for (const k of result.stats.skippedList)
    lines.push(`::${level} file=${escapeProperty(k.file)},title=civic-migrate::${escapeData(skipWords(k.reason, k.bytes))}`);
  for (const e of result.stats.errors)
    lines.push(`::error file=${escapeProperty(e.file)},title=civic-migrate::${escapeData(e.message)}`);
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** GitLab Code Quality severities. */
type CodeQualitySeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

/**
 * GitLab Code Quality report (a JSON array; the `codequality` artifact of a job). Each finding's
 * fingerprint is stable across runs while the finding stays (file, rule code, token and the how
 * many-th such finding in the file: not the line, so moving code does not make it "new").
 */
export function renderGitlab(result: ReportResult, failOn: FailOn): string {
  const gating = new Set(gatingFindings(result.findings, failOn));
  const seen = new Map<string, number>();
  const issues = result.findings.map((f) => {
    const key = `${f.file}\u0000${f.code}\u0000${f.token}`;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    const severity: CodeQualitySeverity = gating.has(f) ? 'major' : f.confidence === 'low' ? 'info' : 'minor';
    return {
      description: annotationText(f),
      check_name: `civic-migrate/${f.code}`,
      fingerprint: createHash('md5').update(`${key}\u0000${nth}`).digest('hex'),
      severity,
      location: { path: f.file, lines: { begin: f.line, end: f.endLine } },
    };
  });
  for (const k of result.stats.skippedList)
    issues.push({
      description: skipWords(k.reason, k.bytes),
      check_name: 'civic-migrate/file-not-searched',
      fingerprint: createHash('md5').update(`${k.file}\u0000file-not-searched`).digest('hex'),
      severity: failOn === 'any' ? 'major' : 'info',
      location: { path: k.file, lines: { begin: 1, end: 1 } },
    });
  return `${JSON.stringify(issues, null, 2)}\n`;
}
