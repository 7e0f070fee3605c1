import type { Area } from '@parkade/contract';
import type { SessionUser } from './auth';
import type { AdmissionChanges } from './db';
import type { TenantProperty } from './tenancy';

/*
 * What admission read of earlier requests, kept in this process (decision 0034): the tenant of a code and the
 * signed-in user of a token, so that a request whose caller was admitted a moment ago sends only its own SQL. Every
 * change to what they derive from is announced by the database (migration 0026, platform/db/changes.ts): this
 * process forgets it before answering the request that made the change, and when another process made it, as soon
 * as the notification arrives. Nothing is kept while the notifications cannot reach this process.
 */

/**
 * The hard upper age of anything kept, whatever the listener says (decision 0034): a session or a tenant is read again
 * at least this often (a session sooner when its idle clock is due).
 */
export const LONGEST_MS = 30_000;
const MAX_SESSIONS = 50_000;
const MAX_TENANTS = 2_000;
/** Changes remembered one by one (beyond this many, as a change of everything). */
const MAX_CHANGES = 10_000;

/**
 * When a request began to read (its opening): what it reads may be kept only if nothing it derives from changed
 * since (`seq` is -1 when nothing may be kept: the notifications could not reach this process).
 */
export interface Mark {
  seq: number;
  at: number;
}

interface Kept {
  session: SessionUser;
  /** Time (ms) from which the session must be read again: its idle clock to write, its expiry, LONGEST_MS. */
  until: number;
  userKey: string;
  sessionId: number;
}

/** A session's key: its area, its property (tenant area) and its token's SHA-256. */
export const sessionKey = (area: Area, propertyId: number | null, tokenHash: string) =>
  `${area}|${propertyId ?? ''}|${tokenHash}`;

/** Freezes what is shared between requests, so no request can change another's caller. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

export class AdmissionCache {
  /** Counts the announcements heard; `#changedAt` says when each session or user last changed, `#everythingAt` when everything did. */
  #seq = 0;
  #everythingAt = 0;
  readonly #changedAt = new Map<string, number>();
  readonly #tenants = new Map<string, { property: TenantProperty; until: number }>();
  readonly #sessions = new Map<string, Kept>();
  readonly #byUser = new Map<string, Set<string>>();
  readonly #bySession = new Map<number, string>();

  constructor(private readonly changes: AdmissionChanges) {
    changes.subscribe((keys) => this.forget(keys));
  }

  /** Taken before a request's opening is sent. */
  mark(): Mark {
    return { seq: this.changes.live ? this.#seq : -1, at: Date.now() };
  }

  tenant(code: string): TenantProperty | undefined {
    if (!this.changes.live) return undefined;
    const kept = this.#tenants.get(code);
    if (!kept) return undefined;
    if (Date.now() >= kept.until) {
      this.#tenants.delete(code);
      return undefined;
    }
    return kept.property;
  }

  session(key: string): SessionUser | undefined {
    if (!this.changes.live) return undefined;
    const kept = this.#sessions.get(key);
    if (!kept) return undefined;
    if (Date.now() >= kept.until) {
      this.#drop(key);
      return undefined;
    }
    return kept.session;
  }

  /** Keeps an active tenant read by a request that began at `mark`, unless something changed since. */
  keepTenant(mark: Mark, code: string, property: TenantProperty) {
    if (!this.#unchangedSince(mark)) return;
    if (this.#tenants.size >= MAX_TENANTS) this.#tenants.clear();
    this.#tenants.set(code, { property: frozen(property), until: mark.at + LONGEST_MS });
  }

  /**
   * Keeps a signed-in user read by a request that began at `mark`, for `freshForMs` from then (the session's idle
   * clock or expiry), unless something changed since.
   */
  keepSession(mark: Mark, key: string, session: SessionUser, area: Area, freshForMs: number) {
    const userKey = `u:${area}:${session.user.id}`;
    if (!this.#unchangedSince(mark, userKey, `s:${session.sessionId}`) || !(freshForMs > 0)) return;
    this.#drop(key);
    if (this.#sessions.size >= MAX_SESSIONS) {
      const oldest = this.#sessions.keys().next().value;
      if (oldest !== undefined) this.#drop(oldest);
    }
    this.#sessions.set(key, {
      session: frozen(session),
      until: mark.at + Math.min(freshForMs, LONGEST_MS),
      userKey,
      sessionId: session.sessionId,
    });
    let keys = this.#byUser.get(userKey);
    if (!keys) this.#byUser.set(userKey, (keys = new Set()));
    keys.add(key);
    this.#bySession.set(session.sessionId, key);
  }

  /** Forgets what the announced keys name: a session, a user's sessions, or everything (`*`). */
  forget(keys: readonly string[]) {
    const seq = ++this.#seq;
    if (this.#changedAt.size + keys.length > MAX_CHANGES) keys = ['*'];
    for (const change of keys) {
      if (change === '*') {
        this.#everythingAt = seq;
        this.#changedAt.clear();
        this.#tenants.clear();
        this.#sessions.clear();
        this.#byUser.clear();
        this.#bySession.clear();
        return;
      }
      this.#changedAt.set(change, seq);
      if (change.startsWith('s:')) {
        const key = this.#bySession.get(Number(change.slice(2)));
        if (key !== undefined) this.#drop(key);
      } else if (change.startsWith('u:')) {
        for (const key of [...(this.#byUser.get(change) ?? [])]) this.#drop(key);
      }
    }
  }

  /** How many sessions and tenants are kept (tests). */
  get size() {
    return { sessions: this.#sessions.size, tenants: this.#tenants.size };
  }

  /** Whether nothing (or nothing of these keys) changed since the mark, and changes are heard now. */
  #unchangedSince(mark: Mark, ...keys: string[]): boolean {
    if (!this.changes.live || mark.seq < 0 || this.#everythingAt > mark.seq) return false;
    return keys.every((k) => (this.#changedAt.get(k) ?? -1) <= mark.seq);
  }

  #drop(key: string) {
    const kept = this.#sessions.get(key);
    if (!kept) return;
    this.#sessions.delete(key);
    this.#bySession.delete(kept.sessionId);
    const keys = this.#byUser.get(kept.userKey);
    keys?.delete(key);
    if (keys && !keys.size) this.#byUser.delete(kept.userKey);
  }
}

const caches = new WeakMap<AdmissionChanges, AdmissionCache>();

/** The one cache of a database's changes (one per process and database). */
export function admissionCacheOf(changes: AdmissionChanges): AdmissionCache {
  let cache = caches.get(changes);
  if (!cache) caches.set(changes, (cache = new AdmissionCache(changes)));
  return cache;
}
