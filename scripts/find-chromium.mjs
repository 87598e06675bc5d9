#!/usr/bin/env node
/**
 * Finds a Chromium for the end-to-end tests, or installs one, before Playwright starts; prints the
 * path it found (or one line saying what to run) and writes it where playwright.config.ts reads it.
 * Order: $CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's own browsers, Chrome; then install
 * Debian's package (root with apt-get) or Playwright's Chromium (when its download is reachable).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const OUT = 'node_modules/.cache/toolwise/chromium-path';

function playwrightChromium() {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  if (!existsSync(root)) return undefined;
  for (const dir of readdirSync(root).filter((d) => /^chromium-\d+$/.test(d)).sort().reverse()) {
    for (const sub of ['chrome-linux64/chrome', 'chrome-linux/chrome', 'chrome-mac/Chromium.app/Contents/MacOS/Chromium', 'chrome-win/chrome.exe']) {
      const path = join(root, dir, sub);
      if (existsSync(path)) return path;
    }
  }
  return undefined;
}

function found() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', playwrightChromium(), '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
  return candidates.find((path) => path && existsSync(path));
}

function tryInstall() {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing Debian\'s chromium package (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }).status === 0) return;
  }
  console.log('No Chromium found: trying Playwright\'s own download (npx playwright install chromium)…');
  spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
}

let path = found();
if (!path) {
  tryInstall();
  path = found();
}
if (!path) {
  console.error('No Chromium for the end-to-end tests: run `sudo apt-get install chromium` (or `npx playwright install chromium`, or set CHROMIUM_PATH) and then npm test again.');
  process.exit(1);
}
mkdirSync('node_modules/.cache/toolwise', { recursive: true });
writeFileSync(OUT, path);
try {
  console.log(`Chromium for the e2e tests: ${path} (${execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()})`);
} catch {
  console.log(`Chromium for the e2e tests: ${path}`);
}
