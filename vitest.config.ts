import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The server project's global teardown drops the run's PostgreSQL databases: on a loaded machine that can
    // take longer than the default 10 s, after which Vitest would leave them behind.
    teardownTimeout: 120_000,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'] } },
      { test: { name: 'web', include: ['packages/web/src/**/*.test.ts'] } },
      // Whole-repository checks (import rules): pure file scans, which parse every source file — seconds on a
      // loaded machine.
      { test: { name: 'repo', include: ['test/*.test.ts'], testTimeout: 120_000 } },
      // The built web app's sizes: after `npm run build` (npm run test:e2e runs it there).
      { test: { name: 'bundle', include: ['test/bundle/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          // Migrate and seed once per run; each test file clones the result.
          globalSetup: ['packages/server/test/global-setup.ts'],
          // Generous: CI may run on a loaded machine; a hang still fails, a slow machine does not.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Test files share a worker's module cache (server code, PGlite's WebAssembly): importing
          // them per file was most of the run's CPU. Each file still has its own database and app.
          isolate: false,
          // Two cores: PGlite is CPU-bound, more workers only thrash.
          maxWorkers: 2,
        },
      },
    ],
  },
});
