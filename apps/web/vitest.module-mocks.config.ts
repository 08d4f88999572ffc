import config, { moduleMockingTests } from './vite.config';

// The web unit tests that replace a module with `vi.mock` (vite.config.ts, `moduleMockingTests`):
// each file in a module graph and document of its own, so that its mocks take and stay in it.
export default {
  ...config,
  test: {
    ...config.test,
    name: 'web (module mocks)',
    include: moduleMockingTests,
    exclude: [],
    isolate: true,
  },
};
