/**
 * What a first visit to a screen downloads, read from the build's output, as the browser test
 * e2e/first-load-budget.spec.ts and Lighthouse count it: the entry chunk and all it imports
 * statically, the texts of one language, the screen's chunk with its static imports (the page
 * names them as modulepreload links, build/route-preloads.ts), and the chunks the screen imports
 * dynamically as soon as it renders (`atMount`: lazy parts shown at once, locale sections). Sizes
 * are those of the Brotli copies the server sends (build/precompress.ts), plus the response
 * headers of each file. Used by the script-budget test.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ChunkReport } from './chunk-report';

/** A chunk as build/build-report.ts describes it. */
export type ChunkInfo = ChunkReport;

/**
 * The bytes of one script response's status line and headers as the server sends a hashed asset
 * (security headers, caching, encoding, request id), which the browser counts in a file's transfer
 * size: measured at 466-470 bytes in Chromium (CDP `encodedDataLength` less the body, every script
 * of `/deals`), since the validators left hashed files (stop 48; 562-567 before, when this said 520).
 */
export const RESPONSE_HEADER_BYTES = 470;

export interface FirstLoad {
  files: string[];
  /** Every module in those chunks (paths or package ids), to check what a first load must not hold. */
  modules: string[];
  /** Bytes of the Brotli copies (or of the file when it has none). */
  bodyBytes: number;
  /** The bodies and, for each file, {@link RESPONSE_HEADER_BYTES}: what a browser transfers. */
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

const withoutExtension = (id: string) => id.replace(/\.(tsx?|json)$/, '');

/**
 * The chunk holding module `suffix` (a path without its extension, e.g. `src/features/x`): the one
 * it stands for, else the one a chunking group put it in.
 */
function chunkOf(byFile: Map<string, ChunkInfo>, suffix: string): ChunkInfo {
  const all = [...byFile.values()];
  const chunk =
    all.find((c) => c.facadeModuleId && withoutExtension(c.facadeModuleId).endsWith(suffix)) ??
    all.find((c) => c.moduleIds.some((id) => withoutExtension(id).endsWith(suffix)));
  if (!chunk) throw new Error(`no chunk for ${suffix}`);
  return chunk;
}

/** The file of the chunk holding module `suffix` (see `chunkOf`), as a page names it (`/assets/…`). */
export function chunkFileOf(output: ChunkInfo[], suffix: string): string {
  return `/${chunkOf(chunks(output), suffix).fileName}`;
}

export function transferBytes(outDir: string, file: string): number {
  const full = path.join(outDir, file);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
}

/**
 * @param screenModule the screen's module, as in src/app/screens.ts (`src/features/…/routes/x`)
 * @param atMount modules the screen imports dynamically on its first render (`src/…`, or a
 *   locale section as `locales/{language}/<section>`)
 */
export function firstLoad(
  output: ChunkInfo[],
  outDir: string,
  screenModule: string,
  language: 'en' | 'es',
  atMount: readonly string[] = [],
): FirstLoad {
  const byFile = chunks(output);
  const entry = [...byFile.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const files = new Set<string>();
  closure(byFile, entry.fileName, files);
  closure(byFile, chunkOf(byFile, `locales/${language}`).fileName, files);
  for (const module of [screenModule, ...atMount]) {
    closure(byFile, chunkOf(byFile, module.replace('{language}', language)).fileName, files);
  }
  const list = [...files];
  const bodyBytes = list.reduce((sum, f) => sum + transferBytes(outDir, f), 0);
  return {
    files: list,
    modules: list.flatMap((f) => byFile.get(f)?.moduleIds ?? []),
    bodyBytes,
    scriptBytes: bodyBytes + list.length * RESPONSE_HEADER_BYTES,
  };
}
