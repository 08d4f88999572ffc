// @vitest-environment node
/**
 * The script budget of a first visit on a phone (issue 18), held in bytes so that a regression
 * fails `npm test`: the app is built as `npm run build` builds it (into a folder of its own), and
 * the scripts a first visit to `/`, `/deals` and a deal page downloads, compressed as the server
 * sends them and with their response headers, must stay within 170 KB. That is what Lighthouse
 * counts, and what e2e/first-load-budget.spec.ts measures in the browser: the entry, the texts,
 * the screen's chunks and what the screen imports dynamically as soon as it renders (each page's
 * `atMount` in build/first-visit.ts, with why). The libraries of later screens must not be part
 * of it. How fast those bytes make the page is measured by `npm run bench:web` (Lighthouse).
 *
 * Every other screen of the route table is held too (issue 32), in the heavier of its two languages
 * (Spanish): at 170 KB, or, while it is still above that, at what it weighs now. The realtime client that a signed-in seller's pages open
 * (pusher-js, 16 KB) is not counted here: Lighthouse counts it (docs/benchmarks.md).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_REPORT, type BuildReport } from '../../build/chunk-report';
import { chunkFileOf, firstLoad, type ChunkInfo, type FirstLoad } from '../../build/first-load';
import { FIRST_VISITS } from '../../build/first-visit';
import { screenModules as screenModulesOf, sectionsUsedBy, type Preloads } from '../../build/route-preloads';

const WEB_ROOT = path.resolve(import.meta.dirname, '../..');
const BUDGET_BYTES = 170 * 1024;

/** Never in a first load (issue 18): later screens' libraries and code. */
const NOT_IN_FIRST_LOAD = [
  ['the chat client', /node_modules\/pusher-js\//],
  ['the identity client', /node_modules\/amazon-cognito-identity-js\//],
  ['zod (form schemas)', /node_modules\/zod\//],
  ['the deal form', /src\/features\/deals\/components\/deal-form\.tsx$/],
  ['maps', /node_modules\/(d3-geo|us-atlas|topojson-client)\/|us-shapes/],
  ['charts', /node_modules\/(chart\.js|@kurkle\/color|recharts|d3-shape)\//],
  ['the Markdown renderer', /node_modules\/(react-markdown|markdown-it|micromark)\//],
  ['Radix select and menus', /node_modules\/@radix-ui\/(react-select|react-dropdown-menu|react-menu)\//],
  // The deal page's confirmation and forms (components/ui/confirm-dialog.tsx, lib/simple-form.ts).
  ['Radix dialogs', /node_modules\/@radix-ui\/(react-dialog|react-alert-dialog)\//],
  ['react-hook-form', /node_modules\/react-hook-form\//],
  ['the password dictionaries', /node_modules\/@zxcvbn-ts\//],
] as const;

/**
 * Every screen of the route table (src/app/screens.ts), by its route id, and its module.
 */
function screenModules(): [string, string][] {
  return Object.entries(screenModulesOf(readFileSync(path.join(WEB_ROOT, 'src/app/screens.ts'), 'utf8')));
}

/** The lazy parts a screen shows as soon as it renders (beyond its own chunks' static imports). */
const AT_MOUNT: Partial<Record<string, readonly string[]>> = {
  dealDetail: FIRST_VISITS['/deals/{id}'].atMount,
  // `us-shapes`: the small module (virtual:us-shapes) that fetches the states' outlines, which a
  // map asks for as it mounts.
  buyers: ['src/components/maps/us-map', 'us-shapes'],
  zipAnalytics: ['src/components/maps/us-map', 'us-shapes'],
  owners: ['src/components/maps/us-map', 'us-shapes'],
  mapDemo: ['us-shapes'],
  dealAnalytics: ['src/features/analytics/components/daily-chart'],
  // `/profile` opens the role's tab (the demo buyer's: buyer preferences); each tab's code loads
  // with it (src/features/profile/routes/profile.tsx). Every tab is held below (PROFILE_TABS).
  profile: ['src/features/profile/components/buyer-preferences-tab'],
};

/**
 * The profile's tabs, each a first visit of its own (`/profile?tab=…`: the screen and the tab's
 * module), by the tab's id in the URL.
 */
const PROFILE_TABS: Record<string, string> = {
  profile: 'profile-tab',
  settings: 'preferences-tab',
  preferences: 'buyer-preferences-tab',
  buybox: 'buy-box-tab',
  'seller-preferences': 'seller-preferences-tab',
  company: 'company-tab',
  integrations: 'integrations-tab',
};
const tabModule = (file: string) => `src/features/profile/components/${file}`;

/**
 * The screens still above the 170 KB goal (issue 32), each held at what its first visit weighed
 * in Spanish when it was last made lighter (KB, rounded up, and 1 KB more: stop 47), so that none
 * grows while they are brought under it. A screen that comes under 170 KB leaves this list (the
 * test says so).
 */
const OVER_BUDGET: Partial<Record<string, number>> = {
  // Empty since stop 51: the profile's tabs came under 170 KB when their forms left react-hook-form
  // for lib/simple-form.ts (13 KB less each).
};

let outDir: string;
let output: ChunkInfo[];

let ownBuild = false;

beforeAll(() => {
  // `npm test` has just built the app (its stage "Build the web app", `npm run build`, which leaves a
  // description of its chunks: build/chunk-report.ts) and says so: its build is the one measured.
  if (process.env.DEALCLUB_WEB_BUILT === '1' && existsSync(BUILD_REPORT)) {
    const report = JSON.parse(readFileSync(BUILD_REPORT, 'utf8')) as BuildReport;
    if (existsSync(report.outDir)) {
      outDir = report.outDir;
      output = report.chunks;
      return;
    }
  }
  ownBuild = true;
  outDir = mkdtempSync(path.join(tmpdir(), 'dealclub-budget-'));
  // The build runs in a process of its own, as `npm run build` would.
  const report = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(WEB_ROOT, 'build/build-report.ts'), outDir],
    {
      cwd: WEB_ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
      // As `npm run build`: a test runner's NODE_ENV=test would make Vite bundle React's
      // development build.
      env: { ...process.env, NODE_ENV: 'production', VITEST: undefined },
      timeout: 150_000,
    },
  );
  output = JSON.parse(report.trim().split('\n').at(-1)!) as ChunkInfo[];
}, 180_000);

afterAll(() => {
  if (ownBuild && outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the first visit on a phone', () => {
  for (const [page, visit] of Object.entries(FIRST_VISITS)) {
    for (const language of ['en', 'es'] as const) {
      it(`downloads at most 170 KB of script for ${page} in ${language}`, () => {
        const load = firstLoad(output, outDir, visit.screen, language, visit.atMount);
        expect(load.files.length).toBeGreaterThan(2);
        expect(load.scriptBytes, `${page}: ${load.files.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
      });
    }

    it(`leaves the libraries of later screens out of ${page}`, () => {
      const modules = firstLoad(output, outDir, visit.screen, 'en', visit.atMount).modules;
      for (const [what, pattern] of NOT_IN_FIRST_LOAD) {
        expect(
          modules.filter((m) => pattern.test(m)),
          what,
        ).toEqual([]);
      }
    });
  }

  it('keeps those libraries in the build, on the screens that use them', () => {
    const all = output.flatMap((c) => c.moduleIds);
    for (const pattern of [
      /node_modules\/pusher-js\//,
      /node_modules\/zod\//,
      /deal-form\.tsx$/,
      /node_modules\/react-hook-form\//,
      /node_modules\/@radix-ui\/react-alert-dialog\//,
    ]) {
      expect(all.some((m) => pattern.test(m))).toBe(true);
    }
  });

  it('keeps the password dictionaries in chunks of their own, loaded when a password is typed', () => {
    const withDictionaries = output.filter((c) =>
      c.moduleIds.some((m) => /node_modules\/@zxcvbn-ts\//.test(m)),
    );
    expect(withDictionaries.length).toBeGreaterThan(0);
    for (const chunk of withDictionaries) {
      expect(
        chunk.moduleIds.filter((m) => !/node_modules\/(@zxcvbn-ts|fastest-levenshtein)\//.test(m)),
        chunk.fileName,
      ).toEqual([]);
      // Reached only through the dynamic imports of @dealclub/shared/password-strength.
      expect(
        output.filter((c) => c.imports.includes(chunk.fileName) && !withDictionaries.includes(c)),
      ).toEqual([]);
    }
  });

  it("gives a later screen the deal page's parts it shows, not the buyer's forms beside them", () => {
    const screens = screenModulesOf(readFileSync(path.join(WEB_ROOT, 'src/app/screens.ts'), 'utf8'));
    const offers = firstLoad(output, outDir, screens.dealOffers!, 'en').modules;
    expect(offers.some((m) => m.endsWith('features/deals/components/deal-page.tsx'))).toBe(true);
    expect(
      offers.filter((m) => /features\/deals\/components\/(interest-panel|offer-terms)\.tsx$/.test(m)),
    ).toEqual([]);
    // The matching buyers' panel, below the offers and the interested buyers, loads as its place
    // nears the viewport (components/ui/when-visible.tsx).
    expect(offers.filter((m) => m.endsWith('features/deals/components/matching-buyers.tsx'))).toEqual([]);
    // The deal page itself has both.
    const deal = firstLoad(output, outDir, FIRST_VISITS['/deals/{id}'].screen, 'en').modules;
    expect(deal.some((m) => m.endsWith('features/deals/components/interest-panel.tsx'))).toBe(true);
  });

  it("names in each page the text sections its screen waits for, in the page's language", () => {
    const preloads = JSON.parse(readFileSync(path.join(outDir, 'preloads.json'), 'utf8')) as Preloads;
    for (const [screen, section] of [
      ['profile', 'profile'],
      ['dealEdit', 'dealForm'],
      ['dealOffers', 'dealOffers'],
      ['admin', 'admin'],
    ] as const) {
      for (const language of ['en', 'es'] as const) {
        expect(preloads.sections[screen]?.[language], `${screen} ${language}`).toContain(
          chunkFileOf(output, `locales/${language}/${section}`),
        );
      }
    }
    // A tab's or a panel's section comes with it, not with every visit of the screen.
    expect(preloads.sections.profile?.en).not.toContain(chunkFileOf(output, 'locales/en/integrations'));
  });

  it("ships react-router's production build, without its development warnings", () => {
    const modules = firstLoad(output, outDir, FIRST_VISITS['/'].screen, 'en').modules;
    expect(modules.some((m) => /node_modules\/react-router\/dist\/production\//.test(m))).toBe(true);
    expect(
      output.flatMap((c) => c.moduleIds).filter((m) => /react-router\/dist\/development\//.test(m)),
    ).toEqual([]);
  });

  it('loads one language at a time', () => {
    const modules = firstLoad(output, outDir, FIRST_VISITS['/'].screen, 'es').modules;
    expect(modules.some((m) => m.endsWith('locales/es'))).toBe(true);
    expect(modules.some((m) => m.endsWith('locales/en'))).toBe(false);
    // The texts of screens a first visit does not show are sections of their own.
    expect(modules.filter((m) => /locales\/(en|es)\/\w+$/.test(m))).toEqual([]);
  });
});

/**
 * The script of a first visit to `screen` with `atMount`, in the heavier language (Spanish's texts
 * are some 10 % longer), with the texts its own chunks and parts ask for (an upper bound: not every
 * part is shown at once). KB, and the other language's.
 */
function screenBudget(screen: string, atMount: readonly string[]): [FirstLoad, FirstLoad] {
  const own = firstLoad(output, outDir, screen, 'en', atMount);
  const entry = new Set(firstLoad(output, outDir, FIRST_VISITS['/'].screen, 'en').files);
  const sections = new Set<string>();
  for (const module of own.files
    .filter((f) => !entry.has(f))
    .flatMap((f) => output.find((c) => c.fileName === f)!.moduleIds)) {
    if (!module.startsWith(path.join(WEB_ROOT, 'src'))) continue;
    for (const section of sectionsUsedBy(readFileSync(module, 'utf8')))
      sections.add(`locales/{language}/${section}`);
  }
  return (['en', 'es'] as const)
    .map((language) => firstLoad(output, outDir, screen, language, [...atMount, ...sections]))
    .sort((a, b) => b.scriptBytes - a.scriptBytes) as [FirstLoad, FirstLoad];
}

/** Within 170 KB, or while it is still above, within its ceiling (OVER_BUDGET). */
function expectWithinBudget(id: string, [load, other]: [FirstLoad, FirstLoad]) {
  const kb = load.scriptBytes / 1024;
  // The figures of every screen, for docs/benchmarks.md: DEALCLUB_BUDGET_PRINT=1.
  if (process.env.DEALCLUB_BUDGET_PRINT) {
    console.log(`script budget: ${id} ${kb.toFixed(1)} KB (${(other.scriptBytes / 1024).toFixed(1)})`);
  }
  const ceiling = OVER_BUDGET[id];
  if (ceiling === undefined) expect(kb, load.files.join(', ')).toBeLessThanOrEqual(170);
  else {
    expect(kb, load.files.join(', ')).toBeLessThanOrEqual(ceiling);
    expect(kb, `${id} is within 170 KB now: take it off OVER_BUDGET`).toBeGreaterThan(170);
  }
}

describe("every screen's first visit", () => {
  for (const [id, screen] of screenModules()) {
    it(`stays within its script budget: ${id}`, () => {
      expectWithinBudget(id, screenBudget(screen, AT_MOUNT[id] ?? []));
    });
  }

  const profile = Object.fromEntries(screenModules()).profile!;
  for (const [tab, file] of Object.entries(PROFILE_TABS)) {
    it(`stays within its script budget: profile?tab=${tab}`, () => {
      expectWithinBudget(`profile?tab=${tab}`, screenBudget(profile, [tabModule(file)]));
    });
  }

  it("loads only the profile's shown tab, zod only when a form is first checked, and no react-hook-form", () => {
    const files = Object.values(PROFILE_TABS);
    for (const file of files) {
      const modules = firstLoad(output, outDir, profile, 'en', [tabModule(file)]).modules;
      const tabs = modules.filter((m) => files.some((f) => m.endsWith(`/${f}.tsx`)));
      expect(
        tabs.map((m) => path.basename(m, '.tsx')),
        file,
      ).toEqual([file]);
      expect(
        modules.filter((m) => /node_modules\/(zod|react-hook-form)\//.test(m)),
        file,
      ).toEqual([]);
    }
  });

  it('knows every screen it holds to a ceiling', () => {
    const ids = [
      ...screenModules().map(([id]) => id),
      ...Object.keys(PROFILE_TABS).map((tab) => `profile?tab=${tab}`),
    ];
    expect(ids.length).toBeGreaterThan(30);
    for (const id of [...Object.keys(OVER_BUDGET), ...Object.keys(AT_MOUNT)]) expect(ids).toContain(id);
  });
});
