import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // One module graph per worker, not per file: the app's code is imported, PGlite's WebAssembly
    // compiled and a database opened once per worker instead of once per file (test/app.ts keeps
    // the databases for the worker's next tests, emptied).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
