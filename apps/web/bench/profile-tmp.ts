import { writeFileSync } from 'node:fs';
import { SCREENS, openAsRole, withDemoBrowser } from './screens';
const name = process.argv[2] ?? 'buyers';
await withDemoBrowser('apps/web/dist', async ({ origin, tokens, ids, browser }) => {
  const screen = SCREENS.find((s) => s.name === name)!;
  await openAsRole(browser, origin, screen.role, tokens);
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(origin + screen.path(ids), { waitUntil: 'networkidle0' });
  await new Promise((r) => setTimeout(r, 1500));
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(`/tmp/prof-${name}.cpuprofile`, JSON.stringify(profile));
  // self time by function and by url
  const self = new Map<string, number>();
  const byUrl = new Map<string, number>();
  const dt = new Map<number, number>();
  profile.samples!.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)));
  for (const n of profile.nodes) {
    const t = (dt.get(n.id) ?? 0) / 1000;
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + t);
    const u = f.url.split('/').pop() || f.functionName;
    byUrl.set(u, (byUrl.get(u) ?? 0) + t);
  }
  console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${v.toFixed(0)} ms ${k}`).join('\n'));
  console.log('--');
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(0)} ms ${k}`).join('\n'));
});
