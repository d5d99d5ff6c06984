/** The ESLint plugin, with ESLint's own RuleTester and a real `eslint --fix` run on the bundled example. */
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ESLint, Linter, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { transformSource } from '../src/codemod/transform.js';
import plugin from '../src/eslint/index.js';
import { textProgram } from '../src/eslint/parser.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules?.['no-v1'] as never;
const js = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const ts = new RuleTester({ languageOptions: { parser: tseslint.parser as never, ecmaVersion: 2022, sourceType: 'module' } });

js.run('civic-migrate/no-v1 (JS)', rule, {
  valid: [
    'export const f = (s) => s.has_no_excuse_absentee.bool_value;',
    // Another API's long_name (Google Geocoding): the codemod leaves it, so does the rule.
    'export const city = (c) => c.address_components[0].long_name;',
  ],
  invalid: [
    {
      code: 'export const f = (s) => s.vbm_no_excuse.value;',
      output: 'export const f = (s) => s.has_no_excuse_absentee.bool_value;',
      errors: [
        { message: 'V1 `vbm_no_excuse` is `has_no_excuse_absentee` in V2 (civic-migrate fixes it).', line: 1, column: 27 },
        { message: 'V1 `value` is `bool_value` in V2 (civic-migrate fixes it).', line: 1, column: 41 },
      ],
    },
    {
      code: "fetch('https://api.voteamerica.org/v1/election/field/');",
      output: "fetch('https://api.voteamerica.org/v2/election/field/');",
      errors: [{ message: 'V1 `/v1/election/field/` is `/v2/election/field/` in V2 (civic-migrate fixes it).' }],
    },
    {
      // As `codemod --write`: --fix inserts the marker comment; the problem stays while the marker does.
      code: 'export const g = (s) => s.vbm_app_submission_email.text === "True";\n',
      output:
        '// civic-migrate: `vbm_app_submission_email` is gone in V2: read `absentee_request_methods`\' `multiselect_value` and check for `email`\nexport const g = (s) => s.vbm_app_submission_email.text === "True";\n',
      errors: [
        "`vbm_app_submission_email` is gone in V2: read `absentee_request_methods`' `multiselect_value` and check for `email` (civic-migrate: a person must decide)",
      ],
    },
    {
      code: '// civic-migrate: `vbm_app_submission_email` is gone in V2: read `absentee_request_methods`\' `multiselect_value` and check for `email`\nexport const g = (s) => s.vbm_app_submission_email.text === "True";\n',
      output: null,
      errors: [
        "`vbm_app_submission_email` is gone in V2: read `absentee_request_methods`' `multiselect_value` and check for `email` (civic-migrate: a person must decide)",
      ],
    },
    {
      // As `--no-markers`: the marker is only suggested.
      code: 'export const g = (s) => s.vbm_app_submission_email.text === "True";\n',
      options: [{ markers: false }],
      output: null,
      errors: [
        {
          message:
            "`vbm_app_submission_email` is gone in V2: read `absentee_request_methods`' `multiselect_value` and check for `email` (civic-migrate: a person must decide)",
          suggestions: [
            {
              messageId: 'marker',
              output:
                '// civic-migrate: `vbm_app_submission_email` is gone in V2: read `absentee_request_methods`\' `multiselect_value` and check for `email`\nexport const g = (s) => s.vbm_app_submission_email.text === "True";\n',
            },
          ],
        },
      ],
    },
  ],
});

ts.run('civic-migrate/no-v1 (TypeScript)', rule, {
  valid: ['export interface Item { has_no_excuse_absentee: { text: string } }'],
  invalid: [
    {
      code: 'export interface State { vbm_no_excuse: { text: string } }\nexport const f = (s: State) => s.vbm_no_excuse.text;',
      output:
        'export interface State { has_no_excuse_absentee: { text: string } }\nexport const f = (s: State) => s.has_no_excuse_absentee.text;',
      errors: 2,
    },
  ],
});

/** The TS/JS files under a folder. */
const files = (root: string): string[] =>
  readdirSync(root).flatMap((n) => {
    const p = join(root, n);
    return statSync(p).isDirectory() ? files(p) : /\.(?:[cm]?[jt]sx?)$/.test(n) ? [p] : [];
  });

/** A copy of the bundled example in a new temporary folder. */
const exampleCopy = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'civic-eslint-'));
  cpSync(new URL('../fixtures/example-v1-integration/', import.meta.url), dir, { recursive: true });
  return dir;
};

/** A real `eslint --fix` over a folder with the plugin (TS files read by typescript-eslint's parser); the fixes are written. */
async function eslintFix(dir: string, ruleOptions?: Record<string, unknown>): Promise<ESLint.LintResult[]> {
  const eslint = new ESLint({
    cwd: dir,
    fix: true,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tseslint.parser as never } },
      plugin.configs.recommended as never,
      ...(ruleOptions ? [{ rules: { 'civic-migrate/no-v1': ['error', ruleOptions] } } as never] : []),
    ],
  });
  const results = await eslint.lintFiles(['.']);
  await ESLint.outputFixes(results);
  return results;
}

describe('a real eslint --fix on the bundled example', () => {
  it('rewrites every file as the codemod does, marker comments too, and still reports every marker', async () => {
    const dir = exampleCopy();
    const sources = new Map(files(dir).map((f) => [f, readFileSync(f, 'utf8')]));
    const results = await eslintFix(dir);
    let markers = 0;
    for (const [file, before] of sources) {
      const fixed = readFileSync(file, 'utf8');
      expect(fixed, relative(dir, file)).toBe(transformSource(before, file).output);
      // What is left is what the codemod leaves to a person in the migrated code: its markers, all present.
      // Doubts (low confidence) are the report's, never lint errors.
      const left = transformSource(fixed, file).markers.filter((m) => m.confidence !== 'low');
      expect(left.every((m) => m.present && !m.added)).toBe(true);
      markers += left.length;
    }
    const remaining = results.flatMap((r) => r.messages);
    expect(
      remaining.every((m) => m.ruleId === 'civic-migrate/no-v1' && m.message.endsWith('(civic-migrate: a person must decide)')),
    ).toBe(true);
    expect(remaining.length).toBe(markers);
    expect(markers).toBeGreaterThan(0);
  });
});

describe('the project option: program mode in eslint', () => {
  const example = new URL('../fixtures/example-v1-integration/', import.meta.url);

  it('decides with the program’s types: eslint --fix gives what codemod --write gives in program mode', async () => {
    const linted = exampleCopy();
    const codemodded = exampleCopy();
    await eslintFix(linted, { project: true });
    const summary = await runCodemod({ cwd: codemodded, write: true, allowDirty: true });
    expect(summary.program?.config).toBe('tsconfig.json');
    let byTypes = 0;
    for (const file of files(linted)) {
      const rel = relative(linted, file);
      const fixed = readFileSync(file, 'utf8');
      expect(fixed, rel).toBe(readFileSync(join(codemodded, rel), 'utf8'));
      const original = readFileSync(new URL(rel, example), 'utf8');
      if (fixed !== transformSource(original, file).output) byTypes++;
    }
    // Not vacuous: the program's types decide something the syntax of a lone file does not.
    expect(byTypes).toBeGreaterThan(0);
  });

  it('decides by syntax where the text is not the program’s (an unsaved editor buffer)', () => {
    const dir = exampleCopy();
    const linter = new Linter({ cwd: dir });
    // A helper whose descriptors' type and URL come from other files: only the program shows them.
    const file = join(dir, 'src/api.ts');
    const saved = readFileSync(file, 'utf8');
    const edited = `${saved}\n// an edit not saved yet\n`;
    const config = [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as never } },
      plugin.configs.recommended as never,
      { rules: { 'civic-migrate/no-v1': ['error', { project: true }] } },
    ];
    const fix = (text: string) => linter.verifyAndFix(text, config as never, { filename: file }).output;
    // The saved text is the program's: its types decide (not as the syntax alone would).
    expect(fix(saved)).not.toBe(transformSource(saved, file).output);
    expect(fix(edited)).toBe(transformSource(edited, file).output);
  });

  it('names a config it cannot open, and the rule', () => {
    const linter = new Linter({ cwd: tmpdir() });
    const config = [
      plugin.configs.recommended as never,
      { rules: { 'civic-migrate/no-v1': ['error', { project: 'nope/tsconfig.json' }] } },
    ];
    expect(() => linter.verify('s.vbm_no_excuse;', config as never, { filename: join(tmpdir(), 'a.js') })).toThrow(
      `${join(tmpdir(), 'nope/tsconfig.json')}: cannot open the program: File not found`,
    );
  });
});

describe('the mappings option', () => {
  const dir = mkdtempSync(join(tmpdir(), 'civic-eslint-table-'));
  const table = JSON.parse(readFileSync(new URL('../mappings/v1-to-v2.json', import.meta.url), 'utf8'));
  table.slugs.push({ kind: 'rename', v1: 'acct_legacy_field', v2: 'acct_new_field', description: 'Use `acct_new_field`.' });
  const path = join(dir, 'table.json');
  writeFileSync(path, JSON.stringify(table));
  js.run('civic-migrate/no-v1 with a table of your own', rule, {
    valid: [],
    invalid: [
      {
        code: 'export const f = (s) => s.acct_legacy_field.text;',
        options: [{ mappings: path }],
        output: 'export const f = (s) => s.acct_new_field.text;',
        errors: [{ message: 'V1 `acct_legacy_field` is `acct_new_field` in V2 (civic-migrate fixes it).' }],
      },
    ],
  });
});

describe('configs.typescript without typescript-eslint: the text-only parse', () => {
  const textOnly = {
    parseForESLint: (text: string, o?: { filePath?: string }) => ({ ast: textProgram(text, o?.filePath ?? '') }),
  };
  const lint = (code: string, filename = 'a.ts') =>
    new Linter().verify(
      code,
      [{ ...plugin.configs.recommended, languageOptions: { parser: textOnly as never } }, { rules: { 'no-undef': 'error' } }],
      filename,
    );

  it('lets the rule read TypeScript, keeps eslint-disable comments, and says where TypeScript cannot parse', () => {
    const code = 'interface S { vbm_no_excuse: { text: string } }\nexport const f = (s: S): string => s.vbm_no_excuse.text;\n';
    expect(lint(code).map((m) => [m.line, m.column, m.ruleId])).toEqual([
      [1, 15, 'civic-migrate/no-v1'],
      [2, 38, 'civic-migrate/no-v1'],
    ]);
    expect(lint(`/* eslint-disable civic-migrate/no-v1 */\n${code}`)).toEqual([]);
    // A comment-like text in JSX is not a comment.
    expect(
      lint('export const A = () => <p>// eslint-disable</p>;\nconst x = (s: any) => s.vbm_no_excuse;\n', 'a.tsx'),
    ).toHaveLength(1);
    const broken = lint('export const f = (s: S) => s.vbm_no_excuse.text;\nlet = ;\n');
    expect(broken.map((m) => [m.line, m.fatal, m.message.startsWith('Parsing error:')])).toEqual([[2, true, true]]);
  });
});
