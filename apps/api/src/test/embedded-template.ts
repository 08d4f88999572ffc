/**
 * PGlite for the test suite: its WebAssembly compiled once per process, and a migrated database
 * dumped once per run (initdb and the migrations take seconds; loading the dump a fraction of it).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenOptions } from '../db/client';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

export type CompiledPglite = Required<
  Pick<NonNullable<OpenOptions['embedded']>, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>
>;

export async function compilePglite(): Promise<CompiledPglite> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  // The server's lib settings do not declare the WebAssembly global; Node has it.
  const wasm = (
    globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<WebAssembly.Module> } }
  ).WebAssembly;
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    wasm.compile(await readFile(path.join(dist, 'pglite.wasm'))),
    wasm.compile(await readFile(path.join(dist, 'initdb.wasm'))),
  ]);
  const fsBundle = new Blob([await readFile(path.join(dist, 'pglite.data'))]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle };
}

/** A new embedded database, migrated, as an uncompressed tarball of its data directory. */
export async function buildMigratedDump(compiled: CompiledPglite): Promise<Blob> {
  const database = await openDatabase({ embedded: compiled });
  try {
    await runMigrations(database.db);
    return await database.dumpDataDir!();
  } finally {
    await database.close();
  }
}
