import { once } from 'node:events';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

/**
 * The test peers' certificate (CN localhost, SAN 127.0.0.1) and the test CA that signed it: trusted by the product
 * only when SMTP_CA_FILE / env.smtp.ca names that CA, as an operator would for a private relay. Tests only.
 */
const TLS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tls');
export const TEST_CA_FILE = path.join(TLS_DIR, 'ca.crt');
export const TEST_CA = fs.readFileSync(TEST_CA_FILE, 'utf8');
export const PEER_TLS = {
  key: fs.readFileSync(path.join(TLS_DIR, 'peer.key')),
  cert: fs.readFileSync(path.join(TLS_DIR, 'peer.crt')),
};

/** A message the peer received: its recipients (lower case), the raw message and its text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  text: string;
}

/** The decoded body of one MIME entity (7bit, quoted-printable or base64), given its head and its body. */
function decodeEntity(head: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return decodeURIComponent(
      body
        .replace(/=\r?\n/g, '')
        .replace(/%/g, '%25')
        .replace(/=([0-9A-F]{2})/gi, '%$1'),
    );
  return body;
}

/** A raw message's head and body, and the parts of a multipart one (each with its own head and body). */
function entity(raw: string): { head: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  return { head: raw.slice(0, split), body: raw.slice(split + 4) };
}
function parts(raw: string): { head: string; body: string }[] {
  const { head, body } = entity(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (!/^content-type:\s*multipart\//im.test(head) || !boundary) return [{ head, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .flatMap((p) => parts(p.replace(/^\r\n/, '')));
}

/** The plain text of a raw message: its text/plain part (a mail is sent as text and HTML), decoded. */
export function mailText(raw: string): string {
  const all = parts(raw);
  const plain = all.find((p) => /^content-type:\s*text\/plain/im.test(p.head)) ?? all[0]!;
  return decodeEntity(plain.head, plain.body);
}

/** Every leaf part of a raw message (the parts of its parts): its head, and its body decoded to bytes. */
export function mailParts(raw: string): { head: string; bytes: Buffer }[] {
  return parts(raw).map(({ head, body }) => ({
    head,
    bytes: /^content-transfer-encoding:\s*base64/im.test(head)
      ? Buffer.from(body.replace(/\s/g, ''), 'base64')
      : Buffer.from(decodeEntity(head, body), 'utf8'),
  }));
}

/** The HTML part of a raw message, decoded, or null. */
export function mailHtml(raw: string): string | null {
  const html = parts(raw).find((p) => /^content-type:\s*text\/html/im.test(p.head));
  return html ? decodeEntity(html.head, html.body) : null;
}

/**
 * A real SMTP server on 127.0.0.1 (port 0: any free one) that accepts every message and hands it to `onMail`: the
 * local peer the product's mail goes to in the server tests (auth) and the browser tests (e2e/mail-catcher.ts). It
 * offers STARTTLS with the test certificate, as a real relay does; `starttls: false` makes a plain-text server.
 * `refuse` names recipients it answers 550 (mailbox unavailable), as a relay does for an address it cannot deliver.
 */
export async function startMailPeer(
  port: number,
  onMail: (mail: ReceivedMail) => void,
  options: {
    starttls?: boolean;
    refuse?: (address: string) => boolean;
    /** Accepts any user name and password (a property's own mail server settings sign in). */
    anyLogin?: boolean;
    /**
     * Holds a message's answer until the promise it returns settles (`gone` settles when its client goes away). A
     * message whose client went away meanwhile is dropped, as a relay drops one it never answered 250 to: the client
     * never heard it was taken, and will send it again.
     */
    hold?: (mail: ReceivedMail, gone: Promise<void>) => Promise<void>;
  } = {},
) {
  const starttls = options.starttls ?? true;
  /** The sessions a held message waits in: whether the client went away, and the promise that says it did. */
  const sessions = new Map<string, { closed: boolean; gone: Promise<void>; leave: () => void }>();
  const sessionOf = (id: string) => {
    let s = sessions.get(id);
    if (!s) {
      let leave = () => {};
      const gone = new Promise<void>((resolve) => (leave = resolve));
      sessions.set(id, (s = { closed: false, gone, leave }));
    }
    return s;
  };
  const smtp = new SMTPServer({
    authOptional: true,
    ...(starttls ? PEER_TLS : { disabledCommands: ['STARTTLS'] }),
    logger: false,
    ...(options.anyLogin
      ? {
          onAuth(
            auth: { username?: string },
            _session: unknown,
            callback: (e: null, r: { user: string }) => void,
          ) {
            callback(null, { user: auth.username ?? 'user' });
          },
        }
      : {}),
    onClose(session) {
      const s = sessions.get(session.id);
      sessions.delete(session.id);
      if (!s) return;
      s.closed = true;
      s.leave();
    },
    onRcptTo(address, _session, callback) {
      if (!options.refuse?.(address.address.toLowerCase())) return callback();
      const refused = new Error('Mailbox unavailable') as Error & { responseCode: number };
      refused.responseCode = 550;
      callback(refused);
    },
    onData(stream, session, callback) {
      // Its message may be held: from now on the session's close is noted.
      if (options.hold) sessionOf(session.id);
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          text: mailText(raw),
        };
        if (!options.hold) {
          onMail(mail);
          return callback();
        }
        const s = sessionOf(session.id);
        void options.hold(mail, s.gone).then(() => {
          if (s.closed) return; // never answered: not taken
          onMail(mail);
          callback();
        });
      });
    },
  });
  // A client that dies mid-conversation (the bulk bench kills a worker) resets its connection: as a relay does, the
  // peer goes on serving the others (unhandled, the reset's 'error' event ended the process).
  smtp.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  smtp.listen(port, '127.0.0.1');
  await once(smtp.server, 'listening');
  return {
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/**
 * Waits for a mail (or anything a probe finds) the delivery job will bring: probes every 100 ms, gives up after
 * 15 s naming what it waited for.
 */
export async function eventually<T>(what: string, fn: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting (15 s) for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
