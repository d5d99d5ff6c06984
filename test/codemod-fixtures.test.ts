import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { syntaxErrors } from './codemod-helpers.js';

/**
 * Every `fixtures/codemod/<case>.input.<ext>` with its `<case>.output.<ext>`: a new case is two
 * files and no test code. Each runs twice (the second run must change nothing), and the input,
 * the expected and the actual output must parse.
 */
const DIR = fileURLToPath(new URL('../fixtures/codemod/', import.meta.url));
const names = readdirSync(DIR).sort();
const cases = names.flatMap((name) => {
  const m = /^(.+)\.input\.(.+)$/.exec(name);
  return m ? [{ name: m[1] as string, ext: m[2] as string }] : [];
});

describe('codemod fixtures', () => {
  it('pairs every input with an output and the other way round', () => {
    const inputs = names.filter((n) => n.includes('.input.')).map((n) => n.replace('.input.', '.output.'));
    const outputs = names.filter((n) => n.includes('.output.'));
    expect(outputs).toEqual(inputs);
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  for (const { name, ext } of cases) {
    it(`${name}.${ext}`, () => {
      const fileName = `${name}.${ext}`;
      const input = readFileSync(`${DIR}${name}.input.${ext}`, 'utf8');
      const expected = readFileSync(`${DIR}${name}.output.${ext}`, 'utf8');
      expect(syntaxErrors(input, fileName), 'input parses').toEqual([]);
      expect(syntaxErrors(expected, fileName), 'expected output parses').toEqual([]);

      const first = transformSource(input, fileName);
      expect(first.error).toBeUndefined();
      expect(first.output).toBe(expected);
      expect(first.changed).toBe(input !== expected);
      expect(syntaxErrors(first.output, fileName), 'actual output parses').toEqual([]);

      const second = transformSource(first.output, fileName);
      expect(second.error).toBeUndefined();
      expect(second.output, 'a second run changes nothing').toBe(first.output);
      expect(second.changed).toBe(false);
      expect(second.changes).toEqual([]);
      expect(second.markers.filter((m) => m.added)).toEqual([]);
    });
  }
});
