import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

/**
 * Playwright's global setup: a real SMTP server on E2E_SMTP_PORT (the product's SMTP_HOST/SMTP_PORT in the
 * browser tests) that writes every message it receives to E2E_DATA_DIR/mail-catcher/, so a test can follow a
 * link the product emailed (fixtures.ts `mailTo`). Returns the teardown.
 */
export default async function startMailCatcher() {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail-catcher');
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = path.join(dir, `${Date.now()}-${++n}.json`);
        fs.writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  smtp.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1');
  await once(smtp.server, 'listening');
  return async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
