/**
 * `node --import tsx build/build-report.ts <outDir>`: builds the web app as `npm run build` does,
 * into `outDir`, and prints on stdout one JSON line describing its chunks (file, static imports,
 * modules, the module it stands for, whether it is the entry). Run in a process of its own by the
 * script-budget test (src/app/first-load-budget.test.ts), whose test runner does not host a build.
 */
import path from 'node:path';
import type { OutputChunk } from 'rolldown';
import { build } from 'vite';
import { describeChunk } from './chunk-report';

const webRoot = path.resolve(import.meta.dirname, '..');
const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build-report.ts <outDir>');

const result = await build({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  logLevel: 'silent',
  build: { outDir, emptyOutDir: true, sourcemap: false },
});
const bundle = Array.isArray(result) ? result[0] : result;
if (!bundle || !('output' in bundle)) throw new Error('the build returned no output');
const chunks = bundle.output.filter((c): c is OutputChunk => c.type === 'chunk').map(describeChunk);
process.stdout.write(`${JSON.stringify(chunks)}\n`);
