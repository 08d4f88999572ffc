/**
 * What the web build's chunks are (file, static imports, modules, the module each stands for,
 * whether it is the entry), for the script-budget test (src/app/first-load-budget.test.ts). Every
 * `vite build` (`npm run build`) writes it, with its output folder, to {@link BUILD_REPORT}: under
 * node_modules, which no formatter, linter or server reads (module paths are the build machine's).
 * build/build-report.ts makes a build of its own and prints the same description.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export const BUILD_REPORT = path.resolve(
  import.meta.dirname,
  '../../../node_modules/.cache/dealclub-web/build-report.json',
);

/** A chunk of the build. */
export interface ChunkReport {
  type: 'chunk';
  fileName: string;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

export interface BuildReport {
  /** The folder the build wrote (absolute). */
  outDir: string;
  chunks: ChunkReport[];
}

export function describeChunk(c: OutputChunk): ChunkReport {
  return {
    type: 'chunk',
    fileName: c.fileName,
    imports: c.imports,
    moduleIds: c.moduleIds,
    facadeModuleId: c.facadeModuleId,
    isEntry: c.isEntry,
  };
}

/** The Vite plugin that writes {@link BUILD_REPORT} once the build's files are written. */
export function chunkReport(): Plugin {
  let outDir = '';
  return {
    name: 'dealclub:chunk-report',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_, bundle) {
      const chunks = Object.values(bundle)
        .filter((c): c is OutputChunk => c.type === 'chunk')
        .map(describeChunk);
      mkdirSync(path.dirname(BUILD_REPORT), { recursive: true });
      writeFileSync(BUILD_REPORT, JSON.stringify({ outDir, chunks } satisfies BuildReport));
    },
  };
}
