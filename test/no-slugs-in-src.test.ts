import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { loadMappings } from '../src/mapping/load.js';
import { languageForPath, lexText } from '../src/report/lex/languages.js';
import { createTokenMatcher } from '../src/scan/tokens.js';

/**
 * DESIGN.md: "No slug appears in src/ outside tests": behaviour comes from the table. Comments may
 * name slugs as examples, and so may the CLI's `--help` examples; code may not.
 */
describe('src/ holds no slug', () => {
  it('outside comments and help examples', () => {
    const m = loadMappings();
    const matcher = createTokenMatcher([...m.v1Slugs, ...m.v2Slugs].filter((s) => s.includes('_')));
    const files = fg.sync('src/**/*.ts', { cwd: new URL('..', import.meta.url).pathname, absolute: true });
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const contexts = lexText(text, languageForPath(file));
      for (const { token, index } of matcher.find(text)) {
        if (contexts.at(index) === 'comment') continue;
        const lineStart = text.lastIndexOf('\n', index) + 1;
        const line = text.slice(lineStart, text.indexOf('\n', index));
        if (line.trimStart().startsWith('.example(')) continue;
        offenders.push(`${file.slice(file.indexOf('src/'))}: ${token}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
