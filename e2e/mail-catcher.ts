import fs from 'node:fs';
import path from 'node:path';
import { startMailPeer } from '../apps/server/src/test/mail-peer';
import { mailDir, UNDELIVERABLE_DOMAIN } from './worker-env';

/**
 * Playwright's global setup: for each worker's product, a real SMTP server on its port of E2E_SMTP_PORTS (that
 * product's SMTP_HOST/SMTP_PORT) that writes every message it receives (recipients and text) to the worker's
 * mail directory, so a test can follow a link its product emailed (fixtures.ts `mailTo`). It refuses (550) every
 * address at UNDELIVERABLE_DOMAIN: mail that stays undelivered in the outbox, body and links kept (outbox.spec.ts).
 * Returns the teardown.
 */
export default async function startMailCatchers() {
  const ports = process.env.E2E_SMTP_PORTS!.split(',').map(Number);
  const peers = await Promise.all(
    ports.map(async (port, i) => {
      const dir = mailDir(i);
      fs.mkdirSync(dir, { recursive: true });
      let n = 0;
      return startMailPeer(
        port,
        ({ to, text }) => {
          // Written whole, then named: a test reading the directory never sees half a message.
          const name = path.join(dir, `${Date.now()}-${++n}`);
          fs.writeFileSync(`${name}.part`, JSON.stringify({ to, text }));
          fs.renameSync(`${name}.part`, `${name}.json`);
        },
        { refuse: (address) => address.endsWith(`@${UNDELIVERABLE_DOMAIN}`) },
      );
    }),
  );
  return async () => {
    await Promise.all(peers.map((p) => p.close()));
  };
}
