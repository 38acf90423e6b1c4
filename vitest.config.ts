import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'] } },
      { test: { name: 'web', include: ['packages/web/src/**/*.test.ts'] } },
      // Whole-repository checks (import rules, bundle sizes): pure file scans.
      { test: { name: 'repo', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          // Migrate and seed once per run; each test file clones the result.
          globalSetup: ['packages/server/test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          // Two cores: PGlite is CPU-bound, more workers only thrash.
          maxWorkers: 2,
        },
      },
    ],
  },
});
