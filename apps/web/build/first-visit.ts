/**
 * The screens most visits open first (issue 18's script budget: `/`, `/deals` and a deal page) and
 * how their code is cut into chunks. Left to itself, Rolldown gives every set of lazy parts that
 * share a module a chunk of its own: a first visit to a deal page fetched 42 files, 30 of them
 * under 1 KB (an icon, a date formatter), each costing some 470 bytes of response headers besides (560 then).
 * Here every module these screens use at once (beyond the entry) goes into one chunk per set of
 * the screens that use it: a deal page loads its own chunk, the one it shares with the deal list
 * and `common` (see below). A later screen that imports one of those modules loads that chunk too.
 *
 * `atMount` lists what the screen imports dynamically on its first render, so that it is part of
 * its chunks and of the budget (build/first-load.ts, src/app/first-load-budget.test.ts):
 * Lighthouse counts whatever a page downloads until it settles, not only the static imports.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export interface FirstVisit {
  /** A short name, used for the chunk names (`deal`, `deals-deal`). */
  name: string;
  /** The screen's module, as in src/app/screens.ts. */
  screen: string;
  /** Modules (`src/…`) and locale sections (`locales/{language}/<section>`) loaded on first render. */
  atMount: readonly string[];
}

export const FIRST_VISITS: Record<'/' | '/deals' | '/deals/{id}', FirstVisit> = {
  '/': { name: 'home', screen: 'src/features/home/routes/home', atMount: [] },
  '/deals': { name: 'deals', screen: 'src/features/deals/routes/deals', atMount: [] },
  '/deals/{id}': {
    name: 'deal',
    screen: 'src/features/deals/routes/deal-detail',
    atMount: [
      // A buyer's offer, interest and message forms (src/features/deals/routes/deal-detail.tsx).
      'src/features/deals/components/buyer-panels',
      // The risks, the explained math and the loans of a creative deal, and why the deal fits the
      // buyer, with their texts (one section).
      'src/features/deals/components/detail-trust',
      'src/features/deals/components/match-reasons',
      'locales/{language}/trust',
    ],
  },
};

const SOURCE = /\.(tsx?|jsx?)$/;

/**
 * lucide-react's index, which re-exports each icon from a module of its own: followed through the
 * names a module imports from it, not through all it re-exports (every icon the app uses anywhere).
 */
const ICON_INDEX = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** The icon modules whose names `code` imports from lucide-react's index (`indexCode`, at `indexId`). */
function iconsImported(code: string, indexId: string, indexCode: string): string[] {
  const fileOf = new Map<string, string>();
  for (const [, names, file] of indexCode.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[\w-]+\.mjs)'/g)) {
    for (const name of names!.matchAll(/as (\w+)/g))
      fileOf.set(name[1]!, path.join(path.dirname(indexId), file!));
  }
  const files: string[] = [];
  for (const [, names] of code.matchAll(/import \{([^}]*)\} from ["']lucide-react["']/g)) {
    for (const name of names!.split(',')) {
      const file = fileOf.get(name.trim().split(/\s+as\s+/)[0]!);
      if (file) files.push(file);
    }
  }
  return files;
}

/**
 * Modules of the app's shared layers (src/lib, src/components, src/hooks, the features' API
 * clients, @dealclub/shared): when later screens use them as well, they go into one `common` chunk
 * rather than into a first-visit chunk, so that a later screen (the sign-in form, a profile tab)
 * does not load a deal page's code for a form field. Icons that later screens use as well go into
 * the entry.
 */
const SHARED_LAYERS =
  /[\\/](apps[\\/]web[\\/]src[\\/](lib|components|hooks|features[\\/][\w-]+[\\/]api)|packages[\\/]shared[\\/]src)[\\/]/;
/** The route table's module: what it imports dynamically are the screens. */
const SCREENS = /[\\/]src[\\/]app[\\/]screens\.ts$/;
const ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const COMMON = 'common';
/** The suffix of a first-visit chunk's parts that later screens use too. */
const PARTS = '-parts';
/**
 * The least code (characters, as transformed, before minifying) that makes a first visit's parts a
 * chunk of their own: below it, the request's headers (0.47 KB) cost the first visit more than the
 * parts save the later screens.
 */
const PARTS_MIN_CODE = 8_000;
/**
 * The least code (characters, as above) of a cut of a first visit's parts (the modules that the
 * same later screens and parts use) for a chunk of its own: the deal page's frame, which the
 * offers screen shows without the buyer's forms beside it in the deal page's parts. Less joins the
 * largest cut.
 */
const PARTS_SPLIT_MIN_CODE = 3_000;

/**
 * A Vite plugin and the `codeSplitting` groups that cut the build into the entry chunk and the
 * first visits' chunks. The plugin reads the module graph once it is complete (`buildEnd`, before
 * chunks are made) and marks each module by the set of first-visit screens that reach it through
 * static imports from their screen and `atMount` modules. The entry's group takes everything the
 * entry imports statically (one request for it instead of a dozen) and what every first-visit
 * screen uses; the `common` group the shared layers' modules that later screens use too; then each
 * set of screens gets a chunk, the wider sets first, so that a group never pulls a module that
 * more screens share into a narrower chunk, and a second chunk (`-parts`) of its modules that later
 * screens use as well. Other modules are chunked as Rolldown does by default.
 */
export function firstVisitChunks(
  webRoot: string,
  visits: readonly FirstVisit[] = Object.values(FIRST_VISITS),
) {
  const initial = new Set<string>();
  const setOf = new Map<string, string>();
  /** The chunk of each first visit's part (its parts' key, or a cut of them: `deal-parts2`). */
  const partsChunk = new Map<string, string>();
  const every = visits.map((visit) => visit.name).join('-');

  const plugin: Plugin = {
    name: 'dealclub:first-visit-chunks',
    apply: 'build',
    buildEnd() {
      const all = [...this.getModuleIds()];
      /** Every module reached from `roots` through static imports. */
      const reach = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          for (const dep of info?.importedIds ?? []) {
            if (ICON_INDEX.test(dep)) {
              stack.push(...iconsImported(info?.code ?? '', dep, this.getModuleInfo(dep)?.code ?? ''));
            } else stack.push(dep);
          }
        }
        return seen;
      };
      const codeLength = (id: string) => this.getModuleInfo(id)?.code?.length ?? 0;
      const idOf = (module: string) => {
        const base = path.join(webRoot, module);
        const id = all.find((candidate) => SOURCE.test(candidate) && candidate.replace(SOURCE, '') === base);
        if (!id) throw new Error(`first-visit chunks: no module ${module}`);
        return id;
      };

      initial.clear();
      setOf.clear();
      for (const id of reach(all.filter((id) => this.getModuleInfo(id)?.isEntry))) initial.add(id);
      const users = new Map<string, string[]>();
      const firstRoots = new Set<string>();
      for (const visit of visits) {
        const roots = [visit.screen, ...visit.atMount.filter((m) => m.startsWith('src/'))].map(idOf);
        roots.forEach((id) => firstRoots.add(id));
        for (const id of reach(roots)) {
          if (!initial.has(id)) users.set(id, [...(users.get(id) ?? []), visit.name]);
        }
      }
      // What the other lazy parts (later screens, dialogs, menus) reach, and which of them reach it.
      const laterRoots = all.filter(
        (id) => !firstRoots.has(id) && (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0,
      );
      // The later roots that are screens (src/app/screens.ts imports each).
      const laterScreens = new Set(
        laterRoots.flatMap((root, index) =>
          (this.getModuleInfo(root)?.dynamicImporters ?? []).some((importer) => SCREENS.test(importer))
            ? [index]
            : [],
        ),
      );
      const elsewhere = new Set<string>();
      const laterUsers = new Map<string, number[]>();
      laterRoots.forEach((root, index) => {
        for (const id of reach([root])) {
          elsewhere.add(id);
          laterUsers.set(id, [...(laterUsers.get(id) ?? []), index]);
        }
      });
      for (const [id, names] of users) {
        const set = names.join('-');
        if (set === every || !elsewhere.has(id)) setOf.set(id, set);
        // An icon is some 100 bytes: cheaper in the entry than a chunk to fetch for it.
        else if (ICON.test(id)) setOf.set(id, every);
        // A screen's own part that later screens use too (the deal page's frame, which the offers
        // and analytics screens show; a card's parts) goes into a chunk of its own beside the
        // screen's: a later screen loads that, not the whole first-visit screen (issue 32).
        else setOf.set(id, SHARED_LAYERS.test(id) ? COMMON : `${set}${PARTS}`);
      }
      // Parts too small to pay for a file of their own on the first visit stay in its chunk.
      const partsCode = new Map<string, number>();
      for (const [id, key] of setOf) {
        if (key.endsWith(PARTS)) partsCode.set(key, (partsCode.get(key) ?? 0) + codeLength(id));
      }
      for (const [id, key] of setOf) {
        if ((partsCode.get(key) ?? Infinity) < PARTS_MIN_CODE) setOf.set(id, key.slice(0, -PARTS.length));
      }
      // The rest is cut by the later screens and parts that use each module, so that a later screen
      // does not load the parts only others need (the offers screen, the deal page's frame but not
      // the buyer's forms). A cut joins the largest when it is too small for a request of its own,
      // or when no later screen uses it without the largest (a lazy part's own cut, such as the
      // message form the seller opens, would cost the first visit a request for a later press).
      partsChunk.clear();
      const cuts = new Map<string, Map<string, { ids: string[]; code: number; users: number[] }>>();
      for (const [id, key] of setOf) {
        if (!key.endsWith(PARTS)) continue;
        const users = laterUsers.get(id) ?? [];
        const byUsers = cuts.get(key) ?? new Map<string, { ids: string[]; code: number; users: number[] }>();
        cuts.set(key, byUsers);
        const cut = byUsers.get(users.join(',')) ?? { ids: [], code: 0, users };
        byUsers.set(users.join(','), cut);
        cut.ids.push(id);
        cut.code += codeLength(id);
      }
      for (const [key, byUsers] of cuts) {
        const [largest, ...others] = [...byUsers.values()].sort((a, b) => b.code - a.code);
        const big = others.filter((cut) => cut.code >= PARTS_SPLIT_MIN_CODE);
        // A small cut goes with a larger one that whatever uses it uses too, else with the largest.
        const hostOf = new Map(
          others
            .filter((cut) => cut.code < PARTS_SPLIT_MIN_CODE)
            .map((cut) => [
              cut,
              big.find((b) => cut.users.every((user) => b.users.includes(user))) ?? largest!,
            ]),
        );
        const largestUsers = new Set(
          [largest!, ...[...hostOf].filter(([, host]) => host === largest).map(([cut]) => cut)].flatMap(
            (cut) => cut.users,
          ),
        );
        const names = new Map([[largest!, key]]);
        let count = 1;
        for (const cut of big) {
          const own = cut.users.some((user) => laterScreens.has(user) && !largestUsers.has(user));
          names.set(cut, own ? `${key}${++count}` : key);
        }
        for (const [cut, host] of hostOf) names.set(cut, names.get(host)!);
        for (const [cut, name] of names) for (const id of cut.ids) partsChunk.set(id, name);
      }
    },
  };

  // Every set of two or more screens but the widest, then each screen alone.
  const sets: string[][] = [[]];
  for (const visit of visits) for (const set of [...sets]) sets.push([...set, visit.name]);
  const narrower = sets
    .map((set) => set.join('-'))
    .filter((key) => key !== '' && key !== every)
    .sort((a, b) => b.split('-').length - a.split('-').length);
  // A group takes what its modules import as well (Rolldown's default), unless a group of higher
  // priority took it first: the parts' groups come before the screens' that import them.
  const n = narrower.length;
  const groups = [
    { name: 'app', test: (id: string) => initial.has(id) || setOf.get(id) === every, priority: 2 * n + 3 },
    { name: COMMON, test: (id: string) => setOf.get(id) === COMMON, priority: 2 * n + 2 },
    ...narrower.map((key, index) => ({
      name: (id: string) => partsChunk.get(id) ?? `${key}${PARTS}`,
      test: (id: string) => setOf.get(id) === `${key}${PARTS}`,
      priority: 2 * n + 1 - index,
    })),
    ...narrower.map((key, index) => ({
      name: key,
      test: (id: string) => setOf.get(id) === key,
      priority: n - index,
    })),
  ];
  return { plugin, groups };
}
