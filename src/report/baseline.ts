import { createHash } from 'node:crypto';
import { z } from 'zod';
import { IoError } from '../errors.js';
import { readInputFileSync } from '../files/read.js';
import { firstIssue } from '../findings/json-path.js';
import type { Finding, ReportResult } from './finding.js';

/**
 * A baseline: the findings a team accepts for now, so that only new V1 usage fails the gate while
 * it migrates module by module. Each finding is known by a fingerprint of its file, its rule code,
 * its token and the text of its line (spaces collapsed): moving code keeps it, editing the line
 * or copying it elsewhere makes it new. Counted: two equal findings in a file need two entries.
 */
const baselineSchema = z.strictObject({
  schemaVersion: z.literal(1),
  tool: z.literal('civic-migrate'),
  findings: z.array(
    z.strictObject({
      fingerprint: z.string().regex(/^[0-9a-f]{40}$/),
      file: z.string(),
      code: z.string(),
      token: z.string(),
    }),
  ),
});
export type Baseline = z.infer<typeof baselineSchema>;

/** A finding's fingerprint: file, rule code, token and its line's text, not its position. */
function fingerprintOf(f: Finding): string {
  const line = f.excerpt.text.trim().replace(/\s+/g, ' ');
  return createHash('sha1').update([f.file, f.code, f.token, line].join('\u0000')).digest('hex');
}

/** The baseline of a report: every finding, in the report's order. */
export function baselineOf(result: ReportResult): Baseline {
  return {
    schemaVersion: 1,
    tool: 'civic-migrate',
    findings: result.findings.map((f) => ({ fingerprint: fingerprintOf(f), file: f.file, code: f.code, token: f.token })),
  };
}

/** The report with the findings the baseline accepts marked `baselined` (they do not gate). */
export function applyBaseline(result: ReportResult, baseline: Baseline): ReportResult {
  const left = new Map<string, number>();
  for (const b of baseline.findings) left.set(b.fingerprint, (left.get(b.fingerprint) ?? 0) + 1);
  const findings = result.findings.map((f) => {
    const key = fingerprintOf(f);
    const n = left.get(key) ?? 0;
    if (n === 0) return f;
    left.set(key, n - 1);
    return { ...f, baselined: true as const };
  });
  return { ...result, findings };
}

/** Reads and checks a baseline file: one line naming the file and what is wrong. */
export function readBaseline(path: string, name = path): Baseline {
  const text = readInputFileSync(path, 'baseline', { name });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new IoError(name, `not a baseline: not valid JSON (${(error as Error).message})`);
  }
  const parsed = baselineSchema.safeParse(json);
  if (!parsed.success) throw new IoError(name, `not a baseline: ${firstIssue(parsed.error)} (write one with --update-baseline)`);
  return parsed.data;
}
