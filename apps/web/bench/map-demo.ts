/**
 * `npm run bench:map-demo`: `/map-optimization-demo` in Debian's Chromium (issue 15's goals: the
 * first full render of every US ZIP under a second, and the frame rate while panning). Builds the
 * web app (or serves `BENCH_WEB_DIST`), starts the product on 127.0.0.1 and a free port, and opens
 * the page `BENCH_MAP_RUNS` times (default 5), each in a fresh browser context (empty cache),
 * signed out (the page is public and its data generated), at 1280 × 900, once as the machine is
 * and once with the CPU slowed down 4× (Lighthouse's mobile preset, a mid-range phone). Per visit:
 *
 * - first full render: from the start of the navigation to the end of the canvas frame with every
 *   ZIP (the page's `map-demo:first-full-render` mark): download, start-up, data and drawing;
 * - the screen's part of it: from the screen starting to unpack and project the ZIPs
 *   (`map-demo:compute-start`) to the same mark;
 * - frames per second while panning: the page's own pan test (3 s of panning in a circle at 2×
 *   zoom, one full redraw per animation frame) and the time of the frame after it;
 * - the SVG side (41,000 elements) once per setting, for comparison.
 *
 * Prints the medians and writes them into docs/benchmarks.md between its markers (not with
 * `BENCH_WEB_DIST`, whose build may not be the product's). All traffic stays on 127.0.0.1.
 */
import { cpus, totalmem } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_FLAGS, chromiumVersion, startProduct, writeReport } from './product';

const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 5);
const PREBUILT = process.env.BENCH_WEB_DIST;
export const GOAL_FIRST_RENDER_MS = 1000;

interface Visit {
  firstRenderMs: number;
  screenMs: number;
  firstFrameMs: number;
  panFps: number;
  frameAfterPanMs: number;
}

async function visit(browser: Browser, url: string, cpuSlowdown: number): Promise<Visit> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    await page.setViewport({ width: 1280, height: 900 });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=first-render-ms]')?.getAttribute('data-value'),
      {
        timeout: 60_000,
      },
    );
    // Strings, not functions: tsx names inner functions with a helper the page does not have.
    const marks = (await page.evaluate(`({
      firstRender: performance.getEntriesByName('map-demo:first-full-render')[0]?.startTime ?? NaN,
      computeStart: performance.getEntriesByName('map-demo:compute-start')[0]?.startTime ?? NaN,
      firstFrame: Number(document.querySelector('[data-testid=last-frame-ms]')?.getAttribute('data-value')),
    })`)) as { firstRender: number; computeStart: number; firstFrame: number };
    // The pan test is the page's own button (the same a visitor presses).
    const [button] = await page.$$('xpath/.//button[normalize-space()="Run pan test"]');
    if (!button) throw new Error('no pan test button');
    await button.click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=pan-fps]')?.getAttribute('data-value'),
      {
        timeout: 60_000,
      },
    );
    const pan = await page.evaluate(() => ({
      fps: Number(document.querySelector('[data-testid=pan-fps]')?.getAttribute('data-value')),
      frame: Number(document.querySelector('[data-testid=last-frame-ms]')?.getAttribute('data-value')),
    }));
    return {
      firstRenderMs: marks.firstRender,
      screenMs: marks.firstRender - marks.computeStart,
      firstFrameMs: marks.firstFrame,
      panFps: pan.fps,
      frameAfterPanMs: pan.frame,
    };
  } finally {
    await context.close();
  }
}

async function svgRender(browser: Browser, url: string, cpuSlowdown: number): Promise<number> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    await page.setViewport({ width: 1280, height: 900 });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url);
    await page.waitForFunction(
      () => document.querySelector('[data-testid=first-render-ms]')?.getAttribute('data-value'),
      {
        timeout: 60_000,
      },
    );
    const [button] = await page.$$('xpath/.//button[normalize-space()="Draw with SVG"]');
    if (!button) throw new Error('no SVG button');
    await button.click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=svg-render-ms]')?.getAttribute('data-value'),
      {
        timeout: 120_000,
      },
    );
    return page.evaluate(() =>
      Number(document.querySelector('[data-testid=svg-render-ms]')?.getAttribute('data-value')),
    );
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => Math.round(value).toLocaleString('en-US');

async function main() {
  const product = await startProduct(PREBUILT);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const url = `${product.origin}/map-optimization-demo`;
    // One visit first, not counted: the server's first answers (its caches) are not the page's.
    await visit(browser, url, 1);

    const rows: string[] = [];
    for (const [setting, slowdown] of [
      ['this machine', 1],
      ['CPU 4× slower (a mid-range phone)', 4],
    ] as const) {
      const visits: Visit[] = [];
      for (let i = 0; i < RUNS; i++) visits.push(await visit(browser, url, slowdown));
      const svg = await svgRender(browser, url, slowdown);
      const first = visits.map((v) => v.firstRenderMs);
      console.log(`${setting}: first full render ${first.map(ms).join(', ')} ms`);
      rows.push(
        `| ${setting} | ${ms(median(first))} (${ms(Math.min(...first))}–${ms(Math.max(...first))}) | ` +
          `${ms(median(visits.map((v) => v.screenMs)))} | ${median(visits.map((v) => v.firstFrameMs)).toFixed(1)} | ` +
          `${median(visits.map((v) => v.panFps)).toFixed(0)} | ${median(visits.map((v) => v.frameAfterPanMs)).toFixed(1)} | ` +
          `${ms(svg)} | ${median(visits.map((v) => v.screenMs)) < GOAL_FIRST_RENDER_MS ? 'yes' : 'no'} | ${median(first) < GOAL_FIRST_RENDER_MS ? 'yes' : 'no'} |`,
      );
    }
    await browser.disconnect();
    const markdown = [
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:map-demo\` on ${cpus().length} cores, ` +
        `${Math.round(totalmem() / 2 ** 30)} GiB, ${chromiumVersion()} (headless, software rendering), 1280 × 900, ` +
        `fresh context per visit (empty cache), signed out; medians of ${RUNS} visits (range in brackets).`,
      '',
      '| setting | first full render of every ZIP, from navigation (ms) | of which the screen (ms) | one canvas frame (ms) | frames per second while panning | frame after panning (ms) | SVG: 41,000 elements drawn (ms) | the screen under 1 s | from navigation under 1 s |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
      ...rows,
    ].join('\n');
    console.log(`\n${markdown}\n`);
    if (!PREBUILT) writeReport('map-demo', markdown);
  } finally {
    await chrome?.kill();
    await product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
