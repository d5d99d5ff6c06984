import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { endpointModel } from '../src/endpoints/model.js';
import { languageForPath, lexText } from '../src/report/lex/languages.js';
import { createTokenMatcher } from '../src/scan/tokens.js';
import { bundledMappings } from './helpers/bundled.js';

/**
 * DESIGN.md: "No slug appears in src/ outside tests": behaviour comes from the table. Comments may
 * name slugs as examples, and so may the CLI's `--help` examples; code may not.
 */
const m = bundledMappings();
const model = endpointModel(m);
const files = fg.sync('src/**/*.ts', { cwd: new URL('..', import.meta.url).pathname, absolute: true });

/** Every `[index, token]` found outside comments and `.example(` help lines. */
function offenders(find: (text: string) => [number, string][]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const contexts = lexText(text, languageForPath(file));
    for (const [index, token] of find(text)) {
      if (contexts.at(index) === 'comment') continue;
      const lineStart = text.lastIndexOf('\n', index) + 1;
      const line = text.slice(lineStart, text.indexOf('\n', index));
      if (line.trimStart().startsWith('.example(')) continue;
      found.push(`${file.slice(file.indexOf('src/'))}: ${token}`);
    }
  }
  return found;
}

describe('src/ holds no table knowledge: behaviour comes from the table', () => {
  it('reads enough files to mean something', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('no slug outside comments and help examples', () => {
    const matcher = createTokenMatcher([...m.v1Slugs, ...m.v2Slugs].filter((s) => s.includes('_')));
    expect(offenders((text) => matcher.find(text).map((h) => [h.index, h.token]))).toEqual([]);
  });

  it('no API host, endpoint root or other service’s path outside comments and help examples', () => {
    // `/election/`, `'election/`, `api.voteamerica.org`, `uptime/`…: a path piece, not a word in prose.
    const others = m.nonElectionPaths.map((p) => p.split('/')[2] as string);
    const pieces = [...model.hosts, ...[...model.roots, ...others].map((root) => `${root}/`)];
    const find = (text: string): [number, string][] =>
      pieces.flatMap((piece) => {
        const hits: [number, string][] = [];
        for (let at = text.indexOf(piece); at !== -1; at = text.indexOf(piece, at + 1)) {
          if (!/[A-Za-z0-9_]/.test(text.charAt(at - 1))) hits.push([at, piece]);
        }
        return hits;
      });
    expect(offenders(find)).toEqual([]);
    // The check finds a planted path.
    expect(find(`const p = '/${[...model.roots][0]}/field/';`)).toHaveLength(1);
  });
});
