/**
 * The texts of each language split into the part every page needs and sections that only some
 * screens use, so that the first visit's texts stay small as screens are added (issue 18's budget).
 * The locale files stay one per language (`@dealclub/shared/locales/*.json`, which the API and the
 * tests read whole); this plugin serves their parts as modules:
 *
 * - `virtual:locales/en` — every namespace that no section claims (loaded before the first render),
 *   but those only the API uses (`SERVER_ONLY_NAMESPACES`);
 * - `virtual:locales/en/training` — the namespaces of one section (loaded by its screens,
 *   `useLocaleSection` in src/lib/i18n.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import {
  KEPT_IN_CORE,
  LOCALE_SECTIONS,
  SERVER_ONLY_NAMESPACES,
  type LocaleSection,
} from '../src/lib/locale-sections';

const PREFIX = 'virtual:locales/';
// Rolldown names the chunk after the id's last part (`en`, `training`); the build's readers find
// the texts of a language by the suffix `locales/<language>` (build/first-load.ts).
const RESOLVED = '\0locales/';

const claimed = new Set<string>([...Object.values(LOCALE_SECTIONS).flat(), ...SERVER_ONLY_NAMESPACES]);

function pick(tree: Record<string, unknown>, keep: (key: string) => boolean) {
  return Object.fromEntries(Object.entries(tree).filter(([key]) => keep(key)));
}

/** The first visit's texts: the namespaces no section claims, and what KEPT_IN_CORE keeps of the others. */
export function coreTexts(tree: Record<string, unknown>) {
  const core = pick(tree, (ns) => !claimed.has(ns));
  for (const [ns, kept] of Object.entries(KEPT_IN_CORE)) {
    core[ns] = pick(tree[ns] as Record<string, unknown>, (key) => kept!.includes(key));
  }
  return core;
}

/** The texts of `section`: its namespaces, less what KEPT_IN_CORE keeps in the first visit's. */
export function sectionTexts(tree: Record<string, unknown>, section: LocaleSection) {
  const namespaces = LOCALE_SECTIONS[section] as readonly string[];
  const part = pick(tree, (ns) => namespaces.includes(ns));
  for (const ns of Object.keys(part)) {
    const kept = KEPT_IN_CORE[ns];
    if (kept) part[ns] = pick(part[ns] as Record<string, unknown>, (key) => !kept.includes(key));
  }
  return part;
}

export function localeSections(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'dealclub:locale-sections',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [language, section] = id.slice(RESOLVED.length).split('/') as [string, LocaleSection | undefined];
      if (language !== 'en' && language !== 'es') throw new Error(`unknown language in ${id}`);
      const file = require.resolve(`@dealclub/shared/locales/${language}.json`);
      this.addWatchFile(file);
      const tree = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      if (section && !(section in LOCALE_SECTIONS)) throw new Error(`unknown locale section in ${id}`);
      const part = section ? sectionTexts(tree, section) : coreTexts(tree);
      // JSON.parse of a string literal is parsed faster than the same object as a JS literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
  };
}
