import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { transformSource } from '../src/codemod/transform.js';
import { findV1Usage } from '../src/report/find.js';
import { gatingFindings } from '../src/report/finding.js';
import { isCodemodFile } from '../src/report/fixer.js';
import { createReportRules } from '../src/report/rules.js';
import { scanText } from '../src/report/scan.js';
import { bundledMappings } from './helpers/bundled.js';

/**
 * One engine, two faces: for TS/JS/Vue files the report lists the codemod's own decisions, at the
 * same places and in the same words. Checked on every codemod fixture and every TS/JS/Vue file of
 * the bundled example and the report fixtures.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const mappings = bundledMappings();
/** Built in the test that uses it, not while the file is collected (a mutant of src/report/rules.ts would be "static": see test/mutation). */
const rules = () => createReportRules(mappings);

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

const files = [
  ...filesBelow(join(ROOT, 'fixtures/codemod')).filter((f) => f.includes('.input.')),
  ...filesBelow(join(ROOT, 'fixtures/example-v1-integration')),
  ...filesBelow(join(ROOT, 'fixtures/report/ts-js')),
  ...filesBelow(join(ROOT, 'fixtures/report/vue')),
].filter(isCodemodFile);

/** What the report adds besides the codemod's decisions: V1 names in comments, left-over marker comments. */
const LEXER_CODES = /-in-text$|^marker-comment$/;

describe('the report and the codemod agree', () => {
  it('on enough files to mean something', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
  });

  it.each(files.map((f) => [relative(ROOT, f), f]))('%s: line for line, fixer for fixer, message for message', (_, file) => {
    const text = readFileSync(file, 'utf8');
    const name = file.replace(/\.input(\.[a-z.]+)$/, '$1');
    const codemod = transformSource(text, name);
    expect(codemod.error).toBeUndefined();
    const decided = [
      ...codemod.changes.map((c) => `${c.line}:${c.column} codemod ${c.from}`),
      ...codemod.markers.map((m) => `${m.line}:${m.column} person ${m.token} ${m.message}`),
    ].sort();
    const { findings } = scanText(text, name, rules());
    const reported = findings
      .filter((f) => !LEXER_CODES.test(f.code))
      .map((f) =>
        f.fixedBy === 'codemod'
          ? `${f.line}:${f.column} codemod ${f.token}`
          : `${f.line}:${f.column} person ${f.token} ${f.message}`,
      )
      .sort();
    expect(reported).toEqual(decided);
    // What the report adds is never gating: comments are low confidence; left-over markers are in comments.
    for (const f of findings.filter((x) => LEXER_CODES.test(x.code))) {
      expect(f.confidence === 'low' || f.kind === 'marker', `${f.line}:${f.column} ${f.token}`).toBe(true);
    }
  });

  it('after `codemod --write`, `report --fail-on manual` fails only where a marker stands', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-agree-'));
    cpSync(join(ROOT, 'fixtures/example-v1-integration'), join(dir, 'example'), { recursive: true });
    for (const f of filesBelow(join(ROOT, 'fixtures/codemod')).filter((x) => x.includes('.input.'))) {
      cpSync(f, join(dir, 'cases', relative(join(ROOT, 'fixtures/codemod'), f).replace('.input.', '.')));
    }
    const written = await runCodemod({ cwd: dir, write: true, allowDirty: true, mappings });
    expect(written.totals.errors).toBe(0);
    const again = await runCodemod({ cwd: dir, mappings });
    expect(again.totals.changed, 'a second run changes nothing').toBe(0);

    const result = await findV1Usage({
      cwd: dir,
      mappings,
      include: ['*.ts', '*.tsx', '*.js', '*.jsx', '*.mjs', '*.cjs', '*.vue'],
    });
    const gating = gatingFindings(result.findings, 'manual');
    expect(gating.length).toBeGreaterThan(10);
    const present = new Map<string, Set<string>>();
    for (const f of gating) {
      if (!present.has(f.file)) {
        const r = transformSource(readFileSync(join(dir, f.file), 'utf8'), f.file);
        // Vue <template> references get no comment (one could change what renders): they are listed on stderr.
        present.set(
          f.file,
          new Set(r.markers.filter((m) => m.present || m.cause === 'in-template').map((m) => `${m.line}:${m.column}`)),
        );
      }
      const isMarkerComment = f.kind === 'marker';
      expect(
        isMarkerComment || present.get(f.file)?.has(`${f.line}:${f.column}`),
        `${f.file}:${f.line}:${f.column} ${f.token}: ${f.message}`,
      ).toBe(true);
    }
  });
});
