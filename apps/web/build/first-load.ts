/**
 * What a first visit to a screen downloads, read from the build's manifest: the entry chunk and
 * everything it imports statically, plus the screen's own chunk and its static imports (the
 * route's `lazy` import is started as soon as the router matches it). Sizes are those of the
 * Brotli copies the server sends (build/precompress.ts). Used by the script-budget test and the
 * web benchmark's report.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest keys reached from `key` through static imports, `key` included. */
export function staticClosure(manifest: Manifest, key: string): Set<string> {
  const seen = new Set<string>();
  const stack = [key];
  while (stack.length) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    if (!manifest[next]) throw new Error(`not in the build manifest: ${next}`);
    seen.add(next);
    stack.push(...(manifest[next].imports ?? []));
  }
  return seen;
}

/** The bytes a browser that accepts Brotli receives for a built file. */
export function transferBytes(distDir: string, file: string): number {
  const full = path.join(distDir, file);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
}

export interface FirstLoad {
  files: string[];
  /** Source modules of every chunk, to check what a first load must never contain. */
  sources: string[];
  scriptBytes: number;
}

/** The manifest key of a language's texts, loaded before the first paint (src/lib/i18n.ts). */
export const localeSource = (language: 'en' | 'es') => `../../packages/shared/locales/${language}.json`;

/**
 * The scripts of a first visit to the screen whose module is `screenSource` (a manifest key), in
 * the given language.
 */
export function firstLoad(distDir: string, screenSource: string, language: 'en' | 'es' = 'en'): FirstLoad {
  const manifest = readManifest(distDir);
  const keys = new Set([
    ...staticClosure(manifest, 'index.html'),
    ...staticClosure(manifest, localeSource(language)),
    ...staticClosure(manifest, screenSource),
  ]);
  const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  return {
    files,
    sources: [...keys],
    scriptBytes: files.reduce((sum, f) => sum + transferBytes(distDir, f), 0),
  };
}
