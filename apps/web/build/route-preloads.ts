/**
 * A Vite plugin that writes `dist/preloads.json`: for each screen of the route table, the chunks
 * its first visit needs beyond the entry (its own chunk and what that imports statically), and
 * the chunk of each language's texts. The server names them in the page as `modulepreload` links
 * (apps/api/src/plugins/web.ts), so the browser fetches them together with the entry instead of
 * one round trip after it has run: on a phone's network that round trip is the largest part of
 * the wait for the first screen.
 *
 * The text sections a screen's own modules (`…/routes/…`) ask for (`useLocaleSection`) are named
 * as well, per language: the screen waits for them before it renders, and they would otherwise be
 * asked for only once its code has run, one round trip later. A panel's or a tab's section loads
 * with it.
 *
 * The screens are read from `src/app/screens.ts`, the one place that maps a route id to its module.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';

export const PRELOADS_FILE = 'preloads.json';

export interface Preloads {
  locales: Record<string, string[]>;
  screens: Record<string, string[]>;
  /** Per screen and language, the chunks of the text sections its code loads (`useLocaleSection`). */
  sections: Record<string, Record<string, string[]>>;
}

/**
 * The text sections a module asks for as it renders or runs (`useLocaleSection('x')`,
 * `preloadLocaleSection('x')`): the screen shows its fallback until they are in, so they belong
 * with its first visit's downloads.
 */
export function sectionsUsedBy(source: string): string[] {
  return [...source.matchAll(/(?:use|preload)LocaleSection\('(\w+)'\)/g)].map((m) => m[1]!);
}

/** `{ routeId: 'src/features/…/routes/x' }` from the `SCREENS` table of screens.ts. */
export function screenModules(source: string): Record<string, string> {
  const modules: Record<string, string> = {};
  for (const match of source.matchAll(/^\s+(\w+): \(\) => import\('@\/([^']+)'\)/gm)) {
    modules[match[1]!] = `src/${match[2]!}`;
  }
  return modules;
}

function closure(bundle: OutputBundle, file: string, into: Set<string>) {
  if (into.has(file)) return into;
  into.add(file);
  const chunk = bundle[file];
  if (chunk?.type === 'chunk') for (const dep of chunk.imports) closure(bundle, dep, into);
  return into;
}

export function routePreloads(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'dealclub:route-preloads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const inEntry = closure(bundle, entry.fileName, new Set());
      const bare = (id: string) => id.replace(/\.(tsx?|json)$/, '');
      // The chunk a module stands for, else the one a chunking group put it in (build/first-visit.ts).
      const byModule = (suffix: string) =>
        chunks.find((c) => c.facadeModuleId && bare(c.facadeModuleId).endsWith(suffix)) ??
        chunks.find((c) => c.moduleIds.some((id) => bare(id).endsWith(suffix)));
      const beyondEntry = (chunk: OutputChunk) =>
        [...closure(bundle, chunk.fileName, new Set())].filter((f) => !inEntry.has(f)).map((f) => `/${f}`);

      const preloads: Preloads = { locales: {}, screens: {}, sections: {} };
      const sectionsOf = (files: string[]) => {
        const found = new Set<string>();
        for (const file of files) {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk') continue;
          for (const id of chunk.moduleIds) {
            // The screens' own modules (`…/routes/…`): a panel's section loads with the panel.
            if (!id.startsWith(path.join(config.root, 'src')) || !/[\\/]routes[\\/][^\\/]+\.tsx?$/.test(id))
              continue;
            for (const section of sectionsUsedBy(readFileSync(id, 'utf8'))) found.add(section);
          }
        }
        return [...found].sort();
      };
      for (const language of ['en', 'es']) {
        const chunk = byModule(`locales/${language}`);
        if (chunk) preloads.locales[language] = beyondEntry(chunk);
      }
      const screens = screenModules(readFileSync(path.join(config.root, 'src/app/screens.ts'), 'utf8'));
      for (const [id, module] of Object.entries(screens)) {
        const chunk = byModule(module);
        if (!chunk) continue;
        preloads.screens[id] = beyondEntry(chunk);
        const sections = sectionsOf(preloads.screens[id].map((f) => f.slice(1)));
        if (sections.length === 0) continue;
        preloads.sections[id] = {};
        for (const language of ['en', 'es']) {
          preloads.sections[id][language] = sections.flatMap((section) => {
            const texts = byModule(`locales/${language}/${section}`);
            return texts ? beyondEntry(texts).filter((f) => !preloads.screens[id]!.includes(f)) : [];
          });
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
