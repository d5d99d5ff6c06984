/** What the cache tests (report-cache, codemod-cache) share: a small app, and a look into a cache folder. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

const V1 = 'https://api.voteamerica.org/v1/election/field/';

/**
 * An app (in `<fresh folder>/app`) whose field list goes through a helper that holds no V1 token
 * (`pick.js`): the program takes the helper in, so the cache must check it again.
 */
export function pickApp(prefix: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), prefix)), 'app');
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'api.js'),
    `export async function load() {\n  const r = await fetch('${V1}');\n  return r.json();\n}\n`,
  );
  writeFileSync(join(dir, 'pick.js'), 'export function first(list) {\n  return list[0];\n}\n');
  writeFileSync(
    join(dir, 'app.js'),
    "import { load } from './api.js';\nimport { first } from './pick.js';\nload().then((fields) => console.log(first(fields).long_name));\n",
  );
  return dir;
}

/** The one entry of a cache folder, parsed (as `T`), and where it is. */
export function entryOf<T>(cache: string): { file: string; entry: T } {
  const names = readdirSync(cache).filter((n) => n.endsWith('.json'));
  expect(names).toHaveLength(1);
  const file = join(cache, names[0] as string);
  return { file, entry: JSON.parse(readFileSync(file, 'utf8')) as T };
}

/** Changes the one entry of a cache folder in place (`mark`), keeping its key: what a run then shows came from it. */
export function markEntry<T>(cache: string, mark: (entry: T) => void): void {
  const { file, entry } = entryOf<T>(cache);
  mark(entry);
  writeFileSync(file, JSON.stringify(entry));
}
