import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findV1Usage } from '../src/report/find.js';
import type { Finding } from '../src/report/finding.js';

/**
 * One fixture tree per language family under `fixtures/report/<family>/`, with the exact findings
 * expected in `fixtures/report/<family>.expected` (one line each: `file:line:column kind token
 * context fixedBy [low] [-> replacement]`). A new family is a folder and a file, no test code.
 */
const ROOT = fileURLToPath(new URL('../fixtures/report/', import.meta.url));
const families = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

const format = (f: Finding) =>
  `${f.file}:${f.line}:${f.column} ${f.kind} ${f.token} ${f.context} ${f.fixedBy}${f.confidence === 'low' ? ' low' : ''}${
    f.replacement ? ` -> ${f.replacement}` : ''
  }`;

const expected = (family: string) =>
  readFileSync(join(ROOT, `${family}.expected`), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));

describe('report fixtures', () => {
  it('cover every language family the issue names', () => {
    expect(families).toEqual(['go', 'java', 'json', 'markdown', 'python', 'ruby', 'sql', 'templates', 'ts-js', 'vue', 'yaml']);
  });

  describe.each(families)('%s', (family) => {
    it('finds exactly the expected V1 usage', async () => {
      const result = await findV1Usage({ cwd: join(ROOT, family) });
      expect(result.findings.map(format)).toEqual(expected(family));
      expect(result.stats.errors).toEqual([]);
    });

    it('points every finding at its token (line, column in code points, end column)', async () => {
      const result = await findV1Usage({ cwd: join(ROOT, family) });
      for (const f of result.findings) {
        const line =
          readFileSync(join(ROOT, family, f.file), 'utf8')
            .replace(/^\uFEFF/, '')
            .split(/\r?\n/)[f.line - 1] ?? '';
        const chars = [...line];
        expect(chars.slice(f.column - 1, f.endColumn - 1).join(''), format(f)).toBe(f.token);
        expect([...f.excerpt.text].slice(f.excerpt.column - 1, f.excerpt.column - 1 + f.endColumn - f.column).join('')).toBe(
          f.token,
        );
      }
    });
  });
});
