#!/usr/bin/env node
// `npm run test:e2e`: the browser tests in Debian's Chromium (never a downloaded browser).
// Finds Chromium at CHROMIUM_PATH or /usr/bin/chromium. Without one it skips plainly, except under CI=true.
// Builds what `npm start` builds, picks a free port and a temporary data directory, then runs Playwright,
// whose webServer starts the product with them (e2e/playwright.config.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean);
  for (const c of candidates) {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      return c;
    } catch {
      // try the next one
    }
  }
  return undefined;
}

const chromium = findChromium();
if (!chromium) {
  const where = process.env.CHROMIUM_PATH
    ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} (not an executable file) or /usr/bin/chromium`
    : 'CHROMIUM_PATH (unset) or /usr/bin/chromium';
  if (ci) {
    console.error(
      `\nE2E FAILED: no Chromium found at ${where}.\n` +
        `Under CI=true the browser tests must run. Install Debian's package: apt-get install -y chromium\n`,
    );
    process.exit(1);
  }
  console.log(
    `\nBrowser tests SKIPPED: no Chromium found at ${where}.\n` +
      `Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH to run them.\n`,
  );
  process.exit(0);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
console.log('Building what `npm start` builds (npm run build)…');
const build = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('E2E FAILED: npm run build failed');
  process.exit(build.status ?? 1);
}

const port = process.env.E2E_PORT || String(await freePort());
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-e2e-'));
console.log(`Browser tests in ${chromium}; product on port ${port}, data in ${dataDir}`);

const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
const result = spawnSync(
  process.execPath,
  [cli, 'test', '--config', path.join(root, 'e2e', 'playwright.config.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: port, E2E_DATA_DIR: dataDir },
  },
);
if (!process.env.E2E_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
if (result.error) console.error(result.error);
process.exit(result.status ?? 1);
