import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (docs/architecture.md, "Layers"): the rules that keep the three source trees
 * free of import cycles and keep each layer, module and feature to what it may import. A new cycle
 * or a deep import fails `npm run lint`, not a review.
 */
const SOURCE_TREES = ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'];

const API = 'apps/api/src';

/**
 * The API's layers, lowest first (docs/architecture.md, "Layers"). The ground (`db`, `lib`,
 * `config.ts`) imports no module. A module imports the ground and the modules listed before it,
 * through their public entry (`index.ts`), and never a module listed after it. The HTTP edge — a
 * module's `routes.ts`, `routes/` and `plugin.ts`, the `plugins/`, and the composition above them
 * (`app.ts`, `server.ts`, `serve.ts`, `start-failure.ts`, `background.ts`, `seeds.ts`, `cli/`) — may
 * import any module's entry; only `app.ts` registers a module's routes. `plugins/` import the
 * platform, never a feature.
 */
const PLATFORM = [
  'jobs',
  'outbox',
  'realtime',
  'files',
  'audit',
  'geo',
  'webhooks',
  'push',
  'invitations',
  'identity',
  'secrets',
];
const DOMAIN = [
  'matching',
  'deals',
  'trust',
  'verifications',
  'chat',
  'closing',
  'offers',
  'saved-searches',
  'alerts',
  'analytics',
  'profile',
  'auth',
  'access',
  'admin',
  'help',
  'roadmap',
  'training',
  'feedback',
  'config',
  'health',
];
const MODULES = [...PLATFORM, ...DOMAIN];
const unlisted = readdirSync(`${API}/modules`).filter((name) => !MODULES.includes(name));
if (unlisted.length)
  throw new Error(`eslint.config.js: place the API module(s) ${unlisted.join(', ')} in PLATFORM or DOMAIN`);

/** A module's files that are not its HTTP edge (nor its tests, which sit above everything). */
const coreOf = (module) => [
  `${API}/modules/${module}/!(routes|plugin|*.test).ts`,
  `${API}/modules/${module}/!(routes)/**/!(*.test).ts`,
];
const edgeOf = (module) => [
  `${API}/modules/${module}/@(routes|plugin).ts`,
  `${API}/modules/${module}/routes/**`,
];
// Its tests sit above everything, as every test does.
const ground = [`${API}/db/**/!(*.test).ts`, `${API}/lib/**/!(*.test).ts`, `${API}/config.ts`];

const apiZones = [
  {
    target: ground,
    from: [
      `${API}/modules/**`,
      `${API}/plugins/**`,
      `${API}/!(config).ts`,
      `${API}/cli/**`,
      `${API}/test/**`,
    ],
    message:
      'The ground (db, lib, config) imports no module, plugin or composition: move what it needs down.',
  },
  // A module's public entry is its index.ts; the composition alone registers its routes.
  ...MODULES.map((module) => ({
    target: [`${API}/modules/!(${module})/**`, `${API}/!(modules)/**`, `${API}/!(app).ts`],
    from: `${API}/modules/${module}/**`,
    except: [`**/modules/${module}/index.ts`],
    message: `Import modules/${module} through its public entry, modules/${module}/index.ts.`,
  })),
  ...MODULES.map((module) => ({
    target: `${API}/app.ts`,
    from: `${API}/modules/${module}/**`,
    except: [
      `**/modules/${module}/index.ts`,
      `**/modules/${module}/routes.ts`,
      `**/modules/${module}/routes/index.ts`,
      `**/modules/${module}/plugin.ts`,
    ],
    message: `app.ts registers modules/${module} through its routes or plugin, and imports the rest from index.ts.`,
  })),
  // Lower layers never import higher ones, types included.
  ...MODULES.map((module, i) => ({
    target: coreOf(module),
    from: [
      ...MODULES.slice(i + 1).map((higher) => `${API}/modules/${higher}/**`),
      `${API}/plugins/**`,
      `${API}/*.ts`,
    ],
    except: [`**/${API}/config.ts`],
    message: `modules/${module} imports the ground and the modules listed before it in eslint.config.js, not this: move the shared part down, or let the higher module register itself.`,
  })),
  ...MODULES.map((module) => ({
    target: coreOf(module),
    from: edgeOf(module),
    message: "A module's core does not import its own HTTP edge.",
  })),
  {
    target: `${API}/plugins/**`,
    from: DOMAIN.map((module) => `${API}/modules/${module}/**`),
    message:
      'Plugins import no feature module: the feature registers what a plugin needs (app.registerAuthJoin).',
  },
];

/**
 * The web app's layers (bulletproof-react): shared code (`lib`, `hooks`, `components`, and the unit
 * tests' helpers in `test`) → `features/<name>` → `app`. Shared code imports no feature and not the
 * app; a feature imports no other feature (but through its public entry, `features/<name>/index.ts`,
 * where the build shows that it pulls no more code into another screen's chunk) and not the app; the
 * app composes features. The zones are made from the folders, so a new feature is covered as it is
 * created. They hold for type-only and dynamic imports as well.
 */
const WEB = 'apps/web/src';
const WEB_SHARED = ['lib', 'hooks', 'components', 'test'];
const WEB_FEATURES = readdirSync(new URL(`${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webZones = [
  {
    target: WEB_SHARED.map((layer) => `${WEB}/${layer}`),
    from: [`${WEB}/features`, `${WEB}/app`],
    message:
      "Shared code (lib, hooks, components) imports no feature and not the app layer. Move what it needs down into lib/ (non-React code) or components/ (React), or let the app pass the feature's part in as a prop.",
  },
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message:
      'A feature does not import the app layer: the app composes features (app/routes, app/root-layout.tsx), not the other way round.',
  },
  ...WEB_FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [
      `./${feature}`,
      ...WEB_FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
    ],
    message: `Features do not import each other's internals. Move what "${feature}" shares with that feature into components/ (React) or lib/ (non-React code), or compose the two in app/routes.`,
  })),
];

const boundaries = {
  files: SOURCE_TREES,
  plugins: { 'import-x': importX },
  settings: {
    // Parse imported TypeScript files too (no-cycle follows them), resolved as the compiler does:
    // the web app's `@/` paths and the shared package's exports.
    ...importX.flatConfigs.typescript.settings,
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        noWarnOnMultipleProjects: true,
        project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
      }),
    ],
  },
  rules: {
    // Static and dynamic imports alike: a lazily loaded module that imports its loader back is
    // still a cycle (move what both need into a file of its own). Type-only imports are held to the
    // layers by no-restricted-paths below.
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    // One import statement per module: a module's entry is imported once, with everything it gives.
    'import-x/no-duplicates': 'error',
    'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: apiZones }],
  },
};

const webLayers = {
  files: [`${WEB}/**/*.{ts,tsx}`],
  plugins: { 'import-x': importX },
  rules: {
    'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  boundaries,
  webLayers,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
