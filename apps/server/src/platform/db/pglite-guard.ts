import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/*
 * The embedded database has one connection. A transaction holds it until it ends, and every statement sent outside
 * it (client.query, client.exec, another client.transaction) waits for that end. Code that a transaction awaits and
 * that sends a statement outside the transaction therefore waits forever — and every request of the process behind
 * it — where on a server it would only take a second connection. This guard turns that into an error at once, and
 * reports any wait or transaction longer than STALL_MS on standard error with where the transaction that holds the
 * connection began, so a stall is never silent (decision 0045).
 */

/** How long a statement may wait for the connection, or a transaction hold it, before it is reported. */
export const STALL_MS = 20_000;

interface Held {
  /** Where the transaction began (its stack is read only when it is reported). */
  began: Error;
  at: number;
  ended: boolean;
}

export class OutsideTransactionError extends Error {
  constructor(began: Error) {
    super(
      'A statement was sent outside the open transaction by code that transaction awaits: on the embedded ' +
        'database it would wait forever. Send it in the transaction, or after it ends (afterCommit). The ' +
        `transaction began ${where(began)}`,
    );
    this.name = 'OutsideTransactionError';
  }
}

const where = (e: Error) => (e.stack ?? '').split('\n').slice(1).join('\n');

/**
 * Guards `client` in place: query, exec and transaction refuse to run inside one of the client's transactions, and a
 * long wait or hold is reported through `report` (standard error by default).
 */
export function guardPglite(
  client: PGlite,
  report: (message: string) => void = (m) => process.stderr.write(`${m}\n`),
): void {
  const inside = new AsyncLocalStorage<Held>();
  let holder: Held | undefined;

  const watch = <T>(what: string, run: () => Promise<T>): Promise<T> => {
    const open = inside.getStore();
    if (open && !open.ended) return Promise.reject(new OutsideTransactionError(open.began));
    const asked = Date.now();
    const timer = setTimeout(() => {
      const held = holder;
      report(
        `[embedded database] ${what} has waited ${Math.round((Date.now() - asked) / 1000)} s for the connection; ` +
          (held
            ? `it is held by a transaction open for ${Math.round((Date.now() - held.at) / 1000)} s, begun ${where(held.began)}`
            : 'no transaction holds it (a statement is still running)'),
      );
    }, STALL_MS);
    timer.unref();
    return run().finally(() => clearTimeout(timer));
  };

  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) =>
    watch('a statement', () => query(...args))) as PGlite['query'];
  client.exec = (...args: Parameters<PGlite['exec']>) => watch('a statement', () => exec(...args));
  client.transaction = <T>(callback: Parameters<PGlite['transaction']>[0]) => {
    const began = new Error('transaction');
    return watch('a transaction', () =>
      transaction(async (tx) => {
        const held: Held = { began, at: Date.now(), ended: false };
        holder = held;
        const timer = setTimeout(
          () =>
            report(
              `[embedded database] a transaction has held the connection for ${Math.round((Date.now() - held.at) / 1000)} s; it began ${where(began)}`,
            ),
          STALL_MS,
        );
        timer.unref();
        try {
          return (await inside.run(held, () => callback(tx))) as T;
        } finally {
          held.ended = true;
          if (holder === held) holder = undefined;
          clearTimeout(timer);
        }
      }),
    );
  };
}
