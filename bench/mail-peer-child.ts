/**
 * The bulk-mail bench's SMTP peer in a process of its own: the project's test peer (apps/server/src/test/mail-peer.ts,
 * plain text, no STARTTLS), so that the peer's work is not done on the event loop of the job it measures (a real
 * relay is elsewhere too). Reports each accepted mail (its recipients and Message-ID) and each refused recipient to
 * the parent in batches; refuses the addresses the parent names.
 */
import { startMailPeer } from '../apps/server/src/test/mail-peer';

export type PeerCommand = { refuse: string[]; seq: number } | { flush: number };
export type PeerReport =
  { port: number } | { ack: number } | { mails: [string[], string | null][]; refusals: string[] };

let refused = new Set<string>();
let mails: [string[], string | null][] = [];
let refusals: string[] = [];
const send = (m: PeerReport) => process.send!(m);

function flush() {
  if (!mails.length && !refusals.length) return;
  send({ mails, refusals });
  mails = [];
  refusals = [];
}

async function main() {
  const peer = await startMailPeer(
    0,
    (m) => mails.push([m.to, /^message-id:\s*(<[^>\r\n]+>)/im.exec(m.raw)?.[1] ?? null]),
    {
      starttls: false,
      refuse: (address) => {
        if (!refused.has(address)) return false;
        refusals.push(address);
        return true;
      },
    },
  );
  setInterval(flush, 10);
  process.on('message', (m: PeerCommand) => {
    if ('refuse' in m) {
      refused = new Set(m.refuse.map((a) => a.toLowerCase()));
      send({ ack: m.seq });
    } else {
      flush();
      send({ ack: m.flush });
    }
  });
  process.on('disconnect', () => void peer.close().then(() => process.exit(0)));
  send({ port: peer.port });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
