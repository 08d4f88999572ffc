/**
 * What a first visit to a screen downloads, read from the build's output: the entry chunk and all
 * it imports statically, the texts of one language, and the screen's chunk with its static imports
 * (the page names them as modulepreload links, build/route-preloads.ts). Sizes are those of the
 * Brotli copies the server sends (build/precompress.ts). Used by the script-budget test.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** A chunk as build/build-report.ts describes it. */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

export interface FirstLoad {
  files: string[];
  /** Every module in those chunks (paths or package ids), to check what a first load must not hold. */
  modules: string[];
  /** Bytes of the Brotli copies (or of the file when it has none). */
  scriptBytes: number;
}

function chunks(output: ChunkInfo[]): Map<string, ChunkInfo> {
  return new Map(output.map((c) => [c.fileName, c]));
}

function closure(byFile: Map<string, ChunkInfo>, file: string, into: Set<string>): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const dep of byFile.get(file)?.imports ?? []) closure(byFile, dep, into);
  return into;
}

/** The chunk whose own module is `suffix` (a path without its extension, e.g. `src/features/x`). */
function chunkOf(byFile: Map<string, ChunkInfo>, suffix: string): ChunkInfo {
  const chunk = [...byFile.values()].find((c) =>
    c.facadeModuleId?.replace(/\.(tsx?|json)$/, '').endsWith(suffix),
  );
  if (!chunk) throw new Error(`no chunk for ${suffix}`);
  return chunk;
}

export function transferBytes(outDir: string, file: string): number {
  const full = path.join(outDir, file);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
}

export function firstLoad(
  output: ChunkInfo[],
  outDir: string,
  screenModule: string,
  language: 'en' | 'es',
): FirstLoad {
  const byFile = chunks(output);
  const entry = [...byFile.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const files = new Set<string>();
  closure(byFile, entry.fileName, files);
  closure(byFile, chunkOf(byFile, `locales/${language}`).fileName, files);
  closure(byFile, chunkOf(byFile, screenModule).fileName, files);
  const list = [...files];
  return {
    files: list,
    modules: list.flatMap((f) => byFile.get(f)?.moduleIds ?? []),
    scriptBytes: list.reduce((sum, f) => sum + transferBytes(outDir, f), 0),
  };
}
