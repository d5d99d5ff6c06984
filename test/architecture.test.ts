import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The architecture check (`.dependency-cruiser.cjs`, run by `npm run lint`): the source as it is
 * passes; a copy with one upward import, or one loop, fails naming the rule and the modules.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** A copy of what the check reads: the source, its tsconfig and the rules. */
function copyOfSource(): string {
  const dir = mkdtempSync(join(tmpdir(), 'civic-architecture-'));
  cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
  for (const file of ['tsconfig.json', '.dependency-cruiser.cjs']) cpSync(join(ROOT, file), join(dir, file));
  return dir;
}

function check(cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [DEPCRUISE, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      { cwd, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe('the architecture check', () => {
  it('passes on the source as it is: no loop, no import from a higher floor', async () => {
    const r = await check(ROOT);
    expect(r.out).toContain('no dependency violations found');
    expect(r.code).toBe(0);
  });

  it('fails on an import from a higher floor (a rule kind reaching into the codemod run), types included', async () => {
    const dir = copyOfSource();
    appendFileSync(join(dir, 'src/rules/format.ts'), "\nexport type { CodemodSummary } from '../codemod/run.js';\n");
    const r = await check(dir);
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/error table-not-above: src\/rules\/format\.ts → src\/codemod\/run\.ts/);
  });

  it('fails on a loop inside one floor', async () => {
    const dir = copyOfSource();
    // notes.ts is what messages.ts words: importing it back closes a loop.
    expect(readFileSync(join(dir, 'src/vocabulary/messages.ts'), 'utf8')).toContain("from './notes.js'");
    appendFileSync(join(dir, 'src/vocabulary/notes.ts'), "\nexport type { MarkerNote } from './messages.js';\n");
    const r = await check(dir);
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(
      /error no-circular: src\/vocabulary\/messages\.ts → \n\s+src\/vocabulary\/notes\.ts →\n\s+src\/vocabulary\/messages\.ts\n/,
    );
  });
});
