import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL for the fault tests (decision 0036): the product connects through it, and the
 * test makes the network fail the ways a real one does.
 * - `down()`: every connection through it is cut and new ones are refused, as while the database restarts;
 *   `up()` serves again.
 * - `freeze()`: the open connections stay open but no byte passes either way (a partition, a NAT that forgot the
 *   connection, a failover behind a load balancer); new connections pass. `thaw()` lets bytes through again.
 */
export interface TcpProxy {
  port: number;
  /** A URL like `url`, reaching its database through this proxy. */
  through(url: string): string;
  down(): void;
  up(): void;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let down = false;
  const frozen = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!frozen.has(from)) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      frozen.delete(client);
      frozen.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    for (const s of pair) {
      s.on('error', end);
      s.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    through(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    down() {
      down = true;
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
    },
    up() {
      down = false;
    },
    freeze() {
      for (const [a, b] of pairs) {
        frozen.add(a);
        frozen.add(b);
      }
    },
    thaw() {
      frozen.clear();
    },
    async close() {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
