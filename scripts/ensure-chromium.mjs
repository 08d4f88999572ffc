// Browser tests use Debian's Chromium, never a downloaded browser. When it is missing, install it
// with apt-get where we can (root), otherwise stop with a one-line instruction.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) {
  console.error(
    `Chromium not found at ${chromium}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
console.log("Chromium is missing: installing Debian's chromium package…");
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
if (!existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing; set CHROMIUM_PATH to the browser.`);
  process.exit(1);
}
