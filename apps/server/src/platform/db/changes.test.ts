import type { AuthUser } from '@parkade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdmissionCache, sessionKey } from '../admission-cache';
import type { SessionUser } from '../auth';
import { AdmissionChanges, changeKeys, type Listen } from './changes';

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

  it('reads a session again when its idle clock is due or a minute has passed, and shares it frozen', async () => {
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
    vi.advanceTimersByTime(55_000);
    expect(cache.session(key(2))).toBeUndefined();
    await changes.close();
  });
});
