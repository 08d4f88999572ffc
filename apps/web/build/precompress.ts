/**
 * A Vite plugin that writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside
 * every emitted file worth compressing, once, at build time. The server sends the copy the browser
 * accepts (`@fastify/static` `preCompressed`), so no request pays for compression and the first
 * visit on a phone moves a quarter of the bytes. Files under 1 KB, images and fonts that are
 * compressed already, and source maps (never served to browsers) are left alone, as is a copy
 * that would not be smaller than the file.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

export async function precompressDirectory(dir: string): Promise<number> {
  let written = 0;
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const bytes = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    if (br.length < bytes.length) {
      await writeFile(`${file}.br`, br);
      written++;
    }
    if (gz.length < bytes.length) {
      await writeFile(`${file}.gz`, gz);
      written++;
    }
  }
  return written;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'dealclub:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const written = await precompressDirectory(outDir);
      config.logger.info(
        `precompressed: ${written} Brotli and gzip files in ${path.relative(config.root, outDir)}`,
      );
    },
  };
}
