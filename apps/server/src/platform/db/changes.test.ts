import type { AuthUser } from '@parkade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdmissionCache, LONGEST_MS, sessionKey } from '../admission-cache';
import type { SessionUser } from '../auth';
import { AdmissionChanges, changeKeys, HEARD_WITHIN_MS, HEARTBEAT_EVERY_MS, type Listen } from './changes';

/**
 * Decision 0034's rules on their own: what this process hears of the database's announcements, and what it keeps of
 * admission while it hears them. The listening connection here is a peer the test drives (connect, announce, drop);
 * the database's side is tested on PostgreSQL and PGlite in platform/admission-cache.test.ts.
 */
function peer() {
  const connections: { announced: (keys: string[]) => void; lost: () => void; stopped: boolean }[] = [];
  let refuse = false;
  const listen: Listen = async (announced, lost) => {
    if (refuse) throw new Error('connection refused');
    const c = { announced, lost, stopped: false };
    connections.push(c);
    return async () => {
      c.stopped = true;
    };
  };
  return {
    listen,
    connections,
    refuse: (on: boolean) => (refuse = on),
    last: () => connections[connections.length - 1]!,
  };
}

const session = (id: number, userId: number): SessionUser => ({
  sessionId: id,
  user: { id: userId, fullName: 'A', languages: ['en'] } as unknown as AuthUser,
  permissions: ['vehicles.index'],
  active: true,
  twoFactor: null,
  roundPropertyId: null,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('changes heard', () => {
  it('is live once listening, hears announcements, and forgets everything when the connection is lost', async () => {
    const p = peer();
    const changes = new AdmissionChanges(p.listen);
    const heard: (readonly string[])[] = [];
    changes.subscribe((keys) => heard.push(keys));
    await changes.whenLive();
    expect(changes.live).toBe(true);
    p.last().announced(['s:1', 'u:tenant:2']);
    changes.announce(['*']);
    changes.announce([]);
    expect(heard).toEqual([['s:1', 'u:tenant:2'], ['*']]);
    p.last().lost();
    p.last().lost();
    expect(changes.live).toBe(false);
    expect(changes.losses).toBe(1);
    expect(heard.at(-1)).toEqual(['*']);
    expect(p.last().stopped).toBe(true);
    // Listens again after a second.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(p.connections).toHaveLength(2);
    expect(changes.live).toBe(true);
    await changes.close();
    expect(changes.live).toBe(false);
    expect(p.last().stopped).toBe(true);
  });

  it('keeps trying while the connection is refused', async () => {
    const p = peer();
    p.refuse(true);
    const changes = new AdmissionChanges(p.listen);
    const live = changes.whenLive();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(changes.live).toBe(false);
    expect(changes.losses).toBeGreaterThanOrEqual(3);
    p.refuse(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await live;
    expect(changes.live).toBe(true);
    await changes.close();
  });

  it('reads the keys of a payload or of the pending setting', () => {
    expect(changeKeys(null)).toEqual([]);
    expect(changeKeys('')).toEqual([]);
    expect(changeKeys('s:1 u:central:3 ')).toEqual(['s:1', 'u:central:3']);
    expect(changeKeys('*')).toEqual(['*']);
  });
});

describe('what is kept', () => {
  async function live() {
    const p = peer();
    const changes = new AdmissionChanges(p.listen);
    const cache = new AdmissionCache(changes);
    await changes.whenLive();
    return { p, changes, cache };
  }
  const key = (n: number) => sessionKey('tenant', 7, `hash${n}`);

  it('keeps nothing when told to listen nowhere (DATABASE_LISTEN_URL=off)', () => {
    const changes = new AdmissionChanges(null);
    const cache = new AdmissionCache(changes);
    cache.keepSession(cache.mark(), key(1), session(1, 1), 'tenant', 30_000);
    cache.keepTenant(cache.mark(), 'oak', { id: 7 } as never);
    expect(cache.size).toEqual({ sessions: 0, tenants: 0 });
    expect(changes.live).toBe(false);
  });

  it('keeps nothing while not listening', async () => {
    const p = peer();
    p.refuse(true);
    const changes = new AdmissionChanges(p.listen);
    const cache = new AdmissionCache(changes);
    const mark = cache.mark();
    cache.keepSession(mark, key(1), session(1, 1), 'tenant', 30_000);
    expect(cache.session(key(1))).toBeUndefined();
    expect(cache.size.sessions).toBe(0);
    await changes.close();
  });

  it('does not keep what was read before a change of its user, its session or everything was heard', async () => {
    const { p, cache, changes } = await live();
    for (const change of ['u:tenant:1', 's:1', '*']) {
      const mark = cache.mark();
      p.last().announced([change]);
      cache.keepSession(mark, key(1), session(1, 1), 'tenant', 30_000);
      expect(cache.session(key(1))).toBeUndefined();
    }
    // Another user's change does not stop it.
    const mark = cache.mark();
    p.last().announced(['u:tenant:2', 'u:central:1', 's:2']);
    cache.keepSession(mark, key(1), session(1, 1), 'tenant', 30_000);
    expect(cache.session(key(1))?.sessionId).toBe(1);
    await changes.close();
  });

  it("forgets a session, a user's sessions, or everything, as announced", async () => {
    const { p, cache, changes } = await live();
    const keep = (n: number, user: number) =>
      cache.keepSession(cache.mark(), key(n), session(n, user), 'tenant', 30_000);
    keep(1, 10);
    keep(2, 10);
    keep(3, 11);
    p.last().announced(['s:3']);
    expect(cache.session(key(3))).toBeUndefined();
    expect(cache.session(key(1))?.sessionId).toBe(1);
    p.last().announced(['u:central:10']);
    expect(cache.session(key(1))?.sessionId).toBe(1);
    p.last().announced(['u:tenant:10']);
    expect(cache.size.sessions).toBe(0);
    keep(4, 12);
    cache.keepTenant(cache.mark(), 'oak', { id: 7 } as never);
    p.last().announced(['*']);
    expect(cache.size).toEqual({ sessions: 0, tenants: 0 });
    await changes.close();
  });

  it('reads a session again when its idle clock is due or 30 s have passed, and shares it frozen', async () => {
    const { cache, changes } = await live();
    cache.keepSession(cache.mark(), key(1), session(1, 1), 'tenant', 5_000);
    cache.keepSession(cache.mark(), key(2), session(2, 2), 'tenant', 3_600_000);
    cache.keepSession(cache.mark(), key(3), session(3, 3), 'tenant', 0);
    expect(cache.session(key(3))).toBeUndefined();
    const kept = cache.session(key(1))!;
    expect(Object.isFrozen(kept.user)).toBe(true);
    expect(() => (kept.permissions as string[]).push('x')).toThrow();
    vi.advanceTimersByTime(5_000);
    expect(cache.session(key(1))).toBeUndefined();
    expect(cache.session(key(2))).toBeDefined();
    vi.advanceTimersByTime(LONGEST_MS - 5_000 - 1);
    expect(cache.session(key(2))).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(cache.session(key(2))).toBeUndefined();
    await changes.close();
  });

  it('reads a tenant again once 30 s have passed, whatever the listener says', async () => {
    const { cache, changes } = await live();
    cache.keepTenant(cache.mark(), 'oak', { id: 7 } as never);
    vi.advanceTimersByTime(LONGEST_MS - 1);
    expect(cache.tenant('oak')?.id).toBe(7);
    vi.advanceTimersByTime(1);
    expect(cache.tenant('oak')).toBeUndefined();
    expect(cache.size.tenants).toBe(0);
    await changes.close();
  });
});

/**
 * A listener with the heartbeat, as on a server: `notify` stands for the write pool, delivering to the listening
 * connection unless the test made that connection silent (`deaf`) or it listens on another database (`elsewhere`).
 */
function beatingPeer() {
  const p = peer();
  let beats: { channel: string; heard: (payload: string) => void } | undefined;
  const state = { deaf: false, elsewhere: false, sent: 0 };
  const listen: Listen = (announced, lost, b) => {
    beats = b;
    return p.listen(announced, lost);
  };
  const notify = async (channel: string, payload: string) => {
    state.sent++;
    if (state.deaf || state.elsewhere || !beats || channel !== beats.channel) return;
    queueMicrotask(() => beats?.heard(payload));
  };
  return { ...p, listen, notify, state };
}

describe('the heartbeat (a listener that may go silent)', () => {
  it('is live only once its own heartbeat came back, and stays live while the heartbeats come back', async () => {
    const p = beatingPeer();
    const warnings: string[] = [];
    const changes = new AdmissionChanges(p.listen, { notify: p.notify, warn: (m) => warnings.push(m) });
    await changes.whenLive();
    expect(changes.live).toBe(true);
    await vi.advanceTimersByTimeAsync(HEARD_WITHIN_MS * 5);
    expect(changes.live).toBe(true);
    expect(p.state.sent).toBeGreaterThanOrEqual((HEARD_WITHIN_MS * 5) / HEARTBEAT_EVERY_MS);
    expect(changes.losses).toBe(0);
    expect(warnings).toEqual([]);
    await changes.close();
  });

  it('drops a listener gone silent within the bound: everything forgotten, reconnected, trusted again once heard', async () => {
    const p = beatingPeer();
    const warnings: string[] = [];
    const changes = new AdmissionChanges(p.listen, { notify: p.notify, warn: (m) => warnings.push(m) });
    const cache = new AdmissionCache(changes);
    await changes.whenLive();
    cache.keepSession(cache.mark(), sessionKey('tenant', 7, 'h'), session(1, 1), 'tenant', 3_600_000);
    cache.keepTenant(cache.mark(), 'oak', { id: 7 } as never);
    // The connection stays open but hears nothing (a partition, a NAT that forgot it).
    p.state.deaf = true;
    const silentFrom = Date.now();
    await vi.advanceTimersByTimeAsync(HEARD_WITHIN_MS + HEARTBEAT_EVERY_MS);
    expect(changes.live).toBe(false);
    expect(changes.losses).toBe(1);
    expect(cache.size).toEqual({ sessions: 0, tenants: 0 });
    expect(p.connections[0]!.stopped).toBe(true);
    expect(Date.now() - silentFrom).toBeLessThanOrEqual(HEARD_WITHIN_MS + HEARTBEAT_EVERY_MS);
    expect(warnings).toEqual([expect.stringMatching(/went silent.*nothing is kept/)]);
    // While it stays silent nothing is kept, and it is not warned about again.
    cache.keepTenant(cache.mark(), 'oak', { id: 7 } as never);
    expect(cache.size.tenants).toBe(0);
    await vi.advanceTimersByTimeAsync(HEARD_WITHIN_MS * 3);
    expect(warnings).toHaveLength(1);
    p.state.deaf = false;
    await vi.advanceTimersByTimeAsync(HEARD_WITHIN_MS + HEARTBEAT_EVERY_MS);
    expect(changes.live).toBe(true);
    expect(warnings.at(-1)).toMatch(/hears this server again/);
    await changes.close();
  });

  it('does not trust a listener past the bound even when its timer is late (a busy event loop)', async () => {
    const p = beatingPeer();
    const changes = new AdmissionChanges(p.listen, { notify: p.notify });
    await changes.whenLive();
    vi.setSystemTime(Date.now() + HEARD_WITHIN_MS + 1);
    expect(changes.live).toBe(false);
    await changes.close();
  });

  it('never trusts a listener on another database than the one written to, and says which setting to fix', async () => {
    const p = beatingPeer();
    p.state.elsewhere = true;
    const warnings: string[] = [];
    const changes = new AdmissionChanges(p.listen, { notify: p.notify, warn: (m) => warnings.push(m) });
    const cache = new AdmissionCache(changes);
    await vi.advanceTimersByTimeAsync(HEARD_WITHIN_MS * 4);
    expect(changes.live).toBe(false);
    cache.keepTenant(cache.mark(), 'oak', { id: 7 } as never);
    expect(cache.size.tenants).toBe(0);
    expect(warnings).toEqual([expect.stringMatching(/DATABASE_LISTEN_URL.*same database as DATABASE_URL/)]);
    await changes.close();
  });
});
