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
    tags: [
      {
        name: 'server',
        description:
          'What a PostgreSQL server does unlike the embedded one: several connections at once (row and ' +
          'advisory locks, SKIP LOCKED, unique races), its driver (every route once through the ' +
          'authorisation matrix, and the heaviest reads and writes), its pool and its text search. The ' +
          'server pass (npm run test:postgres) runs these alone; every test runs on PGlite in npm test.',
      },
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
