import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // PGlite boots a WebAssembly PostgreSQL per test; the server pass creates a database per test.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
