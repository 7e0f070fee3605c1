import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium against the real product (DESIGN §7). Run through `npm run test:e2e`
 * (e2e/run.mjs), which finds Chromium, builds, and passes a free port and a temporary data directory.
 * Run directly (`npx playwright test -c e2e/playwright.config.ts`) it picks them itself.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

// Set once in the runner process; the test workers inherit them through the environment.
process.env.E2E_PORT ||= String(await freePort());
process.env.E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-e2e-'));
// The product's mail goes to a real SMTP server of the tests' own (e2e/mail-catcher.ts).
process.env.E2E_SMTP_PORT ||= String(await freePort());
const port = Number(process.env.E2E_PORT);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  // A test waits on the product, never on the clock: CI may share the machine with other work, and a page that
  // takes 6 s to run its first script on a loaded 2-core box is slow, not broken. Assertions wait up to 20 s for
  // what a user would wait for (a heading, a row), a test up to 2 minutes.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  globalSetup: './mail-catcher.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      // Never --user-data-dir here: Playwright gives each context a fresh one and rejects it in args.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // What `npm start` runs after its build step (e2e/run.mjs builds first), with a free port and fresh data.
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // The embedded database, even when the caller has DATABASE_URL set for the server tests.
      DATABASE_URL: '',
      DATABASE_ADMIN_URL: '',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: process.env.E2E_SMTP_PORT,
      // The catcher offers STARTTLS with a certificate of the tests' own CA: trusted the way an operator trusts a
      // private relay, so mail goes verified as in production.
      SMTP_CA_FILE: path.join(root, 'apps/server/src/test/tls/ca.crt'),
    },
  },
});
