import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Each run's temporary files in one folder, removed at the end (test/global-tmp.ts).
    globalSetup: ['test/global-tmp.ts'],
  },
});
