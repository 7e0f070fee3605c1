import type { TestInfo } from '@playwright/test';
import WebSocket from 'ws';
import { workerInspectPort, workerPort } from './worker-env';

/*
 * After a failed journey, whether its product still answers and, when not, what its main thread is running
 * (decision 0045): the `productAfterFailure` fixture of e2e/fixtures.ts.
 */

/**
 * A product that does not answer: what its main thread is running. Each product listens for a debugger on its own
 * loopback port (playwright.config.ts); the inspector answers from a thread of its own and pauses the main thread
 * wherever it is, even inside the embedded database's WebAssembly. A thread that does not pause within 5 s is idle:
 * the product waits on something that never comes (the embedded database guard reports such waits on its stderr).
 */
async function productStack(): Promise<string> {
  try {
    const targets = (await (
      await fetch(`http://127.0.0.1:${workerInspectPort}/json/list`, { signal: AbortSignal.timeout(5000) })
    ).json()) as { webSocketDebuggerUrl: string }[];
    const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const paused = new Promise<string>((resolve) => {
      socket.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString()) as {
          method?: string;
          params?: {
            callFrames: { functionName: string; url: string; location: { lineNumber: number } }[];
          };
        };
        if (m.method !== 'Debugger.paused') return;
        resolve(
          m
            .params!.callFrames.slice(0, 40)
            .map((f) => `    at ${f.functionName || '(anonymous)'} (${f.url}:${f.location.lineNumber + 1})`)
            .join('\n'),
        );
      });
    });
    const send = (id: number, method: string) => socket.send(JSON.stringify({ id, method }));
    send(1, 'Debugger.enable');
    send(2, 'Debugger.pause');
    const stack = await Promise.race([
      paused,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
    ]);
    send(3, 'Debugger.resume');
    send(4, 'Debugger.disable');
    socket.close();
    return stack === null
      ? 'its main thread is idle: it waits on something that never comes'
      : `its main thread is running:\n${stack}`;
  } catch (e) {
    return `its main thread could not be inspected: ${(e as Error).message}`;
  }
}

/** The fixture: after a failed test, attaches to its report whether the product answers, and its stack when not. */
export async function reportProductAfterFailure(
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern: this
  // one needs none.
  // eslint-disable-next-line no-empty-pattern
  {}: object,
  use: () => Promise<void>,
  testInfo: TestInfo,
): Promise<void> {
  await use();
  if (testInfo.status === testInfo.expectedStatus) return;
  const started = Date.now();
  const said = await fetch(`http://127.0.0.1:${workerPort}/api/health`, {
    signal: AbortSignal.timeout(10_000),
  }).then(
    async (r) => `answered ${r.status} in ${Date.now() - started} ms: ${(await r.text()).slice(0, 300)}`,
    (e: Error) => `did not answer within 10 s (${e.name}: ${e.message})`,
  );
  const stack = said.startsWith('did not answer') ? `\n${await productStack()}` : '';
  await testInfo.attach('the product after the failure', {
    body: `The product on port ${workerPort} ${said}${stack}`,
    contentType: 'text/plain',
  });
}
