import { defineConfig } from 'vitest/config';

// Unit and API integration tests of every workspace. The browser tests are Playwright's
// (apps/web/e2e), run by `npm run test:e2e`.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
  },
});
