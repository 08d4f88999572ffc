// Browser tests use Debian's Chromium, never a downloaded browser. When it is missing, install it
// with apt-get where we can (root), otherwise stop with a one-line instruction. Where we can, also
// Debian's headless shell of the same Chromium, which the browser tests prefer (lighter); without
// it they run in the full browser.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const headlessShell = '/usr/bin/chromium-headless-shell';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

/** Installs Debian packages; whether apt-get succeeded. */
function aptInstall(packages, { update }) {
  try {
    if (update) execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
      stdio: 'inherit',
      env,
    });
    return true;
  } catch {
    return false;
  }
}

if (existsSync(chromium)) {
  if (!process.env.CHROMIUM_PATH && !existsSync(headlessShell) && isRoot && hasApt) {
    console.log("Installing Debian's chromium-headless-shell for the browser tests…");
    // From the package lists as they are first, then fresh ones; without it the tests use chromium.
    if (!aptInstall(['chromium-headless-shell'], { update: false }))
      aptInstall(['chromium-headless-shell'], { update: true });
  }
  process.exit(0);
}
if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) {
  console.error(
    `Chromium not found at ${chromium}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
console.log("Chromium is missing: installing Debian's chromium and chromium-headless-shell packages…");
if (!aptInstall(['chromium', 'chromium-headless-shell'], { update: true }))
  aptInstall(['chromium'], { update: false });
if (!existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing; set CHROMIUM_PATH to the browser.`);
  process.exit(1);
}
