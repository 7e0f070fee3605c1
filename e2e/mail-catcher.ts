import fs from 'node:fs';
import path from 'node:path';
import { startMailPeer } from '../apps/server/src/test/mail-peer';

/**
 * Playwright's global setup: a real SMTP server on E2E_SMTP_PORT (the product's SMTP_HOST/SMTP_PORT in the
 * browser tests) that writes every message it receives (recipients and text) to E2E_DATA_DIR/mail-catcher/, so a
 * test can follow a link the product emailed (fixtures.ts `mailTo`). Returns the teardown.
 */
export default async function startMailCatcher() {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail-catcher');
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const peer = await startMailPeer(Number(process.env.E2E_SMTP_PORT), ({ to, text }) =>
    fs.writeFileSync(path.join(dir, `${Date.now()}-${++n}.json`), JSON.stringify({ to, text })),
  );
  return peer.close;
}
