/**
 * The mixed load driver's bookkeeping (decision 0056): each HTTP call timed under its kind, its status or its
 * network error counted, and each write the driver sends written in the ledger with the key that identifies its row
 * and what became of it — acknowledged (2xx), failed (another status) or unanswered (no answer: a network error or
 * the driver's timeout). Plain fetch (undici, keep-alive): every call is awaited, so the ledger knows each answer.
 */
import type { MixedSeed } from './mixed-data';

/** The writes the ledger follows, each with the key of its row. */
export const WRITE_KINDS = [
  'public visitor',
  'staff visitor',
  'resident visitor',
  'resident vehicle',
  'resident permit',
  'check-in',
  'check-out',
  'observation',
  'user create',
  'user edit',
  'role create',
  'role edit',
] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];
export type Outcome = 'acknowledged' | 'failed' | 'unanswered';

export interface LedgerEntry {
  kind: WriteKind;
  /**
   * What identifies the row: a plate the driver chose (visitors, vehicles), the observation's client key, a username
   * or role name; for a permit the vehicle's id, for a check-in the inspector's id, for a check-out the check-in's id,
   * for an edit the row's id.
   */
  key: string;
  /** The id the server answered (acknowledged writes that make a row). */
  id?: number;
  /** What an edit wrote (checked against the row's final state), or the check-in an observation belongs to. */
  value?: string;
  /** Sent as x-request-id: the audit log's entry of the write carries it. */
  requestId: string;
  outcome: Outcome;
  status?: number;
  loop: number;
  /** The order of the loop's writes (a loop's edits of its own rows are sequential). */
  seq: number;
}

/**
 * The p-th percentile of sorted figures (nearest rank), as bench/load.ts computes it — not imported from there: that
 * file, loaded in a child process, answers every IPC message with autocannon.
 */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

export interface CallFigures {
  name: string;
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
  /** Calls that got no answer: network errors and the driver's timeout. */
  network: number;
}

export interface Answer {
  status: number;
  body: unknown;
}

export class Recorder {
  private times = new Map<string, number[]>();
  private statuses = new Map<string, Record<string, number>>();
  private network = new Map<string, number>();
  /** The first few refusals of each kind, with their bodies, for whoever reads the run. */
  readonly samples: string[] = [];
  readonly ledger: LedgerEntry[] = [];
  private requests = 0;

  constructor(
    readonly origin: string,
    readonly tenant: string,
    readonly timeoutMs: number,
  ) {}

  /** A request id of this driver: unique in the run, found again in the audit log. */
  requestId(loop: number) {
    return `mix-${loop}-${(this.requests++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  }

  /** One call, timed under `kind`; null when no answer came. */
  async call(
    kind: string,
    method: string,
    path: string,
    opts: {
      token?: string;
      json?: unknown;
      form?: FormData;
      address?: string;
      requestId?: string;
      /** Area: the tenant API (default) or none (a path of its own, as /api/health). */
      raw?: boolean;
    } = {},
  ): Promise<Answer | null> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (!opts.raw) headers['x-tenant'] = this.tenant;
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    if (opts.address) headers['x-forwarded-for'] = opts.address;
    if (opts.requestId) headers['x-request-id'] = opts.requestId;
    const began = performance.now();
    try {
      const res = await fetch(`${this.origin}${opts.raw ? '' : '/tenant/api'}${path}`, {
        method,
        headers,
        body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await res.text();
      this.time(kind, performance.now() - began);
      const counts = this.statuses.get(kind) ?? {};
      counts[res.status] = (counts[res.status] ?? 0) + 1;
      this.statuses.set(kind, counts);
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: kept as text.
      }
      if ((res.status < 200 || res.status > 299) && this.samples.length < 40)
        this.samples.push(`${kind}: ${res.status} ${text.slice(0, 300)}`);
      return { status: res.status, body };
    } catch (e) {
      this.network.set(kind, (this.network.get(kind) ?? 0) + 1);
      if (this.samples.length < 40)
        this.samples.push(`${kind}: no answer (${e instanceof Error ? e.message : String(e)})`);
      return null;
    }
  }

  private time(kind: string, ms: number) {
    const list = this.times.get(kind) ?? [];
    list.push(ms);
    this.times.set(kind, list);
  }

  /** A write sent: its answer written in the ledger. */
  write(
    entry: Omit<LedgerEntry, 'outcome' | 'status'>,
    answer: Answer | null,
  ): LedgerEntry & { ok: boolean } {
    const outcome: Outcome = !answer
      ? 'unanswered'
      : answer.status >= 200 && answer.status < 300
        ? 'acknowledged'
        : 'failed';
    const e: LedgerEntry = { ...entry, outcome, ...(answer ? { status: answer.status } : {}) };
    this.ledger.push(e);
    return { ...e, ok: outcome === 'acknowledged' };
  }

  figures(seconds: number): CallFigures[] {
    const names = [...new Set([...this.times.keys(), ...this.network.keys()])];
    return names.map((name) => {
      const times = [...(this.times.get(name) ?? [])].sort((a, b) => a - b);
      const network = this.network.get(name) ?? 0;
      return {
        name,
        count: times.length + network,
        perSecond: (times.length + network) / seconds,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        statuses: this.statuses.get(name) ?? {},
        network,
      };
    });
  }
}

/** Errors of a kind's calls: answers outside 2xx, and calls without an answer. */
export const errorsOf = (f: CallFigures) =>
  Object.entries(f.statuses).reduce((n, [s, c]) => n + (s.startsWith('2') ? 0 : c), 0) + f.network;

/** A number written in capital letters (A, B, … Z, BA, …): names allow letters only. */
export function letters(n: number): string {
  let s = '';
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s;
}

export interface Account {
  token: string;
  id: number;
}

/** What the driver is given: where, how long, the seed's data and every account signed in. */
export interface MixedPlan {
  origin: string;
  connections: number;
  duration: number;
  timeoutMs?: number;
  /** Where the loops' sequences start: a run after another on the same data (the warm-up) names new rows. */
  seqStart?: number;
  seed: MixedSeed;
  posterToken: string;
  managers: string[];
  inspectors: Account[];
  residents: Account[];
  /** The staff whose role the loop's edits change, one per loop. */
  clerks: Account[];
}

/** The state of one loop: its plan, its counters and what it registered. */
export interface Loop {
  n: number;
  seq: number;
  rec: Recorder;
  plan: MixedPlan;
  until: number;
  /** Plates the loop registered, looked up in its rounds too. */
  registered: string[];
  /** A check-in or check-out got no answer, or the run ended in a round: the next round closes what is open. */
  roundLeftOpen: boolean;
}
