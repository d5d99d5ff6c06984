/**
 * `civic-migrate/eslint`: an ESLint 9 flat-config plugin on the codemod's own engine. It does not
 * detect anything itself: it runs `transformSource` on the text ESLint gives it and reports the
 * codemod's decisions, so a lint and a codemod run always agree.
 *
 * - `civic-migrate/no-v1`: every rewrite the codemod makes (V1 slugs, `long_name`, Boolean `value`,
 *   V1 endpoints) is a problem with exactly that rewrite as its autofix (`eslint --fix` = the
 *   codemod's rewrites); every place the codemod leaves to a person is a problem whose fix inserts
 *   the codemod's `civic-migrate:` marker comment, as `codemod --write` does (with the option
 *   `markers: false`, as `--no-markers`, only a suggestion), so `eslint --fix` leaves a file as the
 *   codemod does and never drops a note the codemod would have left.
 * - `configs.recommended`: the rule as an error on JS/TS files.
 * - `configs.typescript`: a parser for TS files, for projects without typescript-eslint (`parser.ts`).
 */

import { resolve } from 'node:path';
import type { ESLint, Linter, Rule } from 'eslint';
import { type ProgramMode, programMode } from '../codemod/program/mode.js';
import { findProjectConfig } from '../codemod/program/project.js';
import { transformSource } from '../codemod/transform.js';
import type { TransformResult } from '../codemod/types.js';
import { loadMappings } from '../mapping/load.js';
import type { Mappings } from '../mapping/mappings.js';
import { toolInfo } from '../report/summary.js';
import { typescriptParser } from './parser.js';

interface RuleOptions {
  /** Where `long_name` becomes `description` (as the codemod's `--long-name`). */
  readonly longName?: 'auto' | 'always' | 'never';
  /** A mapping table file instead of the bundled one (as `--mappings`). */
  readonly mappings?: string;
  /** Whether `--fix` inserts marker comments (as `--markers`, the default) or only suggests them (`--no-markers`). */
  readonly markers?: boolean;
  /**
   * Program mode, as the codemod's `--project`: decide with the program's types (the V1 Civic types
   * and every place that names their renamed members, across files). A tsconfig.json/jsconfig.json
   * path (relative to ESLint's cwd), or `true` for the nearest one that holds the linted file. The
   * program is read from disk once per ESLint process; a file whose text differs from the program's
   * (unsaved editor changes) is decided by its syntax, as without this option.
   */
  readonly project?: string | boolean;
}

/** The last transform, by file and text: several rules (or passes over an unchanged file) share it. */
let last: { key: string; result: TransformResult } | undefined;

/** Tables named by the rule's `mappings` option, loaded and validated once per path. */
const tables = new Map<string, Mappings>();
const tableAt = (path: string): Mappings => {
  let table = tables.get(path);
  if (!table) {
    table = loadMappings(path);
    tables.set(path, table);
  }
  return table;
};

/** Programs opened for the `project` option, by config path and table: once per ESLint process. */
const programs = new Map<string, ProgramMode>();

/** The program that decides `filename` under the `project` option, if any. */
function programFor(cwd: string, filename: string, options: RuleOptions): ProgramMode | undefined {
  if (!options.project) return undefined;
  const configPath =
    typeof options.project === 'string' ? resolve(cwd, options.project) : findProjectConfig(cwd, filename, [filename]);
  if (!configPath) return undefined;
  const key = `${configPath}\u0000${options.mappings ?? ''}`;
  let program = programs.get(key);
  if (!program) {
    program = programMode(configPath, options.mappings ? tableAt(options.mappings) : loadMappings());
    programs.set(key, program);
  }
  return program;
}

function transformFor(text: string, filename: string, cwd: string, options: RuleOptions): TransformResult {
  const key = `${filename}\u0000${options.longName ?? ''}\u0000${options.mappings ?? ''}\u0000${options.project ?? ''}\u0000${text}`;
  if (last?.key !== key) {
    const mappings = options.mappings ? tableAt(options.mappings) : undefined;
    const transformOptions = { longName: options.longName ?? 'auto', ...(mappings ? { mappings } : {}) } as const;
    const inProgram = programFor(cwd, filename, options)?.fileOf(filename);
    last = {
      key,
      result: inProgram?.transform(text, transformOptions) ?? transformSource(text, filename, transformOptions),
    };
  }
  return last.result;
}

/** The marker comment line the codemod inserts for one message: its insertion edit's line that holds it. */
function markerInsertion(result: TransformResult, message: string): { at: number; text: string } | undefined {
  for (const edit of result.edits) {
    if (edit.start !== edit.end || !edit.text.includes(message)) continue;
    const line = edit.text.split(/(?<=\n)/).find((l) => l.includes(message));
    if (line) return { at: edit.start, text: line };
  }
  return undefined;
}

/**
 * The name the codemod decides by (its extension picks the parser). ESLint's stand-ins for text
 * without a file (`<input>`, `<text>`) get one from the parser in use: TypeScript's or JavaScript.
 */
function scriptName(context: Rule.RuleContext): string {
  const name = context.physicalFilename ?? context.filename;
  if (/\.(?:vue|[cm]?[jt]sx?)$/i.test(name)) return name;
  const parser = context.languageOptions?.parser as { meta?: { name?: string } } | undefined;
  return /typescript/i.test(parser?.meta?.name ?? '') ? `${name}.ts` : `${name}.js`;
}

const noV1: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'V1 Civic Data API usage: fixed where the civic-migrate codemod rewrites it, suggested markers where a person must decide',
    },
    fixable: 'code',
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          longName: { enum: ['auto', 'always', 'never'] },
          mappings: { type: 'string' },
          markers: { type: 'boolean' },
          project: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
        },
      },
    ],
    messages: { marker: 'Insert the civic-migrate marker comment above this line' },
  },
  create(context) {
    const options = (context.options[0] ?? {}) as RuleOptions;
    return {
      Program() {
        const { sourceCode } = context;
        const result = transformFor(sourceCode.text, scriptName(context), context.cwd, options);
        if (result.error) return; // the codemod leaves such a file alone (a parse error is ESLint's to say)
        const loc = (start: number, end: number) => ({
          start: sourceCode.getLocFromIndex(start),
          end: sourceCode.getLocFromIndex(end),
        });
        for (const c of result.changes) {
          context.report({
            loc: loc(c.start, c.end),
            message: `V1 \`${c.from}\` is \`${c.to}\` in V2 (civic-migrate fixes it).`,
            fix: (fixer) => fixer.replaceTextRange([c.start, c.end], c.to),
          });
        }
        for (const m of result.markers) {
          // A doubt (low confidence) is the report's to list, not a lint error.
          if (m.confidence === 'low') continue;
          const insertion = m.present && !m.added ? undefined : markerInsertion(result, m.message);
          const insert =
            insertion && ((fixer: Rule.RuleFixer) => fixer.insertTextBeforeRange([insertion.at, insertion.at], insertion.text));
          context.report({
            loc: loc(m.start, m.end),
            message: `${m.message} (civic-migrate: a person must decide)`,
            // As the codemod: `--fix` inserts the marker comment (`markers: false`: only offered as a suggestion).
            ...(insert
              ? options.markers === false
                ? { suggest: [{ messageId: 'marker', fix: insert }] }
                : { fix: insert }
              : {}),
          });
        }
      },
    };
  },
};

const plugin: ESLint.Plugin & { configs: Record<string, Linter.Config> } = {
  meta: { name: 'civic-migrate', version: toolInfo().version },
  rules: { 'no-v1': noV1 },
  configs: {},
};

plugin.configs.recommended = {
  name: 'civic-migrate/recommended',
  files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'],
  plugins: { 'civic-migrate': plugin },
  rules: { 'civic-migrate/no-v1': 'error' },
};

/**
 * A parser for TS files (`parser.ts`): typescript-eslint's where the project has it, else a
 * text-only parse the rule needs no more than. For a project with no TypeScript parser of its own.
 */
plugin.configs.typescript = {
  name: 'civic-migrate/typescript',
  files: ['**/*.{ts,tsx,mts,cts}'],
  languageOptions: { parser: typescriptParser },
};
export default plugin;
export { noV1 };
