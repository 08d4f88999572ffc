import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { chunkReport } from './build/chunk-report';
import { firstVisitChunks } from './build/first-visit';
import { localeSections } from './build/locale-sections';
import { precompress } from './build/precompress';
import { routePreloads } from './build/route-preloads';
import { usShapes } from './build/us-shapes';
import { zipCentroids } from './build/zip-centroids';

// The API (npm run dev starts it on API_PORT, default 3000) serves /api, the embedded identity
// provider at /cognito and the realtime WebSocket at /app; the dev server proxies all three.
const api = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

// The entry chunk, and one chunk per set of first-visit screens (`/`, `/deals`, a deal page) for
// what they use at once: build/first-visit.ts.
const firstVisit = firstVisitChunks(import.meta.dirname);

/**
 * The unit tests that replace a module (`vi.mock`). Vitest hoists such a mock above the file's
 * imports, so it only takes when the file gets a module graph of its own; they run in the project
 * `web (module mocks)` (vitest.module-mocks.config.ts), each isolated. Every other test file shares
 * its worker's module graph and document with the files before it, as the API's tests do: the
 * whole web suite 131 s → 57 s of a 2-core machine's time when nothing was isolated (docs/ci.md).
 * The deal page's test and the files that read the toasts asked for (`toastsAsked`) share it too:
 * the deal page's test once lost its lazily loaded formulas here, which was the test holding a
 * section the part had since replaced (detail-page.test.tsx, docs/ci.md "Stop 54"), not the graph.
 */
export const moduleMockingTests = readdirSync(path.join(import.meta.dirname, 'src'), { recursive: true })
  .map(String)
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) =>
    /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(import.meta.dirname, 'src', file), 'utf8')),
  )
  .map((file) => `src/${file.split(path.sep).join('/')}`);

/**
 * react-router's production build in `vite build`. Its package exports only its development build,
 * whose warnings (descendant routes, a route with both `Component` and `element`, …) a bundler
 * cannot drop: the two differ in one constant, `ENABLE_DEV_WARNINGS`. The dev server and the unit
 * tests keep the warnings.
 */
function reactRouterProduction(): Plugin {
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
  return {
    name: 'dealclub:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: path.join(path.dirname(packageJson), 'dist/production/index.mjs'),
          },
        ],
      },
    }),
  };
}

export default defineConfig({
  plugins: [
    reactRouterProduction(),
    localeSections(),
    react(),
    tailwindcss(),
    routePreloads(),
    precompress(),
    zipCentroids(),
    usShapes(),
    firstVisit.plugin,
    chunkReport(),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  // amazon-cognito-identity-js (through its `buffer` dependency) expects Node's `global`.
  define: { global: 'globalThis' },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': api,
      '/cognito': api,
      '/app': { target: api, ws: true },
    },
  },
  // Unit tests of the web app (jsdom); the browser tests are Playwright's, in e2e/.
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: moduleMockingTests,
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    isolate: false,
    // A safety net, not a speed goal (5 s by default): a screen's first test in a worker waits for
    // the modules it loads on demand (a section's texts, a lazy part), which the loaded CI machine
    // transformed in more than 5 s once (a deal page test that takes 0.7 s quiet). Each wait for
    // something on screen still gives up after 5 s (setup.ts).
    testTimeout: 20_000,
  },
  build: {
    outDir: 'dist',
    // Maps for error reports, not referenced from the bundles served to browsers.
    sourcemap: 'hidden',
    // Current browsers preload modules themselves; those of the build's target that do not (Firefox
    // 114, Safari and iOS 16) fetch a first visit's chunks as they are imported, a little later,
    // and lose nothing else. The polyfill was some 0.2 KB of every screen's entry (issue 32).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk: a first visit makes one request
        // for it instead of a dozen, each of which costs a round trip's worth of headers. So is
        // what each set of first-visit screens uses beyond it.
        codeSplitting: { groups: firstVisit.groups },
      },
    },
  },
});
