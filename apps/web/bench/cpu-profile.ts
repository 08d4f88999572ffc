/**
 * `npm run profile:web -- <screen>`: where a screen's first load spends the main thread, to find
 * what to make lighter (not a benchmark: it keeps no figures). Loads the screen (a name of
 * bench/screens.ts: home, deals, deal, profile, deal-offers, …) once as its role with an empty cache
 * and the CPU slowed down 4×, records Chromium's CPU profile until the page has settled, maps each
 * sample to its source through the build's hidden source maps, and prints the self time by package
 * or source file, then by function. Builds the web app, or serves `BENCH_WEB_DIST`. All traffic stays
 * on 127.0.0.1.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { openAsRole, SCREENS, withDemoBrowser } from './screens';
import { ROOT } from './product';

const name = process.argv[2] ?? 'deal';
const screen = SCREENS.find((s) => s.name === name);
if (!screen) throw new Error(`no screen ${name} in bench/screens.ts`);
const TOP = Number(process.env.PROFILE_TOP ?? 30);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

await withDemoBrowser(process.env.BENCH_WEB_DIST, async ({ origin, tokens, ids, browser }) => {
  const dist = process.env.BENCH_WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
  await openAsRole(browser, origin, screen.role, tokens);
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(origin + screen.path(ids), { waitUntil: 'networkidle0' });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { profile } = await cdp.send('Profiler.stop');

  const nodes = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  profile.samples?.forEach((id, i) =>
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)),
  );

  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const file = path.join(dist, `${new URL(url).pathname}.map`);
      maps.set(url, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    return maps.get(url);
  };
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const add = (into: Map<string, number>, key: string, us: number) =>
    into.set(key, (into.get(key) ?? 0) + us);
  for (const [id, us] of selfTime) {
    const frame = nodes.get(id)!.callFrame;
    let where = frame.url ? `${frame.url.replace(origin, '')}:${frame.lineNumber}:${frame.columnNumber}` : '';
    let file = frame.url ? frame.url.replace(origin, '') : frame.functionName;
    let fn = frame.functionName || '(anonymous)';
    const map = frame.url.startsWith(`${origin}/assets/`) ? mapOf(frame.url) : null;
    const original = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original?.source) {
      const source = original.source
        .replace(/.*node_modules\//, 'node_modules/')
        .replace(/.*\/src\//, 'src/');
      where = `${source}:${original.line}`;
      file = source.replace(/^node_modules\/((@[^/]+\/)?[^/]+).*/, '$1');
      fn = original.name ?? fn;
    }
    add(byFile, file, us);
    add(byFunction, `${fn} ${where}`, us);
  }
  const print = (title: string, entries: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [key, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  };
  console.log(
    `${screen.label}, CPU slowed 4×: self time of ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms`,
  );
  print('By package or source file:', byFile);
  print('By function:', byFunction);
});
