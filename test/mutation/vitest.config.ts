/**
 * The test set Stryker runs (test/mutation/stryker.config.mjs): the project's own vitest config
 * minus the files whose every test runs a child process (the built CLI or library from dist/, npm,
 * eslint, dependency-cruiser). Those cannot see a mutant of src/, yet Stryker would run them for
 * every static mutant (code run while the bundled table is built). `npm test` still runs them all.
 * Files that mix in-process tests with a spawn (codemod-cli, safety-races, graphql-documents…) stay.
 */
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config.js';

export const CHILD_PROCESS_ONLY = [
  'test/architecture.test.ts', // dependency-cruiser on a copy of src/
  'test/bin.test.ts', // bin/civic-migrate.js → dist/
  'test/eslint-package.test.ts', // npm pack, npm install, the eslint binary
  'test/package.test.ts', // npm pack; node loading dist/
  'test/payload-hostile.test.ts', // node with a small heap running bin/ and dist/
];

export default mergeConfig(
  base,
  defineConfig({
    root: fileURLToPath(new URL('../..', import.meta.url)),
    test: { exclude: [...configDefaults.exclude, ...CHILD_PROCESS_ONLY] },
  }),
);
