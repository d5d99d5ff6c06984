import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import ajvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';
import type { Result as SarifResult } from 'sarif';
import { describe, expect, it } from 'vitest';
import { explain, FIX } from '../src/mapping/explain.js';
import type { Usage } from '../src/observe/recorder.js';
import { findV1Usage } from '../src/report/find.js';
import { FINDING_KINDS, type Finding, type ReportResult } from '../src/report/finding.js';
import { REPORT_FORMATS } from '../src/report/formats.js';
import { OUTSIDE_CODEMOD } from '../src/report/messages.js';
import { applyObserved } from '../src/report/observed.js';
import { renderReport } from '../src/report/reporters/index.js';
import { jsonReportPieces, renderJson } from '../src/report/reporters/json.js';
import { REPORT_JSON_SCHEMA } from '../src/report/reporters/json-schema.js';
import { reporterFor } from '../src/report/reporters/load.js';
import { MARKDOWN_MAX_CHARS, MARKDOWN_MAX_ROWS } from '../src/report/reporters/markdown.js';
import { FINGERPRINT_KEY, renderSarif, SARIF_MAX_RESULTS, sarifPieces, toSarif } from '../src/report/reporters/sarif.js';
import { observationLine, toolInfo } from '../src/report/summary.js';
import { bundledMappings } from './helpers/bundled.js';

const require = createRequire(import.meta.url);
/** The official SARIF 2.1.0 schema (rtm.5, draft-04), as shipped by @microsoft/jest-sarif. */
const SARIF_SCHEMA = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json') as object;
const FIXTURES = fileURLToPath(new URL('../fixtures/report/', import.meta.url));
const { version } = toolInfo();
const mappings = bundledMappings();
/** Findings use explain's wording where the codemod rewrites: one source of truth. */
const say = (query: string) => explain(mappings, query).message;
/** And the codemod marker's words where it leaves a person. */
const FAX_MARKER =
  "`registration_submission_fax` is gone in V2: read `registration_methods`' `multiselect_value` and check for `fax`";

// unicodeRegExp off: the official schema's language pattern has a stray `]` that only non-Unicode regular expressions accept.
const sarifAjv = new ajvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
ajvFormats.default(sarifAjv);
const validateSarif = sarifAjv.compile(SARIF_SCHEMA);
const jsonAjv = new Ajv({ allErrors: true, strict: true });
const validateJson = jsonAjv.compile(REPORT_JSON_SCHEMA);

/**
 * A small tree: one TS file, one SQL file, a binary file; elapsed time pinned for exact output.
 * Reported in each test that reads it, not in a hook (then a mutant of the report's rules would be
 * "static": see test/mutation).
 */
async function smallResult(): Promise<ReportResult> {
  const dir = mkdtempSync(join(tmpdir(), 'cm-report-'));
  writeFileSync(join(dir, 'api.ts'), "const ok = state['vbm_no_excuse']?.value;\nconst m = state.registration_submission_fax;\n");
  writeFileSync(join(dir, 'q.sql'), "SELECT text FROM items WHERE slug = 'vbm_universal';\n");
  writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
  const result = await findV1Usage({ cwd: dir });
  return { ...result, stats: { ...result.stats, elapsedMs: 0 } };
}

describe('text', () => {
  it('groups by file with excerpts, then counts, files and a verdict', async () => {
    const small = await smallResult();
    expect(renderReport(small, 'text')).toBe(
      [
        'api.ts',
        '  1:19  rename        `vbm_no_excuse` → `has_no_excuse_absentee`  (codemod, string)',
        "        │ const ok = state['vbm_no_excuse']?.value;",
        '        │                   ^^^^^^^^^^^^^',
        '  1:36  property      `value` → `bool_value`  (codemod, code)',
        "        │ const ok = state['vbm_no_excuse']?.value;",
        '        │                                    ^^^^^',
        '  2:17  consolidate   `registration_submission_fax`  (person, code)',
        '        │ const m = state.registration_submission_fax;',
        '        │                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^',
        `        ${FAX_MARKER}`,
        '',
        'q.sql',
        '  1:38  rename        `vbm_universal` → `has_automatic_vbm`  (person, string)',
        "        │ SELECT text FROM items WHERE slug = 'vbm_universal';",
        '        │                                      ^^^^^^^^^^^^^',
        `        ${say('vbm_universal').replace(FIX.codemod, OUTSIDE_CODEMOD)}`,
        '',
        'By kind:       rename 2, consolidate 1, property 1',
        'By who fixes:  codemod 2, person 2',
        'Files:         2 files affected of 2 searched; 1 skipped (1 binary)',
        'FAIL (--fail-on any): 4 V1 usages in 2 files: 2 for `civic-migrate codemod`, 2 for a person.',
        '',
      ].join('\n'),
    );
  });

  it('says PASS when nothing gates', async () => {
    const small = await smallResult();
    expect(renderReport(small, 'text', { failOn: 'none' }).split('\n').at(-2)).toBe(
      'PASS: 4 V1 usages in 2 files: 2 for `civic-migrate codemod`, 2 for a person.',
    );
    const clean: ReportResult = { ...small, findings: [], stats: { ...small.stats, filesAffected: 0 } };
    expect(renderReport(clean, 'text')).toBe(
      ['Files:         0 files affected of 2 searched; 1 skipped (1 binary)', 'PASS: no V1 usage found in 2 files.', ''].join(
        '\n',
      ),
    );
  });
});

describe('json', () => {
  it('is versioned, valid against its documented schema, and exact', async () => {
    const small = await smallResult();
    const report = JSON.parse(renderJson(small, 'manual'));
    expect(validateJson(report), jsonAjv.errorsText(validateJson.errors)).toBe(true);
    expect({ ...report, findings: report.findings.length }).toEqual({
      schemaVersion: 1,
      tool: { name: 'civic-migrate', version },
      table: 'bundled',
      failOn: 'manual',
      outcome: 'fail',
      verdict: 'FAIL (--fail-on manual): 4 V1 usages in 2 files: 2 for `civic-migrate codemod`, 2 for a person.',
      summary: {
        findings: 4,
        gating: 2,
        suppressed: 0,
        filesAffected: 2,
        byKind: {
          rename: 2,
          consolidate: 1,
          footnote: 0,
          delete: 0,
          property: 1,
          endpoint: 0,
          'unknown-slug': 0,
          marker: 0,
          observed: 0,
        },
        byFixedBy: { codemod: 2, person: 2 },
        byContext: { code: 2, string: 2, comment: 0 },
        byConfidence: { high: 4, low: 0 },
      },
      files: {
        searched: 2,
        candidates: 2,
        bytes: 140,
        skipped: { binary: 1, 'too-large': 0, 'invalid-utf8': 0 },
        skippedList: [],
        notListed: { gitignored: 0, excluded: 0, 'default-skip': 0, 'symlink-outside': 0, 'symlink-loop': 0, unreadable: 0 },
        errors: [],
      },
      elapsedMs: 0,
      findings: 4,
      typeErrors: [],
    });
    expect(report.findings[1]).toEqual({
      code: 'property-rewritten',
      severity: 'warning',
      rule: { kind: 'property', v1: 'value' },
      params: { from: 'value', to: 'bool_value' },
      file: 'api.ts',
      line: 1,
      column: 36,
      endLine: 1,
      endColumn: 41,
      token: 'value',
      kind: 'property',
      fixedBy: 'codemod',
      replacement: 'bool_value',
      message: say('value'),
      context: 'code',
      confidence: 'high',
      excerpt: { text: "const ok = state['vbm_no_excuse']?.value;", column: 36 },
      // Why: a member named by the slug (nothing else in this one-line file says what `state` is).
      evidence: [
        {
          file: 'api.ts',
          line: 1,
          column: 12,
          step: 'slug-member',
          says: "`state['vbm_no_excuse']`: a member named by a slug, V1 state information item (vbm_no_excuse)",
        },
      ],
    });
  });

  it('is written in pieces whose text is the whole report as JSON.stringify writes it (SARIF too), at any number of findings', async () => {
    const small = await smallResult();
    const one = small.findings[0] as Finding;
    // A message with a newline and quotes: escaped in the JSON, so the pieces' indentation never touches it.
    const odd: Finding = { ...one, message: 'two\nlines, "quoted"' };
    const many = Array.from({ length: 400 }, (_, i) => ({ ...one, line: i + 1 }));
    for (const findings of [[], [one], [odd, one], many]) {
      const result: ReportResult = { ...small, findings };
      const pieces = [...jsonReportPieces(result, 'any')];
      const text = pieces.join('');
      expect(text).toBe(renderJson(result, 'any'));
      // SARIF too, its results four levels in.
      const sarif = [...sarifPieces(result, 'any')];
      expect(sarif.join('')).toBe(renderSarif(result, 'any'));
      expect(sarif.length > 2).toBe(findings === many);
      // Exactly what one JSON.stringify(report, null, 2) writes: parsing and writing it again changes nothing.
      expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
      expect(JSON.parse(text).findings).toEqual(findings);
      // The findings' pieces hold at least 64 KiB each, but the last and the closing newline: 400 findings take several.
      for (const piece of pieces.slice(0, -2)) expect(piece.length).toBeGreaterThanOrEqual(64 * 1024);
      expect(pieces.length > 2).toBe(findings === many);
    }
  });

  it('the whole fixture tree validates too', async () => {
    const result = await findV1Usage({ cwd: FIXTURES });
    expect(result.findings.length).toBeGreaterThan(100);
    expect(validateJson(JSON.parse(renderJson(result, 'any'))), jsonAjv.errorsText(validateJson.errors)).toBe(true);
  });
});

describe('sarif', () => {
  it('validates against the SARIF 2.1.0 schema and meets what GitHub code scanning requires', async () => {
    const result = await findV1Usage({ cwd: FIXTURES });
    const log = JSON.parse(renderReport(result, 'sarif'));
    expect(validateSarif(log), sarifAjv.errorsText(validateSarif.errors)).toBe(true);
    // The validator does reject what GitHub would: a result without a message.
    expect(validateSarif({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ ruleId: 'a' }] }] })).toBe(
      false,
    );
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0];
    expect(run.tool.driver).toMatchObject({
      name: 'civic-migrate',
      version,
    });
    const rules = run.tool.driver.rules as { id: string; shortDescription: { text: string }; help: { text: string } }[];
    expect(rules.map((r) => r.id)).toEqual([...FINDING_KINDS]);
    for (const r of rules) {
      expect(r.shortDescription.text.length).toBeGreaterThan(0);
      expect(r.help.text.length).toBeGreaterThan(0);
    }
    expect(run.results).toHaveLength(result.findings.length);
    const prints = new Set<string>();
    (run.results as SarifResult[]).forEach((r, i) => {
      const f = result.findings[i] as Finding;
      expect(r.ruleId).toBe(f.kind);
      expect(rules[r.ruleIndex ?? -1]?.id).toBe(r.ruleId);
      expect(['error', 'warning', 'note']).toContain(r.level);
      const loc = r.locations?.[0]?.physicalLocation;
      expect(loc?.artifactLocation?.uri).toMatch(/^[^/\\][^\\]*$/);
      expect(loc?.artifactLocation?.uri).not.toContain('://');
      expect(loc?.artifactLocation?.uriBaseId).toBe('%SRCROOT%');
      expect(loc?.region).toMatchObject({ startLine: f.line, startColumn: f.column, endColumn: f.endColumn });
      prints.add(r.partialFingerprints?.[FINGERPRINT_KEY] ?? '');
    });
    expect(prints.size).toBe(run.results.length);
    expect(run.columnKind).toBe('unicodeCodePoints');
  });

  it('is exact for one result, with a fix for the codemod’s replacement', async () => {
    const small = await smallResult();
    const log = toSarif(small, 'any');
    expect(log.runs[0]?.results?.[0]).toEqual({
      ruleId: 'rename',
      ruleIndex: 0,
      level: 'warning',
      message: {
        text: `\`vbm_no_excuse\` (rename, fixed by the codemod): ${say('vbm_no_excuse')} Replace with \`has_no_excuse_absentee\`.`,
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'api.ts', uriBaseId: '%SRCROOT%' },
            region: {
              startLine: 1,
              startColumn: 19,
              endLine: 1,
              endColumn: 32,
              snippet: { text: "const ok = state['vbm_no_excuse']?.value;" },
            },
          },
        },
      ],
      partialFingerprints: { [FINGERPRINT_KEY]: expect.stringMatching(/^[0-9a-f]{32}:1$/) },
      fixes: [
        {
          description: { text: 'Replace `vbm_no_excuse` with `has_no_excuse_absentee`' },
          artifactChanges: [
            {
              artifactLocation: { uri: 'api.ts', uriBaseId: '%SRCROOT%' },
              replacements: [
                {
                  deletedRegion: { startLine: 1, startColumn: 19, endLine: 1, endColumn: 32 },
                  insertedContent: { text: 'has_no_excuse_absentee' },
                },
              ],
            },
          ],
        },
      ],
      properties: { token: 'vbm_no_excuse', fixedBy: 'codemod', context: 'string', confidence: 'high' },
    });
    expect(log.runs[0]?.invocations).toEqual([
      {
        executionSuccessful: true,
        toolExecutionNotifications: [
          { level: 'note', descriptor: { id: 'files-skipped' }, message: { text: 'Files not searched: 1 binary.' } },
        ],
      },
    ]);
  });

  it('fingerprints survive moved lines and tell repeated occurrences apart', async () => {
    const small = await smallResult();
    const f = small.findings[0] as Finding;
    const moved: ReportResult = {
      ...small,
      findings: [
        { ...f, line: 40 },
        { ...f, line: 41 },
      ],
    };
    const [a, b] = toSarif(moved, 'any').runs[0]?.results ?? [];
    const original = toSarif(small, 'any').runs[0]?.results?.[0];
    expect(a?.partialFingerprints).toEqual(original?.partialFingerprints);
    expect(b?.partialFingerprints?.[FINGERPRINT_KEY]).toBe(a?.partialFingerprints?.[FINGERPRINT_KEY]?.replace(/:1$/, ':2'));
  });

  it('keeps at most 25,000 results per run and says it truncated', async () => {
    const small = await smallResult();
    const f = small.findings[0] as Finding;
    const many = Array.from({ length: SARIF_MAX_RESULTS + 7 }, (_, i) => ({ ...f, line: i + 1 }));
    const log = toSarif({ ...small, findings: many }, 'any');
    expect(validateSarif(log), sarifAjv.errorsText(validateSarif.errors)).toBe(true);
    expect(log.runs[0]?.results).toHaveLength(SARIF_MAX_RESULTS);
    expect(log.runs[0]?.invocations?.[0]?.toolExecutionNotifications?.[0]).toEqual({
      level: 'warning',
      descriptor: { id: 'results-truncated' },
      message: {
        text: "Only the first 25,000 of 25,007 findings are included (GitHub code scanning's limit per run). Run `civic-migrate report --format json` for all of them.",
      },
    });
  });

  it('encodes URIs and reports unreadable paths as failed execution', async () => {
    const small = await smallResult();
    const f = { ...(small.findings[0] as Finding), file: 'dir with space/ä#.ts' };
    const log = toSarif(
      {
        ...small,
        findings: [f],
        stats: { ...small.stats, errors: [{ file: 'broken', message: 'broken symlink: no such file' }] },
      },
      'any',
    );
    expect(validateSarif(log), sarifAjv.errorsText(validateSarif.errors)).toBe(true);
    expect(log.runs[0]?.results?.[0]?.locations?.[0]?.physicalLocation?.artifactLocation?.uri).toBe(
      'dir%20with%20space/%C3%A4%23.ts',
    );
    expect(log.runs[0]?.invocations?.[0]?.executionSuccessful).toBe(false);
  });
});

describe('markdown', () => {
  it('is a PR comment: verdict, counts, a table with person-fixed findings first', async () => {
    const small = await smallResult();
    expect(renderReport(small, 'markdown')).toBe(
      [
        '## civic-migrate: V1 usage report',
        '',
        '❌ FAIL (--fail-on any): 4 V1 usages in 2 files: 2 for `civic-migrate codemod`, 2 for a person.',
        '',
        '| Kind | Findings |',
        '|---|---:|',
        '| rename | 2 |',
        '| consolidate | 1 |',
        '| property | 1 |',
        '',
        '**By who fixes:** codemod 2 · person 2',
        '',
        '2 files affected of 2 searched (skipped: 1 binary)',
        '',
        '| File | Line:Col | Kind | Found | Fixed by | Fix |',
        '|---|---|---|---|---|---|',
        `| \`api.ts\` | 2:17 | consolidate | \`registration_submission_fax\` | person | ${FAX_MARKER} |`,
        '| `q.sql` | 1:38 | rename | `vbm_universal` | person | → `has_automatic_vbm` |',
        '| `api.ts` | 1:19 | rename | `vbm_no_excuse` | codemod | → `has_no_excuse_absentee` |',
        '| `api.ts` | 1:36 | property | `value` | codemod | → `bool_value` |',
        '',
      ].join('\n'),
    );
  });

  it('caps rows and length, and says how many it left out', async () => {
    const small = await smallResult();
    const f = small.findings[2] as Finding;
    const many = Array.from({ length: 500 }, (_, i) => ({
      ...f,
      line: i + 1,
      message: `${f.message} ${'x'.repeat(2000)} | pipe`,
    }));
    const md = renderReport({ ...small, findings: many, stats: { ...small.stats, filesAffected: 1 } }, 'markdown');
    expect(md.length).toBeLessThanOrEqual(MARKDOWN_MAX_CHARS);
    const rows = md.split('\n').filter((l) => l.startsWith('| `api.ts`'));
    expect(rows.length).toBeLessThan(MARKDOWN_MAX_ROWS);
    expect(rows[0]).toContain('\\| pipe');
    expect(md.trimEnd().split('\n').at(-1)).toBe(
      `_…and ${500 - rows.length} more findings. Run \`civic-migrate report\` locally for the full list._`,
    );
  });

  it('uses a longer fence for tokens with backticks', async () => {
    const small = await smallResult();
    const f = { ...(small.findings[0] as Finding), file: 'a`b.ts' };
    expect(renderReport({ ...small, findings: [f] }, 'markdown')).toContain('| `` a`b.ts `` | 1:19 |');
  });
});

describe('one format loaded alone (the CLI)', () => {
  it('renders each format exactly as renderReport does', async () => {
    const result = await smallResult();
    for (const format of REPORT_FORMATS) {
      const render = await reporterFor(format);
      for (const failOn of ['any', 'none'] as const)
        expect({ format, failOn, text: render(result, failOn) }).toEqual({
          format,
          failOn,
          text: renderReport(result, format, { failOn }),
        });
    }
    // Each format its own function: github and gitlab are not one another.
    expect((await reporterFor('github'))(result, 'any')).not.toBe((await reporterFor('gitlab'))(result, 'any'));
  });
});

describe('the report JSON Schema', () => {
  it('is the file the README points to', () => {
    const doc = JSON.parse(readFileSync(fileURLToPath(new URL('../docs/report.schema.json', import.meta.url)), 'utf8'));
    expect(doc).toEqual(JSON.parse(JSON.stringify(REPORT_JSON_SCHEMA)));
  });
});

describe('observation', () => {
  const usageWith = (payloads?: Usage['payloads']): Usage => ({
    format: 'civic-migrate-usage/1',
    started: '2026-03-01T08:00:00.000Z',
    updated: '2026-03-08T08:00:00.000Z',
    items: { vbm_no_excuse: { value: 3 } },
    descriptors: {},
    overrides: {},
    lists: { iterate: 0, lookup: 0, serialized: 0 },
    endpoints: {},
    sites: {},
    ...(payloads ? { payloads } : {}),
  });

  it('says how many payloads were watched when not every one was, and nothing of it when all were', async () => {
    const small = await smallResult();
    const cwd = mkdtempSync(join(tmpdir(), 'cm-observed-'));
    /** The report met with a recording that watched `watched` of `handed` state records (and 3 of 3 field lists). */
    const met = (handed: number, watched: number) =>
      applyObserved(
        small,
        usageWith({ state: { handed, watched }, fields: { handed: 3, watched: 3 }, overrides: { handed: 0, watched: 0 } }),
        mappings,
        cwd,
        ['usage.json'],
      );
    const sampled = met(12_000, 950);
    expect(sampled.observation?.payloads).toEqual({ handed: 12_003, watched: 953 });
    expect(observationLine(sampled)).toBe(
      '2 findings read at run time, 2 findings not read (a hint: dead or unexercised code; still gating), 0 V1 slugs read only at run time (`observed`) — recorded 2026-03-01 08:00 to 2026-03-08 08:00 UTC in usage.json, 953 of 12,003 payloads watched',
    );
    expect(observationLine(met(5, 5))).toMatch(/in usage\.json$/);
    expect(applyObserved(small, usageWith(), mappings, cwd, ['usage.json']).observation?.payloads).toBeUndefined();
  });
});
