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

/** Starts listening; calls `lost` once if the listening connection goes; resolves to its stop. */
export type Listen = (announced: (keys: string[]) => void, lost: () => void) => Promise<() => Promise<void>>;

const RETRY_MS = 1_000;

/**
 * The changes a process hears: its own transactions' (`announce`, after their COMMIT) and every connection's (the
 * LISTEN connection, opened when the first subscriber comes). `live` is true only while that connection listens:
 * what a process keeps of admission is only trusted while changes made elsewhere reach it.
 */
export class AdmissionChanges {
  #live = false;
  #losses = 0;
  #closed = false;
  #started = false;
  #stop: (() => Promise<void>) | undefined;
  #retry: NodeJS.Timeout | undefined;
  readonly #subscribers = new Set<(keys: readonly string[]) => void>();
  #waiters: (() => void)[] = [];

  /** `listen` null: this process hears only its own transactions, so it is never live (nothing is kept). */
  constructor(private readonly listen: Listen | null) {}

  /** Whether changes made by any connection reach this process now. */
  get live(): boolean {
    return this.#live;
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
   * Resolves once changes made by any connection reach this process (the listening connection is opened); never
   * when it listens nowhere.
   */
  whenLive(): Promise<void> {
    this.#start();
    if (this.#live) return Promise.resolve();
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
    const stop = this.#stop;
    this.#stop = undefined;
    await stop?.().catch(() => undefined);
  }

  async #connect() {
    const listen = this.listen;
    if (this.#closed || !listen) return;
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      this.#live = false;
      this.#losses++;
      const stop = this.#stop;
      this.#stop = undefined;
      void stop?.().catch(() => undefined);
      // Whatever changed while nobody listened is unknown: everything is forgotten.
      this.announce(['*']);
      if (!this.#closed) {
        this.#retry = setTimeout(() => void this.#connect(), RETRY_MS);
        this.#retry.unref();
      }
    };
    try {
      const stop = await listen((keys) => this.announce(keys), lost);
      if (this.#closed || gone) {
        await stop().catch(() => undefined);
        return;
      }
      this.#stop = stop;
      this.#live = true;
      for (const resolve of this.#waiters.splice(0)) resolve();
    } catch {
      lost();
    }
  }
}
