import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium against the real product (DESIGN §7). Run through `npm run test:e2e`
 * (e2e/run.mjs), which finds Chromium, builds, and passes free ports and a temporary data directory.
 * Run directly (`npx playwright test -c e2e/playwright.config.ts`) it picks them itself.
 *
 * Each worker drives a product of its own (decision 0035): E2E_WORKERS servers, each on its port of E2E_PORTS, with
 * its own embedded database and demo data under E2E_DATA_DIR/w<n>, mailing its own catcher (E2E_SMTP_PORTS). A
 * worker's journeys run one after another on its product, as they did on the one product before.
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
const workers = Math.max(1, Number(process.env.E2E_WORKERS || 1));
process.env.E2E_WORKERS = String(workers);
const pick = async () => {
  const ports: number[] = [];
  while (ports.length < workers) {
    const p = await freePort();
    if (!ports.includes(p)) ports.push(p);
  }
  return ports.join(',');
};
process.env.E2E_PORTS ||= await pick();
process.env.E2E_SMTP_PORTS ||= await pick();
process.env.E2E_INSPECT_PORTS ||= await pick();
process.env.E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-e2e-'));
const ports = process.env.E2E_PORTS.split(',').map(Number);
const smtpPorts = process.env.E2E_SMTP_PORTS.split(',').map(Number);
const inspectPorts = process.env.E2E_INSPECT_PORTS.split(',').map(Number);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const topology = process.env.E2E_TOPOLOGY === '1';
if (topology && !process.env.DATABASE_URL)
  throw new Error('E2E_TOPOLOGY=1 needs DATABASE_URL (a PostgreSQL superuser)');
/** Worker i's product: its data directory. */
const productDir = (i: number) => path.join(process.env.E2E_DATA_DIR!, `w${i}`);

/** /dev/shm has at least 1 GiB free. */
function roomyShm(): boolean {
  try {
    const { bavail, bsize } = fs.statfsSync('/dev/shm');
    return bavail * bsize >= 2 ** 30;
  } catch {
    return false;
  }
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  workers,
  forbidOnly: true,
  retries: 0,
  // Under CI, the run stops after a few failures: a product or browser that stops answering would otherwise fail
  // every later journey at its full timeout and take CI past its 90 minutes with nothing learnt (decision 0045).
  maxFailures: process.env.CI === 'true' || process.env.CI === '1' ? 4 : 0,
  // A test waits on the product, never on the clock: CI may share the machine with other work, and a page that
  // takes 6 s to run its first script on a loaded 2-core box is slow, not broken. Assertions wait up to 20 s for
  // what a user would wait for (a heading, a row), a test up to 2 minutes.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // With TEST_REPORT_DIR set (.ci/run), the times per test are also written there, for the slowest-files list.
  reporter: process.env.TEST_REPORT_DIR
    ? [['list'], ['json', { outputFile: path.join(process.env.TEST_REPORT_DIR, 'e2e.json') }]]
    : [['list']],
  globalSetup: './mail-catcher.ts',
  use: {
    headless: true,
    // A failed test keeps its trace (actions and DOM snapshots); the screencast is left out: encoding a frame of
    // every paint kept Chromium's browser and GPU processes busy on every passing test (decision 0035).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromium,
      // Playwright tells Chromium to keep its shared memory in /tmp (--disable-dev-shm-usage), for containers whose
      // /dev/shm is 64 MB. Where /dev/shm is roomy, Chromium's own default (tmpfs) spares the kernel the file-backed
      // copies: a page and its axe scan took 20 % less time on this machine (decision 0035).
      ...(roomyShm() ? { ignoreDefaultArgs: ['--disable-dev-shm-usage'] } : {}),
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
  webServer: ports.map((port, i) => ({
    // What `npm start` runs after its build step (e2e/run.mjs builds first), with a free port and fresh data.
    // It listens for a debugger on a loopback port of its own: when it stops answering, e2e/fixtures.ts pauses it
    // there to print what its main thread is running (decision 0045).
    // E2E_TOPOLOGY=1 (DATABASE_URL: a PostgreSQL superuser): the product as an operator runs it instead — two servers
    // and a worker behind HAProxy, through PgBouncer (scripts/topology.mjs, decision 0055), on a database of its own.
    command: topology
      ? 'node scripts/topology.mjs --fresh'
      : `node --inspect=127.0.0.1:${inspectPorts[i]} --import tsx apps/server/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
    env: {
      PORT: String(port),
      DATA_DIR: productDir(i),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // Every journey signs in from this one address: the limit of every sign-in per address is proved by the
      // server tests (auth.test.ts), not here.
      SIGN_IN_LIMIT_PER_ADDRESS: '0',
      // The embedded database, even when the caller has DATABASE_URL set for the server tests.
      ...(topology
        ? { DATABASE_URL: process.env.DATABASE_URL!, DEMO: '1', E2E_TOPOLOGY: '1' }
        : { DATABASE_URL: '', DATABASE_ADMIN_URL: '' }),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPorts[i]),
      // The catcher offers STARTTLS with a certificate of the tests' own CA: trusted the way an operator trusts a
      // private relay, so mail goes verified as in production.
      SMTP_CA_FILE: path.join(root, 'apps/server/src/test/tls/ca.crt'),
    },
  })),
});
