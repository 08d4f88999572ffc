/**
 * `npm run bench:web`: how fast the first visit is on a phone, on every screen people open (issue
 * 32). Builds the web app, starts the product (embedded database with the demo data, on 127.0.0.1
 * and a free port), and runs Lighthouse's default mobile preset (simulated slow 4G, 4× CPU
 * slowdown) in Debian's Chromium on each screen of SCREENS with an empty HTTP cache, as the role
 * that opens it: signed out, the demo buyer or the demo seller (their tokens go into the browser's
 * storage before the screen's runs, as a sign-in leaves them; Lighthouse clears the cache before
 * every run but keeps local storage).
 *
 * Prints, per screen, the median of `BENCH_WEB_RUNS` runs (default 3) of the performance score, the
 * script transferred (compressed), LCP, TBT and CLS, against the goals of the budget (≥ 95,
 * ≤ 170 KB, CLS < 0.05), and writes the table into docs/benchmarks.md between its markers.
 * `BENCH_WEB_REPORTS_DIR` keeps every run's full Lighthouse report there. For trying a change:
 * `BENCH_WEB_PAGES` (comma-separated names of SCREENS: home, deals, deal, …) measures only those
 * screens and `BENCH_WEB_DIST` serves an existing build instead of building; either leaves
 * docs/benchmarks.md as it is, since the table must hold every screen of the product's own build.
 * All traffic stays on 127.0.0.1.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumVersion, ROOT, writeReport } from './product';
import { openAsRole, SCREENS, withDemoBrowser, type Role } from './screens';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const SAVE_DIR = process.env.BENCH_WEB_REPORTS_DIR;
const ONLY_PAGES = process.env.BENCH_WEB_PAGES?.split(',').map((name) => name.trim());
const PREBUILT = process.env.BENCH_WEB_DIST;
export const GOALS = { score: 95, scriptKb: 170, cls: 0.05 };

interface PageRun {
  score: number;
  scriptKb: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

type Audits = Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;

function readRun(lhr: { categories: { performance: { score: number | null } }; audits: Audits }): PageRun {
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  const script = items.find((i) => i.resourceType === 'script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    scriptKb: Number(script?.transferSize ?? 0) / 1024,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function summarise(runs: PageRun[]): PageRun {
  // The run with the median score, so that its figures belong together.
  const score = median(runs.map((r) => r.score));
  return runs.find((r) => r.score === score)!;
}

function table(rows: { page: string; result: PageRun; score: number }[]): string {
  const lines = [
    '| screen | score | script (KB, compressed) | LCP (ms) | TBT (ms) | CLS | goals met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const { page, result: r, score } of rows) {
    const met = r.score >= score && r.scriptKb <= GOALS.scriptKb && r.cls < GOALS.cls;
    lines.push(
      `| \`${page}\` | ${r.score} | ${r.scriptKb.toFixed(1)} | ${Math.round(r.lcpMs)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${met ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n');
}

/**
 * One Lighthouse run of `pagePath`, tried a second time when Lighthouse could not record it (a
 * trace without its navigation start, NO_NAVSTART, seen on a first run in a fresh Chromium): a run
 * that failed twice ends the bench.
 */
async function measured<T extends { lhr: { runtimeError?: { code?: string; message: string } } }>(
  pagePath: string,
  run: () => Promise<T | undefined>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const result = await run();
    const error = result ? result.lhr.runtimeError : { message: 'Lighthouse returned nothing' };
    if (!error) return result!;
    if (attempt === 2) throw new Error(`${pagePath}: ${error.message}`);
    console.log(`${pagePath}: ${error.message}; trying once more`);
  }
}

async function main() {
  await withDemoBrowser(PREBUILT, async ({ origin, tokens, ids, browser, port }) => {
    const openAs = (role: Role) => openAsRole(browser, origin, role, tokens);

    const rows: { page: string; result: PageRun; score: number }[] = [];
    for (const screen of SCREENS) {
      if (ONLY_PAGES && !ONLY_PAGES.includes(screen.name)) continue;
      await openAs(screen.role);
      const pagePath = screen.path(ids);
      const runs: PageRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await measured(pagePath, () =>
          lighthouse(`${origin}${pagePath}`, {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
          }),
        );
        runs.push(readRun(result.lhr as unknown as Parameters<typeof readRun>[0]));
        // The full reports, to see what a figure is made of (network, main thread, LCP element).
        if (SAVE_DIR) {
          mkdirSync(SAVE_DIR, { recursive: true });
          writeFileSync(path.join(SAVE_DIR, `${screen.name}-${i + 1}.json`), result.report as string);
        }
      }
      const result = summarise(runs);
      console.log(`${screen.label}: scores ${runs.map((r) => r.score).join(', ')}`);
      rows.push({ page: screen.label, result, score: screen.score ?? GOALS.score });
    }

    const version = (
      JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    const markdown = [
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:web\` on ${cpus().length} cores, ` +
        `${Math.round(totalmem() / 2 ** 30)} GiB: Lighthouse ${version}, mobile preset (simulated throttling), ` +
        `${chromiumVersion()}, empty HTTP cache, each screen as the role named (the demo buyer where none is); ` +
        `median of ${RUNS} runs per screen.`,
      '',
      table(rows),
    ].join('\n');
    console.log(`\n${markdown}\n`);
    if (!ONLY_PAGES && !PREBUILT) writeReport('web', markdown);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
