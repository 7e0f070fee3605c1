#!/usr/bin/env node
// `npm run test:e2e`: the browser tests in Debian's Chromium (never a downloaded browser).
// Finds Chromium at CHROMIUM_PATH or /usr/bin/chromium. Without one it skips plainly, except under CI=true.
// Builds what `npm start` builds (when its sources changed), picks free ports and a temporary data directory, then
// runs Playwright, whose webServers start one product per worker with them (e2e/playwright.config.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from '../scripts/web-build.mjs';

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

/** n distinct free ports: all n held open at once, then released. */
async function freePorts(n) {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise((resolve, reject) => {
          const srv = net.createServer();
          srv.unref();
          srv.on('error', reject);
          srv.listen(0, '127.0.0.1', () => resolve(srv));
        }),
    ),
  );
  const ports = servers.map((srv) => /** @type {import('node:net').AddressInfo} */ (srv.address()).port);
  await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  return ports;
}

ensureWebBuild();

// Each Playwright worker drives a product of its own (its own port, data directory and mail catcher), so two
// journeys never share a database: E2E_WORKERS of them, started by playwright.config.ts. By default one per two
// cores: a worker's Chromium and product keep about two cores busy, so on a 2-core machine a second worker only
// halves the speed of each (decision 0035).
const workers = Math.max(1, Number(process.env.E2E_WORKERS || Math.floor(os.availableParallelism() / 2)));
const free = await freePorts(3 * workers);
const ports = process.env.E2E_PORTS || free.slice(0, workers).join(',');
const smtpPorts = process.env.E2E_SMTP_PORTS || free.slice(workers, 2 * workers).join(',');
const inspectPorts = process.env.E2E_INSPECT_PORTS || free.slice(2 * workers).join(',');
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-e2e-'));
console.log(`Browser tests in ${chromium}; ${workers} products on ports ${ports}, data in ${dataDir}`);

const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
const result = spawnSync(
  process.execPath,
  [cli, 'test', '--config', path.join(root, 'e2e', 'playwright.config.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      E2E_WORKERS: String(workers),
      E2E_PORTS: ports,
      E2E_SMTP_PORTS: smtpPorts,
      E2E_INSPECT_PORTS: inspectPorts,
      E2E_DATA_DIR: dataDir,
    },
  },
);
if (!process.env.E2E_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
if (result.error) console.error(result.error);
process.exit(result.status ?? 1);
