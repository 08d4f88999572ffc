import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // Each file opens its own PGlite (or server database) once and empties it between tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
