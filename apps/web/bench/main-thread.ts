/**
 * `npm run bench:main-thread`: how long each screen holds the main thread after its first paint, in
 * Debian's Chromium with the CPU slowed down 4× (Lighthouse's mobile preset). Lighthouse's scores
 * spread by 5-15 points between runs on a loaded 2-core machine; this counts the same thing its
 * total blocking time counts (each long task's time beyond 50 ms, from the first contentful paint
 * until the page has settled), from the browser's own `longtask` entries, on `BENCH_MAIN_RUNS` loads
 * (default 5) with an empty cache, as the role that opens the screen. Prints, per screen, every
 * load's figure, the median and the median of the longest task.
 *
 * Builds the web app (or serves `BENCH_WEB_DIST`); `BENCH_WEB_PAGES` names the screens (bench/screens.ts,
 * default: the three of issue 18). All traffic stays on 127.0.0.1.
 */
import { cpus } from 'node:os';
import type { Browser } from 'puppeteer-core';
import { openAsRole, SCREENS, withDemoBrowser } from './screens';

const RUNS = Number(process.env.BENCH_MAIN_RUNS ?? 5);
const PAGES = (process.env.BENCH_WEB_PAGES ?? 'home,deals,deal').split(',').map((name) => name.trim());
/** Lighthouse's mobile preset slows the CPU down 4×. */
const CPU_SLOWDOWN = 4;
/** After the network has settled, for the renders its last answers start. */
const SETTLE_MS = 1500;

interface Load {
  /** The long tasks' time beyond 50 ms, from the first contentful paint on. */
  blockingMs: number;
  longestMs: number;
}

async function load(browser: Browser, url: string): Promise<Load> {
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.evaluateOnNewDocument(() => {
      const tasks: [number, number][] = [];
      Object.assign(window, { benchLongTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle0' });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const { tasks, fcp } = await page.evaluate(() => ({
      tasks: (window as unknown as { benchLongTasks: [number, number][] }).benchLongTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    return {
      blockingMs: tasks
        .filter(([start]) => start >= fcp)
        .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
      longestMs: Math.max(0, ...tasks.map(([, duration]) => duration)),
    };
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await withDemoBrowser(process.env.BENCH_WEB_DIST, async ({ origin, tokens, ids, browser }) => {
  console.log(
    `${cpus().length} cores (${cpus()[0]?.model}), CPU slowed ${CPU_SLOWDOWN}×, ${RUNS} loads a screen`,
  );
  for (const name of PAGES) {
    const screen = SCREENS.find((s) => s.name === name);
    if (!screen) throw new Error(`no screen ${name} in bench/screens.ts`);
    // Signed in (or out) as the screen's role; each load is a new tab with an empty cache.
    await openAsRole(browser, origin, screen.role, tokens);
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await load(browser, origin + screen.path(ids)));
    const blocking = loads.map((l) => Math.round(l.blockingMs));
    console.log(
      `${screen.label}: blocking after the first paint ${blocking.join(', ')} ms; median ${median(blocking)} ms; longest task (median) ${Math.round(median(loads.map((l) => l.longestMs)))} ms`,
    );
  }
});
