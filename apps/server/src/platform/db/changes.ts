import { randomBytes } from 'node:crypto';
/*
 * Changes to what admission reads (the tenant, the session, its user, role, settings and open check-in), announced
 * by the database itself (migration 0026, decision 0034): each change is a key — `s:<session id>`,
 * `u:<area>:<user id>` or `*` (everything) — sent with NOTIFY on ADMISSION_CHANNEL to every server listening, and
 * gathered in the transaction's setting `parkade.admission_changed`, which the writing server reads with its COMMIT
 * (PENDING_CHANGES_SQL). So a server
 * forgets what changed before it answers the request that changed it, and other servers a moment later.
 */

export const ADMISSION_CHANNEL = 'parkade_admission';

/** Read with a transaction's COMMIT: the keys its statements announced, space-separated, or `*`. */
export const PENDING_CHANGES_SQL = "select current_setting('parkade.admission_changed', true) as changed";

/** The keys of a NOTIFY payload or of the pending setting (null or empty: none). */
export function changeKeys(text: string | null | undefined): string[] {
  if (!text) return [];
  return text.split(' ').filter(Boolean);
}

/**
 * Starts listening; calls `lost` once if the listening connection goes; resolves to its stop. With `beats`, the same
 * connection also listens on the heartbeat's channel and hands its payloads to `heard`.
 */
export type Listen = (
  announced: (keys: string[]) => void,
  lost: () => void,
  beats?: { channel: string; heard: (payload: string) => void },
) => Promise<(lost?: boolean) => Promise<void>>;

/** Sends a notification through the database on another connection than the listening one (the write pool). */
export type Notify = (channel: string, payload: string) => Promise<void>;

const RETRY_MS = 1_000;
/** A heartbeat is sent this often (decision 0034). */
export const HEARTBEAT_EVERY_MS = 2_000;
/**
 * The listener counts as lost when no heartbeat came back for this long: a change made by another process is heard,
 * or everything kept is forgotten, at most this long after it committed (the bound of staleness, decision 0034).
 */
export const HEARD_WITHIN_MS = 6_000;

export interface ChangesOptions {
  /**
   * How the heartbeat is sent (a server: through the write pool). Without it the listener is trusted while
   * connected (the embedded database, in the process, cannot go silent).
   */
  notify?: Notify;
  /** Where a listener that does not hear this process's own heartbeat is reported. */
  warn?: (message: string) => void;
}

/**
 * The changes a process hears: its own transactions' (`announce`, after their COMMIT) and every connection's (the
 * LISTEN connection, opened when the first subscriber comes). `live` is true only while that connection is proven
 * to hear: on a server, by a heartbeat this process sends itself through the database (NOTIFY on a channel of its
 * own, by the write pool) every HEARTBEAT_EVERY_MS, which must come back on the listening connection within
 * HEARD_WITHIN_MS. Notifications reach a listener in commit order, so a heartbeat heard means every change committed
 * before it was heard too. The first heartbeat of a connection also proves that it listens on the database this
 * process writes to; until one comes back nothing is kept. A connection that stays silent (a partition, a NAT or a
 * failover that never closes the socket) is dropped as lost: everything kept is forgotten and it connects again.
 */
export class AdmissionChanges {
  #live = false;
  #losses = 0;
  #closed = false;
  #started = false;
  #stop: ((lost?: boolean) => Promise<void>) | undefined;
  #retry: NodeJS.Timeout | undefined;
  #beat: NodeJS.Timeout | undefined;
  /** When the last heartbeat came back (or the connection listened, before the first one). */
  #heardAt = 0;
  #warned = false;
  readonly #channel = `parkade_beat_${randomBytes(6).toString('hex')}`;
  readonly #subscribers = new Set<(keys: readonly string[]) => void>();
  #waiters: (() => void)[] = [];

  /** `listen` null: this process hears only its own transactions, so it is never live (nothing is kept). */
  constructor(
    private readonly listen: Listen | null,
    private readonly options: ChangesOptions = {},
  ) {}

  /** Whether changes made by any connection are known to reach this process now. */
  get live(): boolean {
    if (!this.#live) return false;
    // A late timer (a busy event loop) does not extend the trust: past the bound, nothing is kept.
    if (this.options.notify && Date.now() - this.#heardAt > HEARD_WITHIN_MS) return false;
    return true;
  }

  /** How many times the listening connection was lost (tests). */
  get losses(): number {
    return this.#losses;
  }

  /** Calls fn with the keys of every change heard from now on (a lost connection is heard as `*`). */
  subscribe(fn: (keys: readonly string[]) => void): () => void {
    this.#subscribers.add(fn);
    this.#start();
    return () => this.#subscribers.delete(fn);
  }

  /**
   * Resolves once changes made by any connection reach this process (the listening connection is opened and, on a
   * server, its first heartbeat came back); never when it listens nowhere.
   */
  whenLive(): Promise<void> {
    this.#start();
    if (this.live) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #start() {
    if (this.#started || !this.listen) return;
    this.#started = true;
    void this.#connect();
  }

  /** The keys a transaction of this process announced, once it committed. */
  announce(keys: readonly string[]) {
    if (keys.length) for (const fn of this.#subscribers) fn(keys);
  }

  async close() {
    this.#closed = true;
    this.#live = false;
    if (this.#retry) clearTimeout(this.#retry);
    if (this.#beat) clearInterval(this.#beat);
    const stop = this.#stop;
    this.#stop = undefined;
    await stop?.().catch(() => undefined);
  }

  #proven() {
    this.#live = true;
    if (this.#warned)
      this.options.warn?.('the listening connection hears this server again: admission keeps again');
    this.#warned = false;
    for (const resolve of this.#waiters.splice(0)) resolve();
  }

  async #connect() {
    const listen = this.listen;
    if (this.#closed || !listen) return;
    let gone = false;
    let proven = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      this.#live = false;
      this.#losses++;
      if (this.#beat) clearInterval(this.#beat);
      this.#beat = undefined;
      const stop = this.#stop;
      this.#stop = undefined;
      void stop?.(true).catch(() => undefined);
      // Whatever changed while nobody listened is unknown: everything is forgotten.
      this.announce(['*']);
      if (!this.#closed) {
        this.#retry = setTimeout(() => void this.#connect(), RETRY_MS);
        this.#retry.unref();
      }
    };
    const notify = this.options.notify;
    const beats = notify
      ? {
          channel: this.#channel,
          heard: () => {
            if (gone) return;
            this.#heardAt = Date.now();
            if (!proven) {
              proven = true;
              this.#proven();
            }
          },
        }
      : undefined;
    try {
      const stop = await listen((keys) => this.announce(keys), lost, beats);
      if (this.#closed || gone) {
        await stop(true).catch(() => undefined);
        return;
      }
      this.#stop = stop;
      if (!notify) {
        this.#proven();
        return;
      }
      this.#heardAt = Date.now();
      let sent = 0;
      let unsent = false;
      const beat = () => {
        if (gone) return;
        if (Date.now() - this.#heardAt > HEARD_WITHIN_MS) {
          if (!this.#warned)
            this.options.warn?.(
              unsent
                ? 'the heartbeat could not be sent (the database is unavailable): nothing is kept between requests until it is heard again'
                : proven
                  ? 'the listening connection (DATABASE_LISTEN_URL, by default DATABASE_URL) went silent: nothing is kept between requests until it hears this server again'
                  : 'the listening connection (DATABASE_LISTEN_URL, by default DATABASE_URL) does not hear what this server writes: it must reach the same database as DATABASE_URL; nothing is kept between requests until it does',
            );
          this.#warned = true;
          lost();
          return;
        }
        notify(this.#channel, String(++sent)).then(
          () => (unsent = false),
          () => (unsent = true),
        );
      };
      beat();
      this.#beat = setInterval(beat, HEARTBEAT_EVERY_MS);
      this.#beat.unref();
    } catch {
      lost();
    }
  }
}
