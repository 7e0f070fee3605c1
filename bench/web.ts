/**
 * `npm run bench:web`: what a person meets first, measured beside its targets (issue 15). Nothing asserts.
 *
 *   1. `npm start` to its first answer: on a new embedded database (migrations and demo data), then again on the
 *      same database, as someone restarting it would (target ≤ 5 s).
 *   2. The sign-in page in Chromium: requests, bytes on the wire, and the JavaScript it needs, compressed as sent
 *      and as it is after decompression (target ≤ 200 KB compressed).
 *   3. Lighthouse (mobile, its default simulated slow 4G and 4× CPU) on the sign-in page: the performance score and
 *      its metrics (target ≥ 90), in the system Chromium.
 *   4. The same two on the visitor registration page a property's poster opens (Oakridge's, of the demo data; issue
 *      36 §18: Lighthouse ≥ 90), beside the sign-in page's figures.
 *
 * Needs Chromium at CHROMIUM_PATH or /usr/bin/chromium (Debian's package). Builds the web app first when its build
 * is out of date (npm start does that).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
const TARGET = { startMs: 5000, loginJsKb: 200, visitorJsKb: 215, lighthouse: 90 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs `npm start` and waits for its first answer on /api/health; answers the elapsed milliseconds. */
async function start(port: number, dataDir: string): Promise<{ ms: number; child: ChildProcess }> {
  const began = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { ms: performance.now() - began, child };
    await new Promise((r) => setTimeout(r, 25));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface PageWeight {
  requests: number;
  wireKb: number;
  jsFiles: number;
  jsWireKb: number;
  jsDecodedKb: number;
  compressed: boolean;
}

/** A page as Chromium loads it, until its form is drawn (`ready`, a selector) and the network is quiet. */
async function pageWeight(url: string, ready: string): Promise<PageWeight> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const meta = new Map<string, { url: string; encoding: string; headerBytes: number }>();
    const decoded = new Map<string, number>();
    const done: { id: string; bytes: number }[] = [];
    cdp.on('Network.responseReceived', (e) =>
      meta.set(e.requestId, {
        url: e.response.url,
        // What arrived before the body: the response's headers. The JavaScript figure counts bodies, as the
        // build's budget does (apps/web/scripts/compress.mjs); "on the wire" counts both.
        headerBytes: e.response.encodedDataLength,
        encoding: String(
          e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '',
        ),
      }),
    );
    cdp.on('Network.dataReceived', (e) =>
      decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength),
    );
    // Quiet = nothing in flight for 500 ms. Chromium's own network-idle can come while the entry chunk still runs,
    // before the route's code is asked for (a busy machine), so the page counts once its form is drawn and quiet.
    let inFlight = 0;
    let lastActivity = performance.now();
    cdp.on('Network.requestWillBeSent', () => {
      inFlight++;
      lastActivity = performance.now();
    });
    cdp.on('Network.loadingFailed', () => {
      inFlight--;
      lastActivity = performance.now();
    });
    cdp.on('Network.loadingFinished', (e) => {
      inFlight--;
      lastActivity = performance.now();
      done.push({ id: e.requestId, bytes: e.encodedDataLength });
    });
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    while (inFlight > 0 || performance.now() - lastActivity < 500) await page.waitForTimeout(100);
    const js = done.filter((d) => meta.get(d.id)?.url.endsWith('.js'));
    const kb = (n: number) => n / 1024;
    return {
      requests: done.length,
      wireKb: kb(done.reduce((a, d) => a + d.bytes, 0)),
      jsFiles: js.length,
      jsWireKb: kb(js.reduce((a, d) => a + d.bytes - (meta.get(d.id)?.headerBytes ?? 0), 0)),
      jsDecodedKb: kb(js.reduce((a, d) => a + (decoded.get(d.id) ?? 0), 0)),
      compressed: js.every((d) => /br|gzip/.test(meta.get(d.id)?.encoding ?? '')),
    };
  } finally {
    await browser.close();
  }
}

interface LighthouseResult {
  score: number;
  metrics: Record<string, string>;
}

function lighthouse(url: string): LighthouseResult | null {
  const bin = path.join(root, 'node_modules/.bin/lighthouse');
  const out = path.join(os.tmpdir(), `parkade-lighthouse-${process.pid}.json`);
  const run = spawnSync(
    bin,
    [
      url,
      '--only-categories=performance',
      '--form-factor=mobile',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0 || !fs.existsSync(out)) return null;
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { displayValue?: string }>;
  };
  fs.rmSync(out, { force: true });
  const metric = (id: string) => report.audits[id]?.displayValue ?? '-';
  return {
    score: Math.round(report.categories.performance.score * 100),
    metrics: {
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
      'Speed Index': metric('speed-index'),
    },
  };
}

/**
 * The demo property Oakridge's poster link, as its manager reads it (GET /visitor-poster), on Oakridge's own host
 * (`oakridge.localhost`, which Chromium sends to this machine).
 */
async function posterUrl(port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}/tenant/api`;
  const headers = { 'content-type': 'application/json', accept: 'application/json', 'x-tenant': 'oakridge' };
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'manager@oakridge.test', password: 'demo1234' }),
  });
  if (!login.ok) throw new Error(`the demo manager could not sign in: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const poster = await fetch(`${base}/visitor-poster`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  if (!poster.ok) throw new Error(`GET /visitor-poster answered ${poster.status}`);
  const { url } = (await poster.json()) as { url: string };
  return url.replace(/^https?:\/\/[^/]+/, `http://oakridge.localhost:${port}`);
}

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

async function main() {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`web bench skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkade-bench-web-'));
  const port = await freePort();
  console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`);
  try {
    const first = await start(port, dataDir);
    await stop(first.child);
    const again = await start(port, dataDir);
    console.log(
      `npm start → first answer: new embedded database ${(first.ms / 1000).toFixed(1)} s; the same database ` +
        `again ${(again.ms / 1000).toFixed(1)} s — target ≤ ${TARGET.startMs / 1000} s: ${verdict(again.ms <= TARGET.startMs)}`,
    );
    const pages = [
      {
        name: 'sign-in page',
        url: `http://localhost:${port}/auth/login`,
        ready: 'input[type="password"]',
        budgetKb: TARGET.loginJsKb,
      },
      {
        name: 'visitor registration page (the poster)',
        url: await posterUrl(port),
        ready: 'input[autocomplete="name"]',
        budgetKb: TARGET.visitorJsKb,
      },
    ];
    for (const p of pages) {
      const weight = await pageWeight(p.url, p.ready);
      console.log(
        `${p.name}: ${weight.requests} requests, ${weight.wireKb.toFixed(0)} KB on the wire; JavaScript ` +
          `${weight.jsFiles} files, ${weight.jsWireKb.toFixed(0)} KB as sent (${weight.compressed ? 'all compressed' : 'NOT all compressed'}), ` +
          `${weight.jsDecodedKb.toFixed(0)} KB decompressed — target ≤ ${p.budgetKb} KB: ` +
          verdict(weight.jsWireKb <= p.budgetKb),
      );
      const lh = lighthouse(p.url);
      console.log(
        lh
          ? `Lighthouse (mobile) on the ${p.name}: performance ${lh.score} — target ≥ ${TARGET.lighthouse}: ` +
              `${verdict(lh.score >= TARGET.lighthouse)} (${Object.entries(lh.metrics)
                .map(([k, v]) => `${k} ${v}`)
                .join(', ')})`
          : 'Lighthouse: did not run (node_modules/.bin/lighthouse missing or failed)',
      );
    }
    await stop(again.child);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
