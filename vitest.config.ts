import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and API integration tests of every workspace. The browser tests are Playwright's
// (apps/web/e2e), run by `npm run test:e2e`.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web', 'apps/web/vitest.module-mocks.config.ts'],
    // Vitest's default leaves one core free; on the 2-core CI machine that ran every file one after
    // the other. The test files wait on nothing but their own in-process database: use every core.
    maxWorkers: availableParallelism(),
  },
});
