import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findProjectConfig, quickIncludes } from '../src/codemod/program/project.js';

/** A folder with the given files (content empty unless given). */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cm-config-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** What TypeScript itself says: the config's program holds one of the files. */
function tsIncludes(configPath: string, files: string[]): boolean {
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  const js = configPath.endsWith('jsconfig.json') ? { allowJs: true } : {};
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath), js, configPath);
  const wanted = new Set(files.map((f) => resolve(f)));
  return parsed.fileNames.some((f) => wanted.has(resolve(f)));
}

const SOURCES = ['src/a.ts', 'src/deep/b.tsx', 'test/c.ts', 'lib/d.js', 'dist/e.ts', 'node_modules/x/f.ts'];

describe('a config includes the target: read without TypeScript when it is plain, the same answer as TypeScript', () => {
  it.each([
    ['{ "include": ["src"] }', 'tsconfig.json'],
    ['{ "include": ["src/"] }', 'tsconfig.json'],
    ['{ "include": ["./src/**/*"] }', 'tsconfig.json'],
    ['{ "include": ["src/**/*.ts"] }', 'tsconfig.json'],
    ['{ "include": ["test"] }', 'tsconfig.json'],
    ['{ "include": ["lib"] }', 'tsconfig.json'],
    ['{ "include": ["lib"] }', 'jsconfig.json'],
    ['{ "include": ["lib"], "compilerOptions": { "allowJs": true } }', 'tsconfig.json'],
    ['{}', 'tsconfig.json'],
    ['{ "exclude": ["src", "test", "lib"] }', 'tsconfig.json'],
    ['{ "compilerOptions": { "outDir": "dist" }, "include": ["dist"] }', 'tsconfig.json'],
    ['// comments and trailing commas, as tsconfig allows\n{ /* here */ "include": ["src",], }', 'tsconfig.json'],
    ['{ "include": ["other"] }', 'tsconfig.json'],
  ])('%s (%s)', (config, name) => {
    const dir = tree({ [name]: config, ...Object.fromEntries(SOURCES.map((f) => [f, 'export {};\n'])) });
    for (const file of SOURCES) {
      const files = [join(dir, file)];
      expect(quickIncludes(join(dir, name), new Set(files)), `${file}`).toBe(tsIncludes(join(dir, name), files));
    }
  });

  it('leaves what it cannot read plainly to TypeScript: extends, references, files, braces', () => {
    for (const config of [
      '{ "extends": "./base.json" }',
      '{ "files": ["a.ts"] }',
      '{ "references": [] }',
      '{ "include": ["{a,b}"] }',
    ]) {
      const dir = tree({ 'tsconfig.json': config });
      expect(quickIncludes(join(dir, 'tsconfig.json'), new Set([join(dir, 'a.ts')]))).toBeUndefined();
    }
  });

  it('passes over a config above the target that does not hold it, and finds none without TS/JS files', () => {
    const dir = tree({
      'tsconfig.json': '{ "include": ["src"] }',
      'src/a.ts': 'export {};\n',
      'fixtures/app/b.ts': 'export {};\n',
      'fixtures/app/c.py': '',
    });
    expect(findProjectConfig(dir, 'src', [join(dir, 'src/a.ts')])).toBe(join(dir, 'tsconfig.json'));
    expect(findProjectConfig(dir, 'fixtures/app', [join(dir, 'fixtures/app/b.ts')])).toBeUndefined();
    expect(findProjectConfig(dir, 'src', [join(dir, 'fixtures/app/c.py')])).toBeUndefined();
  });
});

describe('a plain config with an explicit exclude of node_modules', () => {
  it('is read without TypeScript', () => {
    const dir = tree({ 'tsconfig.json': '{ "include": ["src"], "exclude": ["node_modules", "dist"] }', 'src/a.ts': '' });
    expect(quickIncludes(join(dir, 'tsconfig.json'), new Set([join(dir, 'src/a.ts')]))).toBe(true);
    expect(quickIncludes(join(dir, 'tsconfig.json'), new Set([join(dir, 'dist/a.ts')]))).toBe(false);
  });
});
