import path from 'node:path';

/**
 * Which product this Playwright worker drives (playwright.config.ts): the worker's parallel index picks its port of
 * E2E_PORTS and its directory under E2E_DATA_DIR. Outside a worker (the runner), index 0.
 */
export const workerIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The port of this worker's product. */
export const workerPort = Number((process.env.E2E_PORTS ?? '').split(',')[workerIndex]);

/** The loopback port where this worker's product listens for a debugger (playwright.config.ts). */
export const workerInspectPort = Number((process.env.E2E_INSPECT_PORTS ?? '').split(',')[workerIndex]);

/** Where the mail catcher of worker `index` writes what its product sent. */
export const mailDir = (index = workerIndex) =>
  path.join(process.env.E2E_DATA_DIR!, `w${index}`, 'mail-catcher');

/** Mail to an address of this domain is refused by the mail catcher: it stays undelivered in the product's outbox. */
export const UNDELIVERABLE_DOMAIN = 'undeliverable.test';
