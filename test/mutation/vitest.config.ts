/**
 * The test set Stryker runs (test/mutation/stryker.config.mjs): the project's own vitest config
 * minus the files whose every test runs a child process (the built CLI or library from dist/, npm,
 * eslint, dependency-cruiser). Those cannot see a mutant of src/, yet Stryker would run them for
 * every static mutant (code run while the bundled table is built). `npm test` still runs them all.
 * Files that mix in-process tests with a spawn (codemod-cli, safety-races, graphql-documents…) stay.
 *
 * Also left out when the adapter is mutated: the files that start a test server in a `beforeAll`
 * hook. The server's data is converted by the adapter there, outside any test, which makes nearly
 * every mutant of src/payload/{upgrade,downgrade}.ts "static" (a full suite per mutant: days on two
 * cores). Their subject (the client, `verify`, `fetch`, the apps and repositories the codemod
 * migrates) is not the adapter, whose own tests must kill its mutants; runs of other modules keep
 * them.
 */
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config.js';

export const CHILD_PROCESS_ONLY = [
  'test/architecture.test.ts', // dependency-cruiser on a copy of src/
  'test/bin.test.ts', // bin/civic-migrate.cjs → dist/
  'test/eslint-package.test.ts', // npm pack, npm install, the eslint binary
  'test/mutation-report-from-events.test.ts', // node running test/mutation/report-from-events.mjs
  'test/package.test.ts', // npm pack; node loading dist/
  'test/payload-hostile.test.ts', // node with a small heap running bin/ and dist/
];

export const ADAPTER_IN_HOOKS = [
  'test/client.test.ts', // createClient against a server started in beforeAll
  'test/client-cli.test.ts', // `fetch` against a server started in beforeAll
  'test/verify.test.ts', // `verify` against servers started in beforeAll
  'test/apps.test.ts', // helpers/apps.ts referenceServer: a server started in beforeAll
  'test/repos.test.ts', // the same
  'test/observe.test.ts', // startServer in beforeAll: the synthetic dataset upgraded to serve V2
  'test/observe-property.test.ts', // the same (servedData in a beforeAll)
  'test/server-record.test.ts', // the same
];

/**
 * Left out of every run: the files that migrate a repository in a `beforeAll` hook. The codemod,
 * the role engine and the table all run there, outside any test, which makes each of their mutants
 * "static" (a full suite per mutant: hours for one module). What those repositories show (an app
 * that works after the migration) is shown for the same engine by test/repos.test.ts and
 * test/apps.test.ts, which migrate inside their tests.
 */
export const MIGRATES_IN_HOOKS = [
  'test/repos-more.test.ts', // copyRepo + migrate in beforeAll (and a server, as ADAPTER_IN_HOOKS)
];

/**
 * Left out of every run: files whose tests take seconds each because their subject is a whole run
 * (apps started after their migration, a program type-checked, git histories, a browser, the
 * server and the cache across processes). A mutant that survives elsewhere runs each of their
 * tests, which made a run of the codemod's decisions take hours; the decisions they reach are
 * tested in process by the codemod's, the role engine's and the report's own files, which must kill
 * their mutants. A score without them is a lower bound: `npm test` still runs them all.
 */
export const WHOLE_RUNS = [
  'test/apps.test.ts', // migrates each app, then runs it against a server
  'test/repos.test.ts', // the same for whole repositories, with their own tests
  'test/codemod-program.test.ts', // program mode: a type-check per run, and the CLI
  'test/codemod-diff.test.ts', // the CLI's diff applied by git
  'test/report-history.test.ts', // git repositories with histories
  'test/report-html.test.ts', // chromium
  'test/observe.test.ts', // a server and an app in a child process
  'test/server-cli.test.ts', // the server in a child process
  'test/code-cache.test.ts', // the bin across processes
];

/**
 * The files that read the table's rules: what each kind refuses, says (explain, the guide, the
 * report) and does (the codemod's fixtures, the adapter's table tests).
 */
export const RULE_TESTS = [
  'test/mapping-table.test.ts',
  'test/mapping-validate.test.ts',
  'test/explain-answers.test.ts',
  'test/explain-headlines.test.ts',
  'test/cli-explain.test.ts',
  'test/mutation-mappings.test.ts',
  'test/mutation-report-rules.test.ts',
  'test/report-rules-tokens.test.ts',
  'test/report-scan.test.ts',
  'test/report-reporters.test.ts',
  'test/codemod-transform.test.ts',
  'test/codemod-fixtures.test.ts',
  'test/payload-table.test.ts',
  'test/payload-diagnostics.test.ts',
  'test/wording.test.ts',
  'test/generated.test.ts',
  'test/data-files.test.ts',
  'test/mutation-rules.test.ts',
];

/**
 * `STRYKER_TESTS` (comma-separated globs, or `rules` for RULE_TESTS) narrows the test files of a run:
 * for modules whose code runs while the table is built (the rule kinds' schemas and words), each of
 * those "static" mutants runs every test of the run, and the files that read the table's rules are
 * enough to judge them (the score is then a lower bound, like the one without WHOLE_RUNS).
 */
const narrowed =
  process.env.STRYKER_TESTS === 'rules'
    ? RULE_TESTS
    : process.env.STRYKER_TESTS
      ? process.env.STRYKER_TESTS.split(',')
      : undefined;

/** Whether the run mutates the adapter (all modules when STRYKER_MUTATE is not set). */
const adapterMutated = !process.env.STRYKER_MUTATE || process.env.STRYKER_MUTATE.includes('src/payload');

const config = mergeConfig(
  base,
  defineConfig({
    root: fileURLToPath(new URL('../..', import.meta.url)),
    test: {
      exclude: [
        ...configDefaults.exclude,
        ...CHILD_PROCESS_ONLY,
        ...MIGRATES_IN_HOOKS,
        ...WHOLE_RUNS,
        ...(adapterMutated ? ADAPTER_IN_HOOKS : []),
      ],
    },
  }),
);
// Replaced, not merged: mergeConfig joins arrays.
if (narrowed && config.test) config.test.include = narrowed;

export default config;
